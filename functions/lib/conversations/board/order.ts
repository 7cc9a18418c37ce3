import { CONVERSATION_STATUSES, TURNS, type ConversationJson, type ConversationSort } from '../../../../shared/schemas/conversations';
import { fold } from '../rules/text';

/**
 * The one order of the board's rows, as strings that sort the way the rows are shown: the
 * projection stores them as sort keys (DynamoDB compares bytes) and the in-memory list compares
 * the same strings, so both ways of reading a page give the same rows in the same order.
 * - a value (`v…`) first, rows without one (`~…`) last whatever the direction;
 * - ties by talent name (case, accents and digit runs as people read them), e-mail, campaign.
 * A descending sort is the ascending one reversed, ties included, except by status, where each
 * status keeps its talents A to Z; rows without a value stay A to Z.
 */

/** What separates the parts of an order: below every character a name or an address holds. */
const SEP = '\u0001';
const NO_VALUE = '~';
const VALUE = 'v';

const NAME_MAX = 200;

/** A name as it sorts: folded, digit runs padded so "Talent 2" comes before "Talent 10". */
export const nameOrder = (name: string): string =>
  fold(name)
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(12, '0'))
    .slice(0, NAME_MAX);

const padded = (value: number, width: number): string => String(Math.max(0, Math.round(value))).padStart(width, '0');

const instant = (iso: string | null): string | null => {
  if (!iso) return null;
  const value = Date.parse(iso);
  return Number.isNaN(value) ? null : new Date(value).toISOString();
};

/** The sortable value of a row under a sort key; null when the row has none. */
export const sortValue = (key: ConversationSort, row: ConversationJson): string | null => {
  switch (key) {
    case 'talent':
      return row.talent_name.trim() ? nameOrder(row.talent_name) : null;
    case 'status':
      return String(CONVERSATION_STATUSES.indexOf(row.status));
    case 'turn':
      return row.whose_turn ? String(TURNS.indexOf(row.whose_turn)) : null;
    case 'waiting':
      return instant(row.turn_since);
    case 'last_inbound':
      return instant(row.last_inbound_at);
    case 'last_outbound':
      return instant(row.last_outbound_at);
    case 'next_date':
      return row.next_date?.date ?? null;
    case 'fee':
      return row.latest_fee ? padded(row.latest_fee.amount * 100, 15) : null;
    case 'messages':
      return padded(row.message_count, 10);
    case 'updated':
      return instant(row.updated_at);
  }
};

/** The tie-break every order ends with: talent, e-mail, campaign, id. */
export const tieOrder = (row: ConversationJson): string =>
  [nameOrder(row.talent_name), row.contact_email ?? '', row.campaign_id ?? '', row.id].join(SEP);

/** The full order string of a row under a sort key (its sort key in the projection). */
export const orderOf = (key: ConversationSort, row: ConversationJson): string => {
  const value = sortValue(key, row);
  return value === null ? `${NO_VALUE}${SEP}${tieOrder(row)}` : `${VALUE}${value}${SEP}${tieOrder(row)}`;
};

/** By status, A to Z inside each: the status's place in the pipeline, then the talent order. */
export const statusOrder = (row: ConversationJson): string => `${CONVERSATION_STATUSES.indexOf(row.status)}${orderOf('talent', row)}`;

/** Where the rows without a value start (every order with a value sorts below it). */
export const NO_VALUE_START = NO_VALUE;

export const hasValue = (order: string): boolean => order.startsWith(VALUE);

export type SortSpec = { key: ConversationSort; descending: boolean };

export const parseSort = (sort: string | undefined): SortSpec => ({
  key: (sort?.replace(/^-/, '') || 'talent') as ConversationSort,
  descending: sort?.startsWith('-') ?? false,
});

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Compares two rows' orders under a sort. By status: the status first (reversed when descending),
 * then the talent order ascending; otherwise the whole order string, reversed when descending,
 * rows without a value last and ascending.
 */
export const compareOrders = (spec: SortSpec, a: { order: string; status?: number }, b: { order: string; status?: number }): number => {
  if (spec.key === 'status') {
    const byStatus = (a.status ?? 0) - (b.status ?? 0);
    if (byStatus !== 0) return spec.descending ? -byStatus : byStatus;
    return compareStrings(a.order, b.order);
  }
  const aValue = hasValue(a.order);
  const bValue = hasValue(b.order);
  if (aValue !== bValue) return aValue ? -1 : 1;
  const order = compareStrings(a.order, b.order);
  return aValue && spec.descending ? -order : order;
};

/** A comparator of rows for the in-memory list: the same order the projection reads. */
export const rowComparator = (sort: string | undefined) => {
  const spec = parseSort(sort);
  const orderKey: ConversationSort = spec.key === 'status' ? 'talent' : spec.key;
  const cache = new Map<ConversationJson, { order: string; status: number }>();
  const of = (row: ConversationJson) => {
    let found = cache.get(row);
    if (!found) {
      found = { order: orderOf(orderKey, row), status: CONVERSATION_STATUSES.indexOf(row.status) };
      cache.set(row, found);
    }
    return found;
  };
  return (a: ConversationJson, b: ConversationJson): number => compareOrders(spec, of(a), of(b));
};
