import { STATUS_LABELS, type ConversationJson, type FeeJson, type KeyDateJson } from '../../../shared/schemas/conversations';
import { OUTREACH_TRACKER_HEADERS } from '../campaigns/layout';

/**
 * One outreach-tracker row per contact of a campaign, from the conversations API's record (the
 * same one the board shows), keyed by the tracker's header names: a sheet whose columns were
 * moved or extended by people is written by header, never by position.
 */
export type TrackerHeader = (typeof OUTREACH_TRACKER_HEADERS)[number];
export type TrackerRow = Record<TrackerHeader, string>;

const SUMMARY_MAX = 2_000;
const KEY_DATES_SHOWN = 8;

const when = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');
const kindLabel = (kind: string) => kind.replace(/_/g, ' ');

export const formatFee = (fee: FeeJson | null): string => {
  if (!fee) return '';
  let amount: string;
  try {
    amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: fee.currency, minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(fee.amount);
  } catch {
    amount = `${fee.amount} ${fee.currency}`;
  }
  const vat = fee.vat_included === true ? ' incl. VAT' : fee.vat_included === false ? ' + VAT' : '';
  return `${amount}${vat} ${kindLabel(fee.unit)} (${fee.state})`;
};

export const formatDate = (date: KeyDateJson | null): string => (date ? `${date.date} (${kindLabel(date.kind)})` : '');

export const trackerRow = (c: ConversationJson, updatedAt: string): TrackerRow => ({
  Talent: c.talent_name,
  Email: c.contact_email ?? '',
  Manager: c.email_owner,
  Status: STATUS_LABELS[c.status] + (c.corrected_fields.includes('status') ? ' (set by a person)' : ''),
  'Whose Turn': c.whose_turn === 'agency' ? 'Agency' : c.whose_turn === 'talent' ? 'Talent' : '',
  'Last Inbound': when(c.last_inbound_at),
  'Last Outbound': when(c.last_outbound_at),
  Messages: String(c.message_count),
  'Key Dates': c.dates
    .slice(0, KEY_DATES_SHOWN)
    .map((d) => `${d.date} ${kindLabel(d.kind)}`)
    .join('; '),
  Summary: ((c.attribution.campaign_confirmed || c.message_count === 0 ? '' : '[Campaign not confirmed] ') + (c.threads.length > 1 ? `(${c.threads.length} threads) ` : '') + c.summary).slice(0, SUMMARY_MAX),
  'Gmail Link': c.threads[0]?.gmail_url ?? '',
  'Updated At': c.updated_at ? updatedAt : '',
  'Latest Fee': formatFee(c.latest_fee),
  'Next Key Date': formatDate(c.next_date),
});
