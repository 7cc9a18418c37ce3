import type { AuditEventJson } from '../../../../../shared/schemas/audit';
import { AUDIT_KIND_LABELS, changeLine } from '../lib/audit-text';

const when = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Events as a list: what, who and when, what it was about, then each change before → after. */
export const AuditEventList = ({ events, showTalent = true }: { events: readonly AuditEventJson[]; showTalent?: boolean }) => (
  <ol className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Activity entries">
    {events.map((event) => (
      <li key={event.id} className="space-y-1 px-3 py-2 text-sm" data-testid="audit-event" data-kind={event.kind}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className="font-medium text-slate-900">{AUDIT_KIND_LABELS[event.kind]}</span>
          <time className="text-xs text-slate-500" dateTime={event.at}>
            {when(event.at)}
          </time>
        </div>
        <p className="break-words text-slate-600">
          <span className="font-medium">{event.actor}</span>
          {event.campaign_id ? <> · {event.campaign_id}</> : null}
          {showTalent && event.contact_email ? <> · {event.contact_email}</> : null}
          {event.target && event.target !== event.contact_email ? <> · {event.target}</> : null}
        </p>
        {event.changes.length ? (
          <ul className="space-y-0.5 text-slate-700">
            {event.changes.map((change) => (
              <li key={change.field} className="break-words">
                {changeLine(change)}
              </li>
            ))}
          </ul>
        ) : null}
      </li>
    ))}
  </ol>
);
