import { MessageSquareReply, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatRelativeTime } from '../../../../../shared/format/relative-time';
import type { ChangeJson } from '../../../../../shared/schemas/conversations';
import { formatDateTime } from '../lib/format';
import { changeText, newestFirst } from '../lib/queue-changes';
import { talentTimelinePath } from '../../../lib/talent-path';

/** "What changed": replies and status changes, newest first, each linking to its timeline. */
export const QueueChangesList = ({ changes, now, limit }: { changes: readonly ChangeJson[]; now: Date; limit?: number }) => {
  const shown = newestFirst(changes).slice(0, limit ?? changes.length);
  return (
    <ul className="divide-y divide-slate-100">
      {shown.map((change) => {
        const Icon = change.kind === 'reply' ? MessageSquareReply : RefreshCw;
        return (
          <li key={`${change.at}|${change.conversation_id}|${change.kind}`} data-testid="change-item" data-kind={change.kind} className="flex gap-3 py-3">
            <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <Link to={talentTimelinePath(change.contact_email, change.campaign_id)} className="font-medium break-words text-indigo-700 hover:underline">
                  {change.talent_name.trim() || change.contact_email}
                </Link>
                <time dateTime={change.at} title={formatDateTime(change.at)} className="text-xs whitespace-nowrap text-slate-500">
                  {formatRelativeTime(change.at, now, formatDateTime(change.at))}
                </time>
              </div>
              <p className="text-sm text-slate-700">
                <span className="font-medium">{changeText(change)}</span>
                <span className="text-slate-500">{` · ${change.campaign_id}`}</span>
              </p>
              {change.summary ? <p className="mt-0.5 line-clamp-2 text-sm break-words text-slate-600">{change.summary}</p> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
};
