import { describe, expect, it } from 'vitest';
import { staleQueries } from './live-refresh';

const at = (conversations: number, contacts = 0, campaigns = 0) => ({ conversations, contacts, campaigns });

describe('staleQueries', () => {
  it('refetches nothing on the first answer or when no counter moved', () => {
    expect(staleQueries(undefined, at(4))).toEqual([]);
    expect(staleQueries(at(4, 2, 1), at(4, 2, 1))).toEqual([]);
  });

  it('a conversation change refetches conversations, the dashboard and campaign rows', () => {
    expect(staleQueries(at(4), at(5))).toEqual([['conversations'], ['dashboard'], ['campaigns']]);
  });

  it('a contact change refetches the contact tracking, the board lists and campaign rows', () => {
    expect(staleQueries(at(4, 1), at(4, 2))).toEqual([['contacts', 'tracking'], ['conversations', 'list'], ['campaigns']]);
  });

  it('a campaign change refetches campaigns only, and each family once when several moved', () => {
    expect(staleQueries(at(4, 1, 1), at(4, 1, 2))).toEqual([['campaigns']]);
    expect(staleQueries(at(4, 1, 1), at(5, 2, 2))).toEqual([['conversations'], ['dashboard'], ['campaigns'], ['contacts', 'tracking'], ['conversations', 'list']]);
  });
});
