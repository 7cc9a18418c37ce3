import type { ConversationListQuery } from '../../../../../shared/schemas/conversations';

/** Query keys of the conversations feature: lists by their query, one conversation, the changes feed. */
export type ConversationListParams = Partial<Record<keyof ConversationListQuery, string>>;

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (params: ConversationListParams) => [...conversationKeys.lists(), params] as const,
  details: () => [...conversationKeys.all, 'detail'] as const,
  detail: (id: string) => [...conversationKeys.details(), id] as const,
  changes: (since?: string) => [...conversationKeys.all, 'changes', since ?? 'last-visit'] as const,
};
