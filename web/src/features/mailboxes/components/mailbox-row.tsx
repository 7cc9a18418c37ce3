import { formatRelativeTime } from '../../../../../shared/format/relative-time';
import { messages } from '../../../../../shared/messages';
import type { MailboxJson } from '../../../../../shared/schemas/mailboxes';
import { cn } from '../../../lib/cn';
import { mailboxLimitsText } from '../lib/mailbox-form';

const text = messages.mailboxes;

const HEALTH_STYLES: Record<MailboxJson['health'], string> = {
  connected: 'bg-green-50 text-green-800 ring-green-600/20',
  missing_access: 'bg-red-50 text-red-800 ring-red-600/20',
  revoked: 'bg-red-50 text-red-800 ring-red-600/20',
  history_reset: 'bg-amber-50 text-amber-900 ring-amber-600/20',
};

/** One connected mailbox: its owner, address, limits, health and last successful check. */
export const MailboxRow = ({ mailbox, now, checkIntervalMinutes }: { mailbox: MailboxJson; now: Date; checkIntervalMinutes: number }) => {
  const name = mailbox.owner_name || mailbox.email;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:gap-4" data-testid="mailbox" data-email={mailbox.email}>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
        >
          {name.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <span className="truncate">{name}</span>
            {mailbox.is_you ? (
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{messages.members.you}</span>
            ) : null}
          </p>
          <p className="truncate text-xs text-slate-500">{mailbox.email}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs sm:w-80 sm:shrink-0">
        <dt className="text-slate-500">{text.limits}</dt>
        <dd className="break-words text-slate-800" data-testid="mailbox-limits">
          {mailboxLimitsText(mailbox)}
        </dd>
        <dt className="text-slate-500">{text.healthLabel}</dt>
        <dd>
          <span className={cn('inline-flex rounded-full px-2 py-0.5 font-medium ring-1 ring-inset', HEALTH_STYLES[mailbox.health])}>
            {text.health[mailbox.health]}
          </span>
          {mailbox.health_detail ? <span className="mt-0.5 block text-slate-600">{mailbox.health_detail}</span> : null}
        </dd>
        <dt className="text-slate-500">{text.push.label}</dt>
        <dd className="text-slate-800" data-testid="mailbox-push">
          <PushStatus push={mailbox.push} now={now} checkIntervalMinutes={checkIntervalMinutes} />
        </dd>
        <dt className="text-slate-500">{text.lastCheck}</dt>
        <dd className="text-slate-800" title={mailbox.last_success_at ?? undefined}>
          {formatRelativeTime(mailbox.last_success_at, now, text.never)}
        </dd>
      </dl>
    </li>
  );
};

const formatDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** Whether new mail arrives within seconds (Gmail push) or at the agency's next check, and why. */
const PushStatus = ({ push, now, checkIntervalMinutes }: { push: MailboxJson['push']; now: Date; checkIntervalMinutes: number }) => {
  const last = push.last_notification_at ? text.push.lastNotification(formatRelativeTime(push.last_notification_at, now, text.never)) : null;
  if (push.state === 'watching' && push.watching_until) {
    return (
      <>
        {text.push.watching(formatDay(push.watching_until))}
        {last ? <span className="block text-slate-600">{last}</span> : null}
      </>
    );
  }
  return (
    <>
      {text.push.polling(checkIntervalMinutes)}
      {push.fallback_reason ? <span className="block text-slate-600">{text.push.fallback[push.fallback_reason]}</span> : null}
      {push.detail ? <span className="block break-words text-slate-600">{push.detail}</span> : null}
      {last ? <span className="block text-slate-600">{last}</span> : null}
    </>
  );
};
