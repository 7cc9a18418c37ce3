import { Link } from 'react-router-dom';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { formatFee, formatKeyDate, formatWaiting } from '../lib/format';
import { queueText } from '../lib/queue-text';
import { talentTimelinePath } from '../../../lib/talent-path';
import { StatusBadge } from './status-badge';

/** A conversation in the "Needs reply" or "Follow up" queue, linking to the talent's timeline. */
export const QueueConversationItem = ({ conversation, now }: { conversation: ConversationJson; now: Date }) => {
  const waiting = formatWaiting(conversation.turn_since, now);
  const extra = [formatKeyDate(conversation.next_date), formatFee(conversation.latest_fee)].filter(Boolean).join(' · ');
  const who = conversation.talent_name.trim() || conversation.contact_email || conversation.subject;
  return (
    <li data-testid="queue-item" data-conversation-id={conversation.id} className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          {conversation.contact_email ? (
            <Link to={talentTimelinePath(conversation.contact_email, conversation.campaign_id)} className="font-medium break-words text-indigo-700 hover:underline">
              {who}
            </Link>
          ) : (
            <span className="font-medium break-words text-slate-900">{who}</span>
          )}
          <span className="ml-2 text-sm break-words text-slate-500">{conversation.campaign_name}</span>
        </div>
        <StatusBadge status={conversation.status} corrected={conversation.corrected_fields.includes('status')} />
      </div>
      {conversation.summary ? <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600">{conversation.summary}</p> : null}
      <p className="mt-1 text-xs text-slate-500">{[waiting ? queueText.waiting(waiting) : '', extra].filter(Boolean).join(' · ')}</p>
    </li>
  );
};
