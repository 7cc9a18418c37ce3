import { MessagesSquare, PencilLine } from 'lucide-react';
import { useId, useState } from 'react';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useConversation } from '../api/get-conversation';
import { formatDate, formatTurn } from '../lib/format';
import { correctionText, timelineText } from '../lib/timeline-text';
import { CorrectionForm } from './correction-form';
import { StatusBadge } from './status-badge';
import { TimelineAttribution, TimelineDates, TimelineFailures, TimelineFees } from './timeline-facts';
import { GmailThreadLinks } from './timeline-gmail-links';
import { TimelineMessages } from './timeline-messages';
import { TimelineWhy } from './timeline-why';
import { PersonMark } from './timeline-person-mark';

/** Remounts the form whenever the conversation's corrections move, so it starts from them. */
const formKey = (conversation: ConversationJson) => `${conversation.id}|${conversation.updated_at ?? ''}|${conversation.corrected_fields.join(',')}`;

/**
 * One conversation of the talent in full: status, turn, summary, why it shows them (the messages
 * and quotes behind status, turn and latest fee), why it is theirs, dates and fees
 * with their quotes, what failed, the Gmail threads, the corrections and the message timeline.
 */
export const TimelineConversation = ({ conversation: listed }: { conversation: ConversationJson }) => {
  const detail = useConversation(listed.id);
  const conversation = detail.data?.conversation ?? listed;
  const [correcting, setCorrecting] = useState(false);
  const titleId = useId();
  const formId = useId();
  const corrected = new Set(conversation.corrected_fields);
  const turn = formatTurn(conversation.whose_turn, conversation.turn_since);
  const since = formatDate(conversation.turn_since);

  return (
    <Card className="min-w-0 p-5" data-testid="timeline-conversation" data-conversation-id={conversation.id}>
      <article aria-labelledby={titleId} className="space-y-5">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-2">
            <h2 id={titleId} className="text-lg font-semibold wrap-anywhere text-slate-900">
              {conversation.campaign_name || conversation.campaign_id || timelineText.noCampaign}
            </h2>
            <div className="flex flex-wrap items-center gap-2" data-testid="conversation-status">
              <StatusBadge status={conversation.status} />
              {corrected.has('status') ? <PersonMark /> : null}
            </div>
          </div>
          <Button
            variant={correcting ? 'secondary' : 'outline'}
            size="sm"
            aria-expanded={correcting}
            aria-controls={formId}
            onClick={() => setCorrecting((open) => !open)}
          >
            <PencilLine className="h-4 w-4" aria-hidden="true" />
            {correcting ? correctionText.close : correctionText.open}
          </Button>
        </header>

        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="font-medium text-slate-500">{timelineText.whoseTurn}</dt>
          <dd className="flex flex-wrap items-center gap-2 text-slate-900" data-testid="whose-turn">
            <span>{turn || timelineText.nobodysTurn}</span>
            {since ? <span className="text-slate-500">{`(${timelineText.since(since)})`}</span> : null}
            {corrected.has('whose_turn') ? <PersonMark /> : null}
          </dd>
          <dt className="font-medium text-slate-500">{timelineText.summary}</dt>
          <dd className={conversation.summary ? 'min-w-0 wrap-anywhere text-slate-900' : 'text-slate-500 italic'} data-testid="conversation-summary">
            {conversation.summary || timelineText.noSummary}
          </dd>
        </dl>

        {detail.data?.why ? <TimelineWhy why={detail.data.why} /> : null}
        <TimelineAttribution attribution={conversation.attribution} />
        <TimelineFailures failures={conversation.failures} />
        <GmailThreadLinks threads={conversation.threads} />

        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <TimelineDates dates={conversation.dates} />
          <TimelineFees fees={conversation.fees} />
        </div>

        {correcting ? (
          <section id={formId} aria-label={correctionText.title} className="rounded-md border border-indigo-100 bg-indigo-50/40 p-4">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{correctionText.title}</h3>
            <CorrectionForm key={formKey(conversation)} conversation={conversation} onDone={() => setCorrecting(false)} />
          </section>
        ) : null}

        <section aria-label={timelineText.messages} className="space-y-3">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <MessagesSquare className="h-4 w-4 text-slate-500" aria-hidden="true" />
            {timelineText.messages}
            <span className="font-normal text-slate-500">{`· ${timelineText.messageCount(detail.data?.messages.length ?? conversation.message_count)}`}</span>
          </h3>
          {detail.isError ? (
            <Banner variant="error">{errorMessage(detail.error, timelineText.loadDetailFailed)}</Banner>
          ) : detail.data ? (
            <TimelineMessages messages={detail.data.messages} party={conversation} />
          ) : (
            <div className="space-y-3" aria-hidden="true">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          )}
        </section>
      </article>
    </Card>
  );
};
