import type { DashboardMetricsResponse, MonitorMetricsResponse } from '../../../shared/schemas/processing';
import { campaignEntity } from '../store/entities/campaign';
import { agencyContacts } from './agency-context';
import { readRegistry } from './monitor-registry';
import { isAgencyProcessing } from './status';

export const monitorMetrics = async (agencyName: string, now = Date.now()): Promise<MonitorMetricsResponse> => {
  // Read only (a GET may not write): an agency is registered when it gets tracked contacts or runs a job.
  const registry = await readRegistry(agencyName);
  const next = registry?.nextCheckAt ? Date.parse(registry.nextCheckAt) : undefined;
  return {
    success: true,
    status: 'success',
    data: {
      // A read-only route: the lock as it stands (the status route and the monitor end orphaned jobs).
      is_processing: await isAgencyProcessing(agencyName, now, { endOrphans: false }),
      last_check: registry?.lastCheckAt ?? null,
      next_check_at: registry?.nextCheckAt ?? null,
      next_check_in_seconds: next === undefined ? null : Math.max(0, Math.round((next - now) / 1000)),
      threads_in_last_check: registry?.threadsInLastCheck ?? 0,
      messages_in_last_check: registry?.messagesInLastCheck ?? 0,
      tracked_conversations: registry?.trackedConversations ?? 0,
    },
  };
};

/**
 * Dashboard counts: campaigns by a Query of their (few) items; contacts and conversations from
 * the counters maintained on the registry item (contact-store ADDs them with every change), so
 * 5,000 contacts cost no more than 5. Agencies registered before the counters existed
 * (no `contactCounters`) are counted by reading their contacts.
 */
export const dashboardMetrics = async (agencyName: string): Promise<DashboardMetricsResponse> => {
  const [{ data: campaigns }, registry] = await Promise.all([
    campaignEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['campaignId', 'status'] }),
    readRegistry(agencyName),
  ]);
  const counted = registry?.contactCounters ? { total: registry.contactsTotal ?? 0, tracking: registry.contactsTracking ?? 0 } : undefined;
  const contacts = counted ? undefined : await agencyContacts(agencyName);
  return {
    success: true,
    totalCampaigns: campaigns.filter((c) => c.status !== 'deleting').length,
    totalContacts: Math.max(0, counted ? counted.total : contacts!.length),
    trackingEnabled: Math.max(0, counted ? counted.tracking : contacts!.filter((c) => c.trackingEnabled).length),
    trackedConversations: registry?.trackedConversations ?? 0,
  };
};
