import { agencyKeys } from '../features/agencies/api/agency-keys';
import { apiKeyKeys } from '../features/api-keys/api/api-key-keys';
import { authKeys } from '../features/auth/api/auth-keys';
import { campaignKeys } from '../features/campaigns/api/campaign-keys';
import { contactKeys } from '../features/contacts/api/contact-keys';
import { dashboardKeys } from '../features/dashboard/api/dashboard-keys';
import { memberKeys } from '../features/members/api/member-keys';
import { processingKeys } from '../features/processing/api/processing-keys';
import { settingsKeys } from '../features/settings/api/settings-keys';
import { createQueryClient, type CachePolicy } from '../lib/query-client';

/**
 * The spec's cache times (section 9) by data family. Entity data (5 min) is what users create and
 * change through this app, which invalidates it on every change; static data (15 min) is
 * configuration that changes only when someone saves it; real-time data (0) moves on its own.
 * Health and sheet checks keep the 60 s of data queries: they probe Google, not our records.
 */
export const APP_CACHE_POLICY: CachePolicy = [
  { key: authKeys.all, cache: 'entity' },
  { key: agencyKeys.all, cache: 'entity' },
  { key: memberKeys.all, cache: 'entity' },
  { key: campaignKeys.all, cache: 'entity' },
  { key: campaignKeys.driveHealth(), cache: 'default' },
  { key: contactKeys.all, cache: 'entity' },
  { key: [...contactKeys.all, 'sheet-metadata'], cache: 'default' },
  { key: settingsKeys.all, cache: 'static' },
  { key: apiKeyKeys.all, cache: 'static' },
  { key: dashboardKeys.all, cache: 'realtime' },
  { key: processingKeys.all, cache: 'realtime' },
];

/** The app's client: a 401 anywhere re-checks the session, so the gate shows sign-in. */
export const queryClient = createQueryClient({
  onUnauthorized: (client) => void client.invalidateQueries({ queryKey: authKeys.status() }),
  cachePolicy: APP_CACHE_POLICY,
});
