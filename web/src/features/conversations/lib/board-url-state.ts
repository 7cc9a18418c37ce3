/**
 * The campaign board's state as it lives in the URL (view, search, filters, sort), so a link can
 * be shared and a reload restores the board. Reading is lenient: an unknown value is dropped, never
 * an error. Writing leaves defaults out, so the plain board has a plain URL.
 */
import {
  CONVERSATION_SORTS,
  CONVERSATION_STATUSES,
  TURNS,
  type ConversationSort,
  type ConversationStatus,
  type Turn,
} from '../../../../../shared/schemas/conversations';
import type { ConversationListParams } from '../api/conversation-keys';

export const BOARD_VIEWS = ['table', 'pipeline'] as const;
export type BoardView = (typeof BOARD_VIEWS)[number];

export const TRACKING_FILTERS = ['on', 'off'] as const;
export type TrackingFilter = (typeof TRACKING_FILTERS)[number];

export type BoardSort = { key: ConversationSort; desc: boolean };

export type BoardState = {
  view: BoardView;
  q: string;
  status: ConversationStatus[];
  turn: Turn | null;
  followUp: boolean;
  tracking: TrackingFilter | null;
  sort: BoardSort | null;
};

export const DEFAULT_BOARD_STATE: BoardState = {
  view: 'table',
  q: '',
  status: [],
  turn: null,
  followUp: false,
  tracking: null,
  sort: null,
};

/** Rows per page of the board. */
export const BOARD_PAGE_SIZE = 50;
/** Rows per request while exporting every row of the filter. */
export const EXPORT_PAGE_SIZE = 500;
export const Q_MAX = 200;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export const parseSort = (value: string | null): BoardSort | null => {
  if (!value) return null;
  const desc = value.startsWith('-');
  const key = oneOf(CONVERSATION_SORTS, desc ? value.slice(1) : value);
  return key ? { key, desc } : null;
};

export const formatSort = (sort: BoardSort | null): string => (sort ? `${sort.desc ? '-' : ''}${sort.key}` : '');

export const parseBoardState = (search: URLSearchParams): BoardState => {
  const statuses = (search.get('status') ?? '')
    .split(',')
    .map((part) => oneOf(CONVERSATION_STATUSES, part.trim()))
    .filter((status): status is ConversationStatus => status !== null);
  return {
    view: oneOf(BOARD_VIEWS, search.get('view')) ?? DEFAULT_BOARD_STATE.view,
    q: (search.get('q') ?? '').slice(0, Q_MAX),
    // In the schema's order, once each, so two spellings of one filter are one URL.
    status: CONVERSATION_STATUSES.filter((status) => statuses.includes(status)),
    turn: oneOf(TURNS, search.get('turn')),
    followUp: search.get('follow_up') === 'true',
    tracking: oneOf(TRACKING_FILTERS, search.get('tracking')),
    sort: parseSort(search.get('sort')),
  };
};

export const serializeBoardState = (state: BoardState): URLSearchParams => {
  const search = new URLSearchParams();
  if (state.view !== DEFAULT_BOARD_STATE.view) search.set('view', state.view);
  const q = state.q.trim();
  if (q) search.set('q', q);
  const status = CONVERSATION_STATUSES.filter((value) => state.status.includes(value));
  if (status.length > 0) search.set('status', status.join(','));
  if (state.turn) search.set('turn', state.turn);
  if (state.followUp) search.set('follow_up', 'true');
  if (state.tracking) search.set('tracking', state.tracking);
  if (state.sort) search.set('sort', formatSort(state.sort));
  return search;
};

/** True when any filter or the search narrows the list (the empty state then offers to clear them). */
export const hasFilters = (state: BoardState): boolean =>
  state.q.trim() !== '' || state.status.length > 0 || state.turn !== null || state.followUp || state.tracking !== null;

export const clearFilters = (state: BoardState): BoardState => ({ ...state, q: '', status: [], turn: null, followUp: false, tracking: null });

/** The list query the server filters, searches, sorts and pages by (the view is the screen's own). */
export const toListParams = (
  campaignId: string,
  state: BoardState,
  { cursor, limit = BOARD_PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
): ConversationListParams => {
  const params: ConversationListParams = { campaign_id: campaignId, limit: String(limit) };
  const q = state.q.trim();
  if (q) params.q = q;
  if (state.status.length > 0) params.status = CONVERSATION_STATUSES.filter((value) => state.status.includes(value)).join(',');
  if (state.turn) params.turn = state.turn;
  if (state.followUp) params.follow_up = 'true';
  if (state.tracking) params.tracking = state.tracking;
  if (state.sort) params.sort = formatSort(state.sort);
  if (cursor) params.cursor = cursor;
  return params;
};

/** A column header's next sort: ascending first, then it flips; another column starts ascending. */
export const nextSort = (current: BoardSort | null, key: ConversationSort): BoardSort =>
  current?.key === key ? { key, desc: !current.desc } : { key, desc: false };
