import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PULSE_TOPICS, type DataChanges, type PulseTopic } from '../../../../shared/schemas/processing';
import { campaignKeys } from '../../features/campaigns/api/campaign-keys';
import { contactKeys } from '../../features/contacts/api/contact-keys';
import { conversationKeys } from '../../features/conversations/api/conversation-keys';
import { dashboardKeys } from '../../features/dashboard/api/dashboard-keys';
import { useProcessingStatus } from '../../features/processing/api/get-processing-status';

/**
 * What each kind of change makes stale. Campaign rows count contacts and replies, so both move
 * them; a board lists contacts with no mail yet, so a contact change moves the board too.
 */
const STALE_BY_TOPIC: Record<PulseTopic, readonly QueryKey[]> = {
  conversations: [conversationKeys.all, dashboardKeys.all, campaignKeys.all],
  contacts: [contactKeys.tracking(), conversationKeys.lists(), campaignKeys.all],
  campaigns: [campaignKeys.all],
};

/** The query families to refetch after the counters moved from `before` to `after` (none on the first answer). */
export const staleQueries = (before: DataChanges | undefined, after: DataChanges | undefined): QueryKey[] => {
  if (!before || !after) return [];
  const moved = PULSE_TOPICS.filter((topic) => after[topic] !== before[topic]);
  const keys = new Map<string, QueryKey>();
  for (const topic of moved) for (const key of STALE_BY_TOPIC[topic]) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
};

/**
 * Keeps open screens live: the idle status poll carries the agency's change counters, and when one
 * moves the queries that read that kind of data are invalidated (react-query refetches the ones on
 * screen and marks the rest stale). No list is polled for this.
 */
export const useLiveRefresh = (): void => {
  const client = useQueryClient();
  const changes = useProcessingStatus().data?.changes;
  const seen = useRef<DataChanges | undefined>(undefined);
  useEffect(() => {
    if (!changes) return;
    const stale = staleQueries(seen.current, changes);
    seen.current = changes;
    for (const queryKey of stale) void client.invalidateQueries({ queryKey });
  }, [client, changes]);
};

/** Mounted once in the layout of signed-in pages. */
export const LiveRefresh = () => {
  useLiveRefresh();
  return null;
};
