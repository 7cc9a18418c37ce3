import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { ROLES, normalizeRole } from '../../../../../shared/constants';
import { formatRole } from '../../../../../shared/format/role';
import { emailSchema } from '../../../../../shared/schemas/identity';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { useInviteMember } from '../api/invite-member';

const text = messages.members;

export const inviteSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES),
});
type InviteForm = z.input<typeof inviteSchema>;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: formatRole(role) }));

/** Members invite members only: the role choice (member or owner) shows for owners. */
export const InviteMemberForm = ({ canInviteOwners = true }: { canInviteOwners?: boolean }) => {
  const invite = useInviteMember();
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteForm>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '', role: 'member' } });

  const onSubmit = handleSubmit(async ({ email, role }) => {
    const address = email.trim();
    try {
      const result = await invite.mutateAsync({ email: address, role: canInviteOwners ? normalizeRole(role) : 'member' });
      notify({ type: 'success', title: text.invitationSentTitle, message: result.message || text.invitationSent(address) });
      reset();
    } catch (error) {
      notify({ type: 'error', title: text.addFailedTitle, message: errorMessage(error, text.inviteFailed) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={text.inviteHeading}>
      <h3 className="text-sm font-semibold text-slate-900">{text.inviteHeading}</h3>
      <p className="mt-0.5 text-xs text-slate-500">{text.inviteNote}</p>
      <fieldset disabled={isSubmitting} className="mt-3 flex flex-wrap items-start gap-3">
        <div className="min-w-56 flex-1">
          <Label htmlFor={emailId} className="sr-only">
            {text.emailLabel}
          </Label>
          <Input
            id={emailId}
            type="email"
            placeholder={text.emailPlaceholder}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? errorId : undefined}
            {...register('email')}
          />
          <FieldError id={errorId} message={errors.email?.message} />
        </div>
        {canInviteOwners ? (
          <div className="w-32">
            <Label htmlFor={roleId} className="sr-only">
              {text.roleLabel}
            </Label>
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <Select id={roleId} value={field.value} onValueChange={field.onChange} options={ROLE_OPTIONS} />
              )}
            />
          </div>
        ) : null}
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? null : <UserPlus className="h-4 w-4" aria-hidden="true" />}
          {isSubmitting ? text.sending : text.sendInvite}
        </Button>
      </fieldset>
    </form>
  );
};
