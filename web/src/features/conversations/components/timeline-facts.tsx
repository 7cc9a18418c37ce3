import { AlertTriangle, CalendarDays, Coins } from 'lucide-react';
import type { ConversationJson, FeeJson, KeyDateJson } from '../../../../../shared/schemas/conversations';
import { Banner } from '../../../components/ui/banner';
import { DATE_KIND_LABELS, FEE_STATE_LABELS, formatDateTime, formatDay, formatFee } from '../lib/format';
import { ATTRIBUTION_TEXT, failurePurpose, timelineText } from '../lib/timeline-text';
import { PersonMark } from './timeline-person-mark';

/**
 * A quote from the mail, in quotation marks. It breaks anywhere (a pasted 300-character link
 * included): `break-words` alone still lets an unbroken link widen its grid column on a phone.
 */
export const Quote = ({ text }: { text: string }) =>
  text.trim() ? <p className="mt-0.5 text-sm wrap-anywhere text-slate-600 italic">{`“${text.trim()}”`}</p> : null;

const vatText = (fee: FeeJson) =>
  fee.vat_included === true ? timelineText.vat.included : fee.vat_included === false ? timelineText.vat.excluded : timelineText.vat.unknown;

const DateItem = ({ date }: { date: KeyDateJson }) => (
  <li data-testid="key-date" className="min-w-0 py-2">
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-medium text-slate-900">{formatDay(date.date) || date.date}</span>
      <span className="text-sm text-slate-500">{DATE_KIND_LABELS[date.kind]}</span>
      {date.set_by === 'person' ? <PersonMark /> : null}
    </div>
    <Quote text={date.quote} />
  </li>
);

const FeeItem = ({ fee }: { fee: FeeJson }) => {
  const vat = vatText(fee);
  return (
    <li data-testid="fee" className="min-w-0 py-2">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-slate-900">{formatFee(fee)}</span>
        {vat ? <span className="text-sm text-slate-500">{vat}</span> : null}
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{FEE_STATE_LABELS[fee.state]}</span>
        {fee.set_by === 'person' ? <PersonMark /> : null}
      </div>
      <Quote text={fee.quote} />
    </li>
  );
};

export const TimelineDates = ({ dates }: { dates: readonly KeyDateJson[] }) => (
  <section aria-label={timelineText.keyDates} className="min-w-0">
    <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
      <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden="true" />
      {timelineText.keyDates}
    </h3>
    {dates.length ? (
      <ul className="divide-y divide-slate-100">
        {dates.map((date, index) => (
          <DateItem key={`${date.date}-${date.kind}-${index}`} date={date} />
        ))}
      </ul>
    ) : (
      <p className="mt-1 text-sm text-slate-500">{timelineText.noDates}</p>
    )}
  </section>
);

export const TimelineFees = ({ fees }: { fees: readonly FeeJson[] }) => (
  <section aria-label={timelineText.fees} className="min-w-0">
    <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
      <Coins className="h-4 w-4 text-slate-500" aria-hidden="true" />
      {timelineText.fees}
    </h3>
    {fees.length ? (
      <ul className="divide-y divide-slate-100">
        {fees.map((fee, index) => (
          <FeeItem key={`${fee.amount}-${fee.currency}-${index}`} fee={fee} />
        ))}
      </ul>
    ) : (
      <p className="mt-1 text-sm text-slate-500">{timelineText.noFees}</p>
    )}
  </section>
);

/** Why the conversation is this talent's, and a warning when its campaign is a guess. */
export const TimelineAttribution = ({ attribution }: { attribution: ConversationJson['attribution'] }) => (
  <div data-testid="attribution" className="space-y-1">
    <p className="text-sm text-slate-700">
      <span className="font-medium text-slate-900">{timelineText.attribution}: </span>
      {ATTRIBUTION_TEXT[attribution.reason]}
      {attribution.evidence ? <span className="block text-xs wrap-anywhere text-slate-500" data-testid="attribution-evidence">{attribution.evidence}</span> : null}
    </p>
    {attribution.campaign_confirmed ? null : (
      <p className="flex items-start gap-1.5 text-sm text-amber-800" data-testid="campaign-not-confirmed">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <span className="font-medium">{timelineText.campaignNotConfirmed}</span>
          {` — ${timelineText.campaignNotConfirmedHint}`}
        </span>
      </p>
    )}
  </div>
);

/** What the model could not read (a cut answer, a refused request), said plainly. */
export const TimelineFailures = ({ failures }: { failures: ConversationJson['failures'] }) =>
  failures.length ? (
    <Banner variant="warning" title={timelineText.failuresTitle}>
      <ul className="list-disc space-y-0.5 pl-5" data-testid="failures">
        {failures.map((failure, index) => (
          <li key={`${failure.at}-${index}`} className="wrap-anywhere">
            <span className="font-medium">{failurePurpose(failure.purpose)}</span>
            {`: ${failure.message}`}
            {formatDateTime(failure.at) ? <span className="text-xs opacity-75">{` (${formatDateTime(failure.at)})`}</span> : null}
          </li>
        ))}
      </ul>
    </Banner>
  ) : null;
