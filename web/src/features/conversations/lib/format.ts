/**
 * Display formatting shared by the campaign board and the talent timeline: fees, key dates,
 * whose turn and for how long, message times. Pure functions; `now` is injectable for tests.
 */
import { format, isValid } from 'date-fns';
import { monthDayYear, parseIsoDate } from '../../../../../shared/format/months';
import { FEE_STATE_LABELS, FEE_UNIT_LABELS, formatMoney } from '../../../../../shared/format/money';
import { formatShortDate } from '../../../../../shared/format/short-date';
import {
  STATUS_LABELS,
  type DateKind,
  type FeeJson,
  type Intent,
  type KeyDateJson,
  type Side,
  type Turn,
} from '../../../../../shared/schemas/conversations';

export { STATUS_LABELS };
// Moved to shared/format/money.ts (the campaign report shows fees too); still read from here by the board and timeline.
export { FEE_STATE_LABELS, FEE_UNIT_LABELS, formatMoney };

export const TURN_LABELS: Readonly<Record<Turn, string>> = { agency: 'Agency', talent: 'Talent' };

export const DATE_KIND_LABELS: Readonly<Record<DateKind, string>> = {
  go_live: 'Go live',
  draft_due: 'Draft due',
  deadline: 'Deadline',
  event: 'Event',
  embargo: 'Embargo',
  other: 'Other',
};

export const INTENT_LABELS: Readonly<Record<Intent, string>> = {
  offer: 'Offer',
  counter: 'Counter',
  accept: 'Accept',
  decline: 'Decline',
  question: 'Question',
  logistics: 'Logistics',
  other: 'Other',
};

export const SIDE_LABELS: Readonly<Record<Side, string>> = {
  agency: 'Agency',
  client: 'Client',
  talent: 'Talent',
  internal: 'Internal',
  unknown: 'Unknown',
};

/** Marks a value a person corrected (shown next to status, turn, dates or fees). */
export const SET_BY_PERSON = 'set by a person';

const DAY_MS = 86_400_000;

/** "€1,500 per post"; '' for no fee. */
export const formatFee = (fee: Pick<FeeJson, 'amount' | 'currency' | 'unit'> | null | undefined): string =>
  fee ? `${formatMoney(fee.amount, fee.currency)} ${FEE_UNIT_LABELS[fee.unit]}` : '';

/** "Mar 5, 2026" for a calendar day (yyyy-MM-dd, read as that day wherever the browser is); '' when unreadable. */
export const formatDay = (value: string | null | undefined): string => {
  const parts = parseIsoDate(value ?? '');
  return parts ? monthDayYear(parts) : '';
};

/** "Mar 5, 2026" for a moment, in local time; '' when missing or unreadable. */
export const formatDate = (value: string | null | undefined): string => formatShortDate(value);

/** "Mar 5, 2026, 14:07" for a moment, in local time; '' when missing or unreadable. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (!value) return '';
  const date = new Date(value);
  return isValid(date) ? format(date, 'MMM d, yyyy, HH:mm') : '';
};

/** "Mar 5, 2026 · Go live"; '' for no date. */
export const formatKeyDate = (value: Pick<KeyDateJson, 'date' | 'kind'> | null | undefined): string =>
  value ? `${formatDay(value.date) || value.date} · ${DATE_KIND_LABELS[value.kind]}` : '';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** Milliseconds since `since` (never negative); null when missing or unreadable. */
const elapsedSince = (since: string | null | undefined, now: Date = new Date()): number | null => {
  const start = since ? new Date(since).getTime() : Number.NaN;
  return Number.isNaN(start) ? null : Math.max(0, now.getTime() - start);
};

/** Whole days since `since`; null when missing or unreadable. */
export const wholeDaysSince = (since: string | null | undefined, now: Date = new Date()): number | null => {
  const elapsed = elapsedSince(since, now);
  return elapsed === null ? null : Math.floor(elapsed / DAY_MS);
};

/** How long since `since`: "under an hour", "5 hours", "3 days"; '' when missing or unreadable. */
export const formatWaiting = (since: string | null | undefined, now: Date = new Date()): string => {
  const elapsed = elapsedSince(since, now);
  if (elapsed === null) return '';
  if (elapsed < 3_600_000) return 'under an hour';
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / 3_600_000), 'hour');
  return plural(Math.floor(elapsed / DAY_MS), 'day');
};

/** "Agency · 3 days" (whose turn and how long it has been theirs); '' when nobody's turn. */
export const formatTurn = (turn: Turn | null | undefined, since: string | null | undefined, now: Date = new Date()): string => {
  if (!turn) return '';
  const waiting = formatWaiting(since, now);
  return waiting ? `${TURN_LABELS[turn]} · ${waiting}` : TURN_LABELS[turn];
};
