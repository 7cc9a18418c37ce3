import { UserPen } from 'lucide-react';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { boardText } from '../lib/board-messages';
import { formatDate, formatDateTime, formatFee, formatKeyDate, formatTurn, FEE_STATE_LABELS, SET_BY_PERSON } from '../lib/format';
import { SetByPerson, StatusBadge } from './status-badge';

/** The talent timeline of a row, keeping the campaign it was opened from. */
export const talentHref = (row: Pick<ConversationJson, 'contact_email' | 'campaign_id'>): string | null =>
  row.contact_email
    ? `/talents/${encodeURIComponent(row.contact_email)}${row.campaign_id ? `?campaign=${encodeURIComponent(row.campaign_id)}` : ''}`
    : null;

const Blank = () => (
  <span className="text-slate-600">
    <span aria-hidden="true">{boardText.none}</span>
    <span className="sr-only">none</span>
  </span>
);

export const PausedTag = () => (
  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-300">{boardText.paused}</span>
);

/** The status pill; a person's correction is said in words under it. */
export const RowStatus = ({ row }: { row: ConversationJson }) => (
  <span className="inline-flex flex-col items-start gap-0.5">
    <StatusBadge status={row.status} />
    {row.corrected_fields.includes('status') ? (
      <span className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-slate-600">
        <UserPen className="h-3 w-3" aria-hidden="true" />
        {SET_BY_PERSON}
      </span>
    ) : null}
  </span>
);

export const RowTurn = ({ row, now }: { row: ConversationJson; now?: Date }) => {
  const text = formatTurn(row.whose_turn, row.turn_since, now);
  if (!text) return <Blank />;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1" title={row.turn_since ? formatDateTime(row.turn_since) : undefined}>
      <span className={row.whose_turn === 'agency' ? 'font-medium text-amber-800' : 'text-slate-700'}>{text}</span>
      {row.corrected_fields.includes('whose_turn') ? <SetByPerson /> : null}
    </span>
  );
};

export const RowMoment = ({ value }: { value: string | null }) => {
  const text = formatDate(value);
  return text ? (
    <time dateTime={value ?? undefined} title={formatDateTime(value)} className="whitespace-nowrap">
      {text}
    </time>
  ) : (
    <Blank />
  );
};

export const RowNextDate = ({ row }: { row: ConversationJson }) => {
  if (!row.next_date) return <Blank />;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1" title={row.next_date.quote || undefined}>
      <time dateTime={row.next_date.date}>{formatKeyDate(row.next_date)}</time>
      {row.next_date.set_by === 'person' ? <SetByPerson /> : null}
    </span>
  );
};

export const RowFee = ({ row }: { row: ConversationJson }) => {
  const fee = row.latest_fee;
  if (!fee) return <Blank />;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1 whitespace-nowrap" title={fee.quote || undefined}>
      <span className="font-medium text-slate-900">{formatFee(fee)}</span>
      <span className="text-xs text-slate-600">{FEE_STATE_LABELS[fee.state]}</span>
      {fee.set_by === 'person' ? <SetByPerson /> : null}
    </span>
  );
};

/** Why a row is this talent's when only their manager wrote: the evidence the rules used. */
const managerEvidence = (row: ConversationJson): string | undefined =>
  row.attribution.reason === 'manager_named' && row.attribution.evidence ? row.attribution.evidence : undefined;

export const RowSummary = ({ row, className }: { row: ConversationJson; className?: string }) => {
  const evidence = managerEvidence(row);
  return (
    <>
      {row.summary ? (
        <p className={className ?? 'truncate'} title={row.summary}>
          {row.summary}
        </p>
      ) : (
        <Blank />
      )}
      {evidence ? (
        <p className="truncate text-xs text-slate-500" title={evidence} data-testid="row-attribution-evidence">
          {evidence}
        </p>
      ) : null}
    </>
  );
};
