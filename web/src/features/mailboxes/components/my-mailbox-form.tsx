import { zodResolver } from '@hookform/resolvers/zod';
import { Link2 } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '../../../../../shared/messages';
import type { MailboxJson } from '../../../../../shared/schemas/mailboxes';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useConnectMailbox } from '../api/connect-mailbox';
import {
  mailboxFormDefaults,
  mailboxFormSchema,
  mailboxLimitsText,
  toConnectBody,
  type MailboxFormOutput,
  type MailboxFormValues,
} from '../lib/mailbox-form';

const text = messages.mailboxes;

type Props = {
  agency: string;
  connected: boolean;
  googleAccess: boolean;
  /** The caller's own mailbox as listed, when connected. */
  mine: MailboxJson | undefined;
};

/**
 * The signed-in person's consent: what the agency's staff will see, the consent box, optional
 * from/to addresses and an "after" day, then Connect (or Save limits when already connected).
 */
export const MyMailboxForm = ({ agency, connected, googleAccess, mine }: Props) => {
  const connect = useConnectMailbox();
  const ids = { staff: useId(), consent: useId(), from: useId(), after: useId() };
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MailboxFormValues, unknown, MailboxFormOutput>({
    resolver: zodResolver(mailboxFormSchema),
    defaultValues: mailboxFormDefaults(mine, connected),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const mailbox = await connect.mutateAsync(toConnectBody(values));
      notify({ type: 'success', title: connected ? text.limitsSaved : text.connected, message: mailboxLimitsText(mailbox) });
    } catch (error) {
      notify({ type: 'error', title: text.saveFailedTitle, message: errorMessage(error, text.saveFailed) });
    }
  });

  const invalid = (id: string, message: string | undefined) => ({
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? `${id}-error` : undefined,
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={text.yours} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{text.yours}</h3>
        <span
          data-testid="my-mailbox-state"
          className={
            connected
              ? 'rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-inset ring-green-600/20'
              : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-500/20'
          }
        >
          {connected ? text.connected : text.disconnected}
        </span>
      </div>
      {googleAccess ? null : <Banner variant="warning">{text.noGoogleAccess}</Banner>}
      <p id={ids.staff} className="rounded-md border border-indigo-100 bg-indigo-50/60 px-4 py-3 text-sm text-slate-800">
        {text.whatStaffSee(agency)}
      </p>
      <fieldset disabled={isSubmitting || !googleAccess} className="space-y-4">
        <div>
          <label htmlFor={ids.consent} className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
            <Checkbox
              id={ids.consent}
              className="mt-0.5"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? `${ids.consent}-error ${ids.staff}` : ids.staff}
              {...register('consent')}
            />
            <span>{text.consentLabel(agency)}</span>
          </label>
          <FieldError id={`${ids.consent}-error`} message={errors.consent?.message} />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_15rem]">
          <div className="min-w-0">
            <Label htmlFor={ids.from}>{text.fromLabel}</Label>
            <Input autoComplete="off" {...invalid(ids.from, errors.from_addresses?.message)} {...register('from_addresses')} />
            <FieldError id={`${ids.from}-error`} message={errors.from_addresses?.message} />
          </div>
          <div>
            <Label htmlFor={ids.after}>{text.afterLabel}</Label>
            <Input type="date" {...invalid(ids.after, errors.after?.message)} {...register('after')} />
            <FieldError id={`${ids.after}-error`} message={errors.after?.message} />
          </div>
        </div>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? null : <Link2 className="h-4 w-4" aria-hidden="true" />}
          {connected ? text.update : text.connect}
        </Button>
      </fieldset>
    </form>
  );
};
