import type { QueryClient } from '@tanstack/react-query';
import { connectionQueryOptions } from '../startup/connection-check';
import { PAGE_QUERIES, prefetchPage, type NavPath, type PageQuery } from './prefetch';

const isNavPath = (path: string): path is NavPath => path in PAGE_QUERIES;

/**
 * Real-time data (processing status, metrics: stale at once) is left to the page: it refetches on
 * mount whatever the cache holds, so fetching it here would only ask twice.
 */
const staysFresh = (client: QueryClient, options: PageQuery): boolean => {
  const staleTime = options.staleTime ?? client.getQueryDefaults(options.queryKey).staleTime;
  return staleTime !== 0;
};

/**
 * What an agency page asks for as soon as it mounts, minus the real-time data: the layout's
 * connection check and, on a top-nav page, that page's queries. Started by the startup preload
 * together with the session check (startup/preload.ts).
 */
export const prefetchStartupData = (client: QueryClient, pathname: string) =>
  Promise.all([
    client.prefetchQuery(connectionQueryOptions()),
    isNavPath(pathname) ? prefetchPage(client, pathname, (options) => staysFresh(client, options)) : undefined,
  ]);
