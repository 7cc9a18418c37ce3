import { Link } from 'react-router-dom';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { cn } from '../../../lib/cn';
import { formatFee, formatKeyDate, formatTurn } from '../lib/format';
import { talentTimelinePath } from '../../../lib/talent-path';
import { timelineText } from '../lib/timeline-text';
import { StatusBadge } from './status-badge';

/** The talent's campaigns, one entry each; the chosen one is opened below (or beside) the list. */
export const TimelineCampaignList = ({
  email,
  conversations,
  selectedId,
}: {
  email: string;
  conversations: readonly ConversationJson[];
  selectedId: string | undefined;
}) => (
  <nav aria-label={timelineText.campaignsLabel}>
    <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">{timelineText.campaigns}</h2>
    <ul className="space-y-2">
      {conversations.map((conversation) => {
        const selected = conversation.id === selectedId;
        const turn = formatTurn(conversation.whose_turn, conversation.turn_since);
        const extra = [formatKeyDate(conversation.next_date), formatFee(conversation.latest_fee)].filter(Boolean).join(' · ');
        return (
          <li key={conversation.id}>
            <Link
              to={talentTimelinePath(email, conversation.campaign_id)}
              replace
              aria-current={selected ? 'page' : undefined}
              data-testid="timeline-campaign"
              className={cn(
                'block rounded-lg border p-3 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                selected ? 'border-indigo-300 bg-indigo-50' : 'border-slate-200 bg-white hover:bg-slate-50',
              )}
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 font-medium break-words text-slate-900">{conversation.campaign_name || conversation.campaign_id}</span>
                <StatusBadge status={conversation.status} corrected={conversation.corrected_fields.includes('status')} />
              </span>
              {turn ? <span className="mt-1 block text-xs text-slate-600">{`${timelineText.whoseTurn}: ${turn}`}</span> : null}
              {conversation.summary ? <span className="mt-1 line-clamp-2 block text-xs break-words text-slate-600">{conversation.summary}</span> : null}
              {extra ? <span className="mt-1 block text-xs text-slate-600">{extra}</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  </nav>
);
