// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailboxesResponse } from '../../../../shared/schemas/mailboxes';
import { MODEL_DEFAULTS, MODEL_PURPOSES } from '../../../../shared/constants';
import { modelConfigResponse } from '../../../../shared/schemas/settings';
import { authKeys } from '../../features/auth/api/auth-keys';
import { connectionKeys } from '../startup/connection-check';
import { CampaignsRoute } from '../../features/campaigns/routes/campaigns';
import { ContactsRoute } from '../../features/contacts/routes/contacts';
import { DashboardRoute } from '../../features/dashboard/routes/dashboard';
import { SettingsRoute } from '../../features/settings/routes/settings';
import { fakeResponse } from '../../testing/fake-response';
import { fakeAuthStatus, fakeCampaignList, fakeDashboardMetrics, fakeDriveHealth, fakeMembers, fakeMonitorMetrics, fakeProcessingStatus, fakeTracking } from '../../testing/fakes';
import { fakeApi, renderAt, testQueryClient } from '../../testing/render';
import { PAGE_QUERIES, prefetchPage, type NavPath } from './prefetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Every call answers an empty success: this test is about which data, not what it holds. The
// answers the pages parse get a body of their schema's shape (a refused one would not be fresh
// data); any other call answers a bare success, sent as knowingly malformed.
const sections = {
  'GET /api/v3/settings/processing-mode': { incremental_processing_enabled: true, min_messages_for_incremental: 3, fallback_on_error: true },
  'GET /api/v3/settings/processing-limits': { oldest_scan_days: 365, follow_up_after_days: 3, agency_locale: 'en-US', default_currency: 'USD' },
  'GET /api/v3/settings/date-range-processing': { include_full_thread: true },
  'GET /api/v3/settings/health-check': { skip_on_startup: false, skip_on_campaign_creation: true, skip_on_add_contact: true, skip_on_import_longlist: true },
  'GET /api/v3/settings/monitoring-config': { hours_to_check: 48, check_interval_minutes: 5, max_duration_minutes: 10 },
};
const STRICT: Record<string, unknown> = {
  'GET /api/v3/mailboxes': mailboxesResponse.parse({ success: true, mailboxes: [], you: { email: 'me@acme.test', connected: false, google_access: true }, check_interval_minutes: 5 }),
  'GET /api/v3/settings/model-config': fakeResponse(modelConfigResponse, {
    success: true,
    configurations: Object.fromEntries(MODEL_PURPOSES.map((purpose) => [purpose, { ...MODEL_DEFAULTS[purpose], shutdown_on: null, successor: null }])) as never,
    models: [],
    models_source: 'catalog',
    model_warnings: [],
  }),
  ...Object.fromEntries(Object.entries(sections).map(([key, settings]) => [key, { success: true, settings }])),
  'GET /auth/status': fakeAuthStatus(),
  'GET /api/v3/agency/members': fakeMembers([]),
  'GET /api/v3/status': fakeProcessingStatus(),
  'GET /api/v3/metrics': fakeDashboardMetrics(),
  'GET /api/v3/monitor/metrics': fakeMonitorMetrics(),
  'GET /api/campaigns/list': fakeCampaignList([]),
  'GET /api/campaigns/drive/health': fakeDriveHealth(),
  'GET /api/campaigns/contacts/tracking': fakeTracking(),
};
const anything = new Proxy({}, {
  get: (_, key) => () => (String(key) in STRICT ? { body: STRICT[String(key)] } : { body: { success: true }, malformed: true as const }),
}) as Parameters<typeof fakeApi>[0];

/** Read only on purpose: asking for "What changed" records a visit, and a hover is not one. */
const READ_ONLY_ON_PURPOSE = '["conversations","changes"';

const keysOf = (client: ReturnType<typeof testQueryClient>) =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => JSON.stringify(query.queryKey))
    .filter((key) => !key.startsWith(READ_ONLY_ON_PURPOSE))
    .sort();

const PAGES: Record<NavPath, () => ReactElement> = {
  '/': () => <DashboardRoute />,
  '/campaigns': () => <CampaignsRoute />,
  '/contacts': () => <ContactsRoute />,
  '/settings': () => <SettingsRoute />,
};

describe('hover prefetch', () => {
  it.each(Object.keys(PAGES) as NavPath[])('loads exactly what the %s page loads', async (path) => {
    const api = fakeApi(anything);
    vi.stubGlobal('fetch', vi.fn(api.fetchImpl));

    const page = testQueryClient();
    renderAt(PAGES[path](), { client: page });
    const expected = PAGE_QUERIES[path]().length;
    await vi.waitFor(() => expect(keysOf(page).length).toBeGreaterThanOrEqual(expected));
    // Let late mounts (sections under a loaded list) register their queries too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    cleanup();

    const hovered = testQueryClient();
    // The session is loaded before any link shows (its role picks the owner-only parts of a page).
    hovered.setQueryData(authKeys.status(), page.getQueryData(authKeys.status()));
    await prefetchPage(hovered, path);
    // The session and the connection check are the app shell's: loaded before any link shows, never prefetched by a page.
    const shell = new Set([JSON.stringify(authKeys.status()), JSON.stringify(connectionKeys.all)]);
    expect(keysOf(hovered).filter((key) => !shell.has(key))).toEqual(keysOf(page).filter((key) => !shell.has(key)));
  });

  it('asks again only for data that is no longer fresh', async () => {
    const api = fakeApi(anything);
    vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
    const client = testQueryClient();
    await prefetchPage(client, '/settings');
    const first = api.calls.length;
    expect(first).toBe(PAGE_QUERIES['/settings']().length);
    await prefetchPage(client, '/settings');
    expect(api.calls.length).toBe(first);
  });
});
