import type { SystemConnectionResponse } from '../../shared/schemas/system';
import { googleLinksBase } from '../lib/google/links';
import { hasApiKey } from '../lib/identity/api-keys';
import { checkGoogleAccess } from '../lib/identity/google-grants';
import { defineHandler } from '../lib/http/handler';
import { readModelWarnings } from '../lib/settings/model-state';

/**
 * GET /api/v3/system/connection: the web app's connection test (cached 2 minutes there). The
 * caller's Google access is exercised (one token refresh, lib/identity/google-grants.ts), so a
 * grant revoked at Google reads "revoked" at the next check; OpenAI is not called (the stored
 * key). It also tells the web app where links into Google lead (google_links_base: null =
 * Google's own sites, else the Google emulator's viewer), as functions/lib/google/links.ts
 * decides for the server's links.
 */
export const handler = defineHandler('agency', {}, async ({ scope }) => {
  const [google, openai, modelWarnings] = await Promise.all([checkGoogleAccess(scope.email), hasApiKey(scope, 'openai'), readModelWarnings(scope.agencyName)]);
  return {
    success: true,
    status: 'connected',
    agency_name: scope.agencyName,
    google_connected: google === 'ok',
    google_access: google,
    openai_configured: openai,
    google_links_base: googleLinksBase(),
    model_warnings: modelWarnings,
  } satisfies SystemConnectionResponse;
});
