import { describe, expect, it } from 'vitest';
import type { ConversationThreadItem } from '../../store/entities/conversation-thread';
import type { Failure } from '../analyse';
import type { Attributed } from './attribute';
import { nextThreadItem } from './save';
import type { FiledThread } from './types';

/** A model answer that could not be used is kept on the conversation thread's failures, bounded, next to the older ones. */
const ref = { mailbox: 'maya@agency.test', threadId: 't-1' };
const attributed = { plan: { threadFields: {}, campaignIds: [] }, ruleMessages: [], resided: [] } as unknown as Attributed;
const failure = (purpose: string): Failure => ({ purpose, message: `The AI answer was not usable: ${purpose}`, at: '2026-11-28T00:00:00.000Z' });

describe('nextThreadItem: failures recorded on the thread', () => {
  it("appends this pass's failures to the stored ones", () => {
    const stored = { version: 3, failures: [failure('date_validation')], messageKeys: [] } as unknown as ConversationThreadItem;
    const filed: FiledThread = { threadKey: 'k', stored, storedMessages: new Map(), fresh: [], newCopies: [] };
    const next = nextThreadItem('a', ref, 'Aurora', filed, attributed, { created: [], summary: 'old', dates: [], failures: [failure('thread_summary')], tokens: 20 });
    expect(next.failures?.map((f) => f.purpose)).toEqual(['date_validation', 'thread_summary']);
    expect(next.version).toBe(4);
    expect(next.summary).toBe('old');
  });
});
