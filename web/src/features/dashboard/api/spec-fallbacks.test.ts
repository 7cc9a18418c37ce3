// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../../shared/messages';
import { acceptInvite } from '../../agencies/api/accept-invite';
import { createAgency } from '../../agencies/api/create-agency';
import { listMyAgencies } from '../../agencies/api/list-my-agencies';
import { listMyInvites } from '../../agencies/api/list-my-invites';
import { switchAgency } from '../../agencies/api/switch-agency';
import { getAuthStatus } from '../../auth/api/get-auth-status';
import { logout } from '../../auth/api/logout';
import { createCampaign } from '../../campaigns/api/create-campaign';
import { deleteCampaign } from '../../campaigns/api/delete-campaign';
import { getCampaign } from '../../campaigns/api/get-campaign';
import { listCampaigns } from '../../campaigns/api/list-campaigns';
import { getProcessingStatus } from '../../processing/api/get-processing-status';
import { getDashboardMetrics } from './get-dashboard-metrics';
import { getMonitorMetrics } from './get-monitor-metrics';

/**
 * The spec's "Fallback messages" (section 8): a call the server refuses without saying why fails
 * with the call's own words, not the bare "Request failed"; what the server says still wins; an
 * empty answer reads "No response data received".
 */
const answer = (status: number, body: string) => vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } })));

afterEach(() => vi.unstubAllGlobals());

const CALLS: [string, () => Promise<unknown>, string][] = [
  ['list agencies', () => listMyAgencies(), messages.fallback.listAgencies],
  ['list invites', () => listMyInvites(), messages.fallback.listInvites],
  ['switch agency', () => switchAgency('glow'), messages.fallback.switchAgency],
  ['create agency', () => createAgency({ name: 'Glow Talent', invites: [], connect_mailbox: false } as never), messages.fallback.createAgency],
  ['accept invite', () => acceptInvite({ agency_name: 'glow' }), messages.fallback.acceptInvite],
  ['session status', () => getAuthStatus(), messages.fallback.sessionStatus],
  ['log out', () => logout(), messages.fallback.logout],
  ['create campaign', () => createCampaign({} as never), messages.fallback.createCampaign],
  ['delete campaign', () => deleteCampaign('glow-q1'), messages.fallback.deleteCampaign],
  ['load campaign', () => getCampaign('glow-q1'), messages.fallback.loadCampaign],
  ['load campaigns', () => listCampaigns(), messages.fallback.loadCampaigns],
  ['processing status', () => getProcessingStatus(), messages.fallback.processingStatus],
  ['dashboard metrics', () => getDashboardMetrics(), messages.fallback.dashboardMetrics],
  ['monitoring metrics', () => getMonitorMetrics(), messages.fallback.monitoringMetrics],
];

describe("the spec's fallback messages", () => {
  it.each(CALLS)('%s: a refusal with no words of its own reads the spec fallback', async (_name, call, fallback) => {
    answer(500, '{}');
    await expect(call()).rejects.toMatchObject({ status: 500, message: fallback });
    answer(400, JSON.stringify({ success: false }));
    await expect(call()).rejects.toMatchObject({ status: 400, message: fallback });
  });

  it.each(CALLS)("%s: the server's own message wins over the fallback", async (_name, call) => {
    answer(403, JSON.stringify({ success: false, error: 'Only owners can do that' }));
    await expect(call()).rejects.toMatchObject({ status: 403, message: 'Only owners can do that' });
  });

  it.each(CALLS)('%s: an empty answer reads "No response data received"', async (_name, call) => {
    answer(200, '');
    await expect(call()).rejects.toMatchObject({ message: 'No response data received' });
  });
});
