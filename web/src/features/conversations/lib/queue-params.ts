import type { ConversationListParams } from '../api/conversation-keys';

/**
 * The work queues' list queries. The queues page and the dashboard summary ask with the very
 * same parameters, so they share one cache entry per queue.
 */
export const QUEUE_LIMIT = '50';

export type ListQueueId = 'needs_reply' | 'follow_up' | 'needs_assignment';
export type QueueId = ListQueueId | 'changes';

export const QUEUE_PARAMS: Readonly<Record<ListQueueId, ConversationListParams>> = {
  /** the agency owes a real answer (its turn, not Declined) */
  needs_reply: { needs_reply: 'true', tracking: 'on', sort: 'waiting', limit: QUEUE_LIMIT },
  /** the talent has not answered for a while: time to nudge */
  follow_up: { follow_up: 'true', tracking: 'on', sort: 'waiting', limit: QUEUE_LIMIT },
  /** mail nobody could attribute: a person chooses the talent */
  needs_assignment: { needs_assignment: 'true', sort: '-updated', limit: QUEUE_LIMIT },
};

export const LIST_QUEUES: readonly ListQueueId[] = ['needs_reply', 'follow_up', 'needs_assignment'];
