import type { QueryClient } from '@tanstack/react-query';
import { campaignsQueryOptions } from '../../features/campaigns/api/list-campaigns';
import { driveHealthQueryOptions } from '../../features/campaigns/api/get-drive-health';
import { contactsTrackingQueryOptions } from '../../features/contacts/api/get-contacts-tracking';
import { contactSuggestionsQueryOptions } from '../../features/contacts/api/search-contacts';
import { dashboardMetricsQueryOptions } from '../../features/dashboard/api/get-dashboard-metrics';
import { monitorMetricsQueryOptions } from '../../features/dashboard/api/get-monitor-metrics';
import { mailboxesQueryOptions } from '../../features/mailboxes/api/get-mailboxes';
import { membersQueryOptions } from '../../features/members/api/list-members';
import { processingStatusQueryOptions } from '../../features/processing/api/get-processing-status';
import { modelConfigQueryOptions } from '../../features/settings/api/get-model-config';
import { settingsSectionQueryOptions } from '../../features/settings/api/get-settings-section';
import { AUDIT_PAGE_SIZE } from '../../../../shared/schemas/audit';
import { auditRetentionQueryOptions } from '../../features/audit/api/get-audit-retention';
import { auditEventsQueryOptions } from '../../features/audit/api/list-audit-events';
import { authKeys } from '../../features/auth/api/auth-keys';
import type { AuthStatus } from '../../features/auth/api/get-auth-status';

/** The session is loaded before any link shows (the startup gate): its role decides the owner-only parts. */
const isOwner = (client: QueryClient | undefined): boolean => client?.getQueryData<AuthStatus>(authKeys.status())?.membership_role === 'owner';

export type NavPath = '/' | '/campaigns' | '/contacts' | '/settings';

/** Anything prefetchQuery takes: each page's own queryOptions factories. */
export type PageQuery = Parameters<QueryClient['prefetchQuery']>[0];

/**
 * What each page loads, built from the very queryOptions its components use, so a hover fills
 * the cache entries (same keys, same functions) the page then reads. The startup gate's queries
 * (session, API key) are loaded before any link shows, so no page lists them.
 */
export const PAGE_QUERIES: Record<NavPath, (client?: QueryClient) => PageQuery[]> = {
  // Dashboard: stat cards, monitoring panel (with the connected mailboxes), the two dropdowns,
  // the model notice, the processing status (and, loaded on demand below, its queue summary).
  '/': () => [
    dashboardMetricsQueryOptions(),
    monitorMetricsQueryOptions(),
    mailboxesQueryOptions(),
    campaignsQueryOptions(),
    modelConfigQueryOptions(),
    processingStatusQueryOptions(),
  ] as PageQuery[],
  '/campaigns': () => [campaignsQueryOptions(), driveHealthQueryOptions()] as PageQuery[],
  '/contacts': () => [campaignsQueryOptions()] as PageQuery[],
  // Settings: every section the page loads, the members list and the connected mailboxes.
  // Settings, and for an owner its Activity log (first page, retention, the campaign filter's list).
  '/settings': (client) =>
    [
      ...(isOwner(client) ? [auditEventsQueryOptions({ filters: {}, cursor: null, limit: AUDIT_PAGE_SIZE.default }), auditRetentionQueryOptions(), campaignsQueryOptions()] : []),
      modelConfigQueryOptions(),
      settingsSectionQueryOptions('processing_limits'),
      settingsSectionQueryOptions('processing_mode'),
      settingsSectionQueryOptions('date_range_processing'),
      settingsSectionQueryOptions('health_check'),
      settingsSectionQueryOptions('monitoring_config'),
      membersQueryOptions(),
      mailboxesQueryOptions(),
    ] as PageQuery[],
};

/**
 * Parts of a page whose code is loaded on demand, and so is their prefetch: the dashboard's queue
 * summary reads the conversation schemas, which stay out of the main bundle. It warms the same
 * queue lists as the queues page (never "What changed", which a read marks as seen).
 */
const ON_DEMAND: Partial<Record<NavPath, (client: QueryClient) => Promise<unknown>>> = {
  '/': (client) => import('../../features/conversations/lib/queue-prefetch').then((module) => module.prefetchQueues(client)),
};

/**
 * Warms the page's queries on hover; prefetchQuery skips data that is still fresh. `keep` picks
 * among the page's queries (the start-up leaves out the real-time ones, see startup-data.ts).
 */
export const prefetchPage = (client: QueryClient, path: NavPath, keep: (options: PageQuery) => boolean = () => true) =>
  Promise.all([
    ...PAGE_QUERIES[path](client)
      .filter(keep)
      .map((options) => client.prefetchQuery(options)),
    // The contacts come in pages (an infinite query): their first page; the dashboard's Process
    // Email picker asks for its first few contacts only (a search answer: no counts, no read of every contact).
    path === '/contacts' ? client.prefetchInfiniteQuery(contactsTrackingQueryOptions()) : undefined,
    path === '/' ? client.prefetchInfiniteQuery(contactSuggestionsQueryOptions('')) : undefined,
    ON_DEMAND[path]?.(client),
  ]);
