import { HelpCircle } from 'lucide-react';
import type { ConversationWhyJson, SetBecauseJson } from '../../../../../shared/schemas/conversations';
import { formatDateTime } from '../lib/format';
import { timelineText } from '../lib/timeline-text';
import { Quote } from './timeline-facts';

/** One shown value and the message (sender, date, its own words) or the person that set it. */
const WhyRow = ({ label, because, testId }: { label: string; because: SetBecauseJson | null; testId: string }) => {
  const when = formatDateTime(because?.date);
  return (
    <>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900" data-testid={testId} data-message-id={because?.message_id ?? undefined}>
        {!because ? (
          <span className="text-slate-500 italic">{timelineText.whyNothing}</span>
        ) : because.set_by === 'person' ? (
          <span>{timelineText.whyByPerson(when)}</span>
        ) : (
          <span>{timelineText.whyMessage(because.from, when)}</span>
        )}
        <Quote text={because?.quote ?? ''} />
      </dd>
    </>
  );
};

/** "Why this status": the messages and quotes behind the status, whose turn and the latest fee. */
export const TimelineWhy = ({ why }: { why: ConversationWhyJson }) => (
  <section aria-label={timelineText.why} data-testid="why-this-status">
    <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
      <HelpCircle className="h-4 w-4 text-slate-500" aria-hidden="true" />
      {timelineText.why}
    </h3>
    <dl className="mt-1 grid gap-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
      <WhyRow label={timelineText.whyStatus} because={why.status} testId="why-status" />
      <WhyRow label={timelineText.whyTurn} because={why.whose_turn} testId="why-turn" />
      <WhyRow label={timelineText.whyFee} because={why.latest_fee} testId="why-fee" />
    </dl>
  </section>
);
