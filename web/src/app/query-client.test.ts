import { describe, expect, it } from 'vitest';
import { campaignsQueryOptions } from '../features/campaigns/api/list-campaigns';
import { dashboardMetricsQueryOptions } from '../features/dashboard/api/get-dashboard-metrics';
import { processingStatusQueryOptions } from '../features/processing/api/get-processing-status';
import { queryClient } from './query-client';

const MINUTE = 60_000;

/** The staleTime a query of this key gets: library defaults, then the policy, then its own. */
const staleTimeOf = (options: { queryKey: readonly unknown[]; staleTime?: unknown }) =>
  queryClient.defaultQueryOptions(options as Parameters<typeof queryClient.defaultQueryOptions>[0]).staleTime;

describe("the app's cache times (spec section 9)", () => {
  it('keeps entity data 5 minutes fresh: session, agencies, members, campaigns, contacts', () => {
    for (const key of [['auth', 'status'], ['agencies', 'mine'], ['members', 'list'], ['campaigns', 'list'], ['campaigns', 'detail', 'x'], ['contacts', 'tracking']]) {
      expect(staleTimeOf({ queryKey: key }), key.join('/')).toBe(5 * MINUTE);
    }
    expect(staleTimeOf(campaignsQueryOptions())).toBe(5 * MINUTE);
  });

  it('keeps static data (settings, the key status) 15 minutes fresh', () => {
    for (const key of [['settings', 'model_config'], ['settings', 'processing_limits'], ['api-keys', 'status']]) {
      expect(staleTimeOf({ queryKey: key }), key.join('/')).toBe(15 * MINUTE);
    }
  });

  it('never caches real-time data', () => {
    expect(staleTimeOf(processingStatusQueryOptions())).toBe(0);
    expect(staleTimeOf(dashboardMetricsQueryOptions())).toBe(0);
    expect(staleTimeOf({ queryKey: ['dashboard', 'monitor-metrics'] })).toBe(0);
  });

  it('leaves Google probes and anything unlisted at the 60 s of data queries, kept 5 minutes', () => {
    expect(staleTimeOf({ queryKey: ['campaigns', 'drive-health'] })).toBe(MINUTE);
    expect(staleTimeOf({ queryKey: ['contacts', 'sheet-metadata', 'abc'] })).toBe(MINUTE);
    expect(staleTimeOf({ queryKey: ['something-new'] })).toBe(MINUTE);
    const defaults = queryClient.getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(5 * MINUTE);
    expect(defaults?.retry).toBe(1);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });
});
