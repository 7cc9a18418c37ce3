import type { QueryClient } from '@tanstack/react-query';
import { conversationsQueryOptions } from '../api/list-conversations';
import { LIST_QUEUES, QUEUE_PARAMS } from './queue-params';

/**
 * Warms the queue lists (on hovering the nav link). "What changed" is left out on purpose: asking
 * for it records a visit, and a hover is not one.
 */
export const prefetchQueues = (client: QueryClient) => Promise.all(LIST_QUEUES.map((queue) => client.prefetchQuery(conversationsQueryOptions(QUEUE_PARAMS[queue]))));
