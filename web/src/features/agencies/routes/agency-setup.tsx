import { isApiError } from '../../../lib/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronDown, ChevronRight, Plus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from '../../../lib/zod';
import { ROLES } from '../../../../../shared/constants';
import { formatRole } from '../../../../../shared/format/role';
import { messages } from '../../../../../shared/messages';
import { createAgencyBody } from '../../../../../shared/schemas/identity';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { Select } from '../../../components/ui/select';
import { authKeys } from '../../auth/api/auth-keys';
import { useAuthStatus } from '../../auth/api/get-auth-status';
import { AuthCard } from '../../auth/components/auth-card';
import { inviteMember } from '../../members/api/invite-member';
import { agencyKeys } from '../api/agency-keys';
import { useCreateAgency } from '../api/create-agency';
import {
  agencyCreatedToast,
  agencyNameRequiredToast,
  agencySetupFailedToast,
  defaultAgencyName,
  invitationsFromRows,
} from '../lib/agency-setup';

const text = messages.agencySetup;

/** The name by the server's own rule (createAgencyBody); invitation rows are sorted out on submit. */
const schema = z.object({
  name: createAgencyBody.shape.name,
  invites: z.array(z.object({ email: z.string(), role: z.string() })),
  connect_mailbox: z.boolean(),
});
type AgencySetupForm = z.input<typeof schema>;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: formatRole(role) }));
const emptyRow = () => ({ email: '', role: 'member' });

export const AgencySetupRoute = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useAuthStatus();
  const createAgency = useCreateAgency();
  const [invitesOpen, setInvitesOpen] = useState(false);
  const nameId = useId();
  const sectionId = useId();
  const consentId = useId();

  const email = auth.data?.user?.email;
  const { register, control, handleSubmit, formState, getFieldState, setValue } = useForm<AgencySetupForm>({
    resolver: zodResolver(schema),
    defaultValues: { name: defaultAgencyName(email), invites: [emptyRow()], connect_mailbox: true },
  });

  // The session may arrive after the first render; fill the name unless the user typed one.
  useEffect(() => {
    if (email && !getFieldState('name').isDirty) setValue('name', defaultAgencyName(email));
  }, [email, getFieldState, setValue]);
  const rows = useFieldArray({ control, name: 'invites' });
  const submitting = formState.isSubmitting;

  const onValid = async (values: AgencySetupForm) => {
    let refusal: string | undefined;
    const created = await createAgency.mutateAsync({ name: values.name.trim(), connect_mailbox: values.connect_mailbox }).catch((error: unknown) => {
      // A name the server refuses (a link in it, taken) says why; anything else keeps the spec's text.
      if (isApiError(error) && (error.status === 400 || error.status === 409)) refusal = error.message;
      return null;
    });
    if (!created) {
      notify(refusal ? { ...agencySetupFailedToast, message: refusal } : agencySetupFailedToast);
      return;
    }
    // Asked for, but the server holds no Gmail access for this person: they connect from Settings later.
    if (values.connect_mailbox && !created.mailbox_connected) {
      notify({ type: 'warning', title: messages.mailboxes.heading, message: messages.mailboxes.noGoogleAccess });
    }
    const invitations = invitationsFromRows(values.invites);
    const results = await Promise.allSettled(invitations.map((invitation) => inviteMember(invitation)));
    const sent = results.filter((result) => result.status === 'fulfilled').length;
    notify(agencyCreatedToast(sent, invitations.length));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: authKeys.all }),
      queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
    ]);
    void navigate('/agencies');
  };

  // An empty name has the spec's own toast; any other broken rule says why, as the server would.
  const onInvalid = (errors: FieldErrors<AgencySetupForm>) => {
    const problem = errors.name?.message;
    notify(!problem || problem === agencyNameRequiredToast.message ? agencyNameRequiredToast : { ...agencySetupFailedToast, message: problem });
  };

  return (
    <AuthCard className="max-w-lg">
      <Link to="/agencies" className="mb-4 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {text.backToAgencies}
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">{text.heading}</h1>
      <form className="mt-6" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <fieldset disabled={submitting} className="space-y-5">
          <div>
            <Label htmlFor={nameId}>
              {text.nameLabel} <span aria-hidden="true" className="text-red-600">*</span>
            </Label>
            <Input id={nameId} aria-required="true" placeholder={text.namePlaceholder} {...register('name')} />
          </div>

          <div className="rounded-md border border-slate-200">
            <button
              type="button"
              aria-expanded={invitesOpen}
              aria-controls={sectionId}
              onClick={() => setInvitesOpen((open) => !open)}
              className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-medium text-slate-700"
            >
              {invitesOpen ? <ChevronDown className="h-4 w-4" aria-hidden="true" /> : <ChevronRight className="h-4 w-4" aria-hidden="true" />}
              {text.inviteSection}
            </button>
            <div id={sectionId} hidden={!invitesOpen} className="space-y-2 border-t border-slate-200 px-4 py-3">
              {rows.fields.map((field, index) => (
                <div key={field.id} className="flex items-center gap-2" data-testid="invite-row">
                  <Input
                    type="email"
                    aria-label={`${messages.members.emailLabel} ${index + 1}`}
                    placeholder={text.inviteEmailPlaceholder}
                    className="flex-1"
                    {...register(`invites.${index}.email`)}
                  />
                  <Controller
                    control={control}
                    name={`invites.${index}.role`}
                    render={({ field: roleField }) => (
                      <Select
                        aria-label={`${messages.members.roleLabel} ${index + 1}`}
                        className="w-32"
                        value={roleField.value}
                        onValueChange={roleField.onChange}
                        options={ROLE_OPTIONS}
                        disabled={submitting}
                      />
                    )}
                  />
                  {rows.fields.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`${text.removeRow} ${index + 1}`}
                      onClick={() => rows.remove(index)}
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
              ))}
              <Button variant="link" size="sm" onClick={() => rows.append(emptyRow())}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                {text.addAnother}
              </Button>
            </div>
          </div>

          <label htmlFor={consentId} className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
            <Checkbox id={consentId} className="mt-0.5" {...register('connect_mailbox')} />
            <span>{messages.mailboxes.createConsent}</span>
          </label>

          <Button type="submit" className="w-full" loading={submitting}>
            {submitting ? text.submitting : text.submit}
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
};
