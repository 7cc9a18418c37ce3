import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_SORTS, CONVERSATION_STATUSES, conversationListQuery, TURNS } from '../../../../../shared/schemas/conversations';
import {
  clearFilters,
  DEFAULT_BOARD_STATE,
  hasFilters,
  nextSort,
  parseBoardState,
  serializeBoardState,
  toListParams,
  type BoardState,
} from './board-url-state';

const parse = (query: string) => parseBoardState(new URLSearchParams(query));

describe('parseBoardState', () => {
  it('reads the defaults from an empty URL', () => {
    expect(parse('')).toEqual(DEFAULT_BOARD_STATE);
  });

  it('reads every field', () => {
    expect(parse('view=pipeline&q=hollie&status=replied,awaiting_reply&turn=agency&follow_up=true&tracking=off&sort=-waiting')).toEqual({
      view: 'pipeline',
      q: 'hollie',
      status: ['awaiting_reply', 'replied'],
      turn: 'agency',
      followUp: true,
      tracking: 'off',
      sort: { key: 'waiting', desc: true },
    });
  });

  it('drops unknown values instead of failing', () => {
    expect(parse('view=grid&status=replied,bogus,,replied&turn=nobody&follow_up=yes&tracking=maybe&sort=-colour')).toEqual({
      ...DEFAULT_BOARD_STATE,
      status: ['replied'],
    });
  });

  it('reads an ascending sort without a dash', () => {
    expect(parse('sort=fee').sort).toEqual({ key: 'fee', desc: false });
  });

  it('cuts an overlong search to what the server accepts', () => {
    expect(parse(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });
});

describe('serializeBoardState', () => {
  it('leaves the defaults out', () => {
    expect(serializeBoardState(DEFAULT_BOARD_STATE).toString()).toBe('');
  });

  it('writes every field that differs, the search trimmed', () => {
    const state: BoardState = {
      view: 'pipeline',
      q: '  glow ',
      status: ['declined', 'replied'],
      turn: 'talent',
      followUp: true,
      tracking: 'on',
      sort: { key: 'last_inbound', desc: false },
    };
    expect(serializeBoardState(state).toString()).toBe('view=pipeline&q=glow&status=replied%2Cdeclined&turn=talent&follow_up=true&tracking=on&sort=last_inbound');
  });

  it('reads back what it writes, for any state', () => {
    const state = fc.record({
      view: fc.constantFrom('table' as const, 'pipeline' as const),
      q: fc.string({ maxLength: 30 }).map((value) => value.trim()),
      status: fc.subarray([...CONVERSATION_STATUSES]),
      turn: fc.constantFrom(null, ...TURNS),
      followUp: fc.boolean(),
      tracking: fc.constantFrom(null, 'on' as const, 'off' as const),
      sort: fc.option(fc.record({ key: fc.constantFrom(...CONVERSATION_SORTS), desc: fc.boolean() }), { nil: null }),
    });
    fc.assert(
      fc.property(state, (value) => {
        expect(parseBoardState(serializeBoardState(value))).toEqual(value);
      }),
    );
  });
});

describe('toListParams', () => {
  it('sends the campaign and page size only, for the plain board', () => {
    expect(toListParams('glow-q1', DEFAULT_BOARD_STATE)).toEqual({ campaign_id: 'glow-q1', limit: '50' });
  });

  it('sends every filter, the search, the sort and the cursor, in the shape the server parses', () => {
    const params = toListParams(
      'glow-q1',
      { view: 'pipeline', q: ' ana ', status: ['negotiating', 'replied'], turn: 'agency', followUp: true, tracking: 'off', sort: { key: 'waiting', desc: true } },
      { cursor: 'abc_123', limit: 500 },
    );
    expect(params).toEqual({
      campaign_id: 'glow-q1',
      limit: '500',
      q: 'ana',
      status: 'replied,negotiating',
      turn: 'agency',
      follow_up: 'true',
      tracking: 'off',
      sort: '-waiting',
      cursor: 'abc_123',
    });
    expect(conversationListQuery.safeParse(params).success).toBe(true);
  });
});

describe('filters and sort helpers', () => {
  it('knows when the list is narrowed and clears every filter but keeps view and sort', () => {
    expect(hasFilters(DEFAULT_BOARD_STATE)).toBe(false);
    expect(hasFilters({ ...DEFAULT_BOARD_STATE, sort: { key: 'fee', desc: true }, view: 'pipeline' })).toBe(false);
    const narrowed: BoardState = { ...DEFAULT_BOARD_STATE, view: 'pipeline', q: 'x', status: ['replied'], turn: 'agency', followUp: true, tracking: 'on', sort: { key: 'fee', desc: true } };
    expect(hasFilters(narrowed)).toBe(true);
    expect(clearFilters(narrowed)).toEqual({ ...DEFAULT_BOARD_STATE, view: 'pipeline', sort: { key: 'fee', desc: true } });
  });

  it('sorts a new column ascending and flips the current one', () => {
    expect(nextSort(null, 'talent')).toEqual({ key: 'talent', desc: false });
    expect(nextSort({ key: 'talent', desc: false }, 'talent')).toEqual({ key: 'talent', desc: true });
    expect(nextSort({ key: 'talent', desc: true }, 'talent')).toEqual({ key: 'talent', desc: false });
    expect(nextSort({ key: 'talent', desc: true }, 'fee')).toEqual({ key: 'fee', desc: false });
  });
});
