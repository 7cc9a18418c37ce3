/**
 * Fake API answers for web tests, each a complete answer of its shared response schema with the
 * given changes over it, checked by that schema (fakeResponse): when a handler's shape changes,
 * the fakes that no longer match fail the tests that use them.
 */
import { campaignListResponse, driveHealthResponse, trackingResponse, type CampaignJson } from '../../../shared/schemas/campaigns';
import { apiKeyStatusResponse, authStatusResponse, membersResponse, messageResponse, type MemberJson } from '../../../shared/schemas/identity';
import { dashboardMetricsResponse, IDLE_PROCESSING_STATUS, monitorMetricsResponse, processingStatusResponse, startedResponse } from '../../../shared/schemas/processing';
import type { z } from '../lib/zod';
import { mailboxJson, type MailboxJson } from '../../../shared/schemas/mailboxes';
import { fakeData, fakeResponse } from './fake-response';

type In<S extends z.ZodType> = z.input<S>;

export const fakeAuthStatus = (changes: Partial<In<typeof authStatusResponse>> = {}) =>
  fakeResponse(authStatusResponse, {
    authenticated: true,
    user: { email: 'maya@acme.test', name: 'Maya', picture: null },
    agency_name: 'acme',
    agency_display_name: 'Acme',
    membership_role: 'owner',
    pending_agency: false,
    has_pending_tokens: false,
    ...changes,
  });

/** What /auth/status answers to a visitor without a session. */
export const SIGNED_OUT_STATUS = {
  authenticated: false,
  user: null,
  agency_name: null,
  membership_role: null,
  pending_agency: false,
  has_pending_tokens: false,
} as const satisfies In<typeof authStatusResponse>;

export const fakeSignedOut = () => fakeResponse(authStatusResponse, { ...SIGNED_OUT_STATUS });

/** One row of GET /api/v3/mailboxes: the caller's own mailbox, connected, read by polling. */
export const fakeMailbox = (overrides: Partial<MailboxJson> = {}): MailboxJson =>
  fakeData(mailboxJson, {
    email: 'me@acme.test',
    owner_name: 'Maya Okafor',
    is_you: true,
    connected_at: '2026-01-01T09:00:00.000Z',
    from_addresses: [],
    after: null,
    health: 'connected',
    health_detail: null,
    last_check_at: null,
    last_success_at: null,
    push: { state: 'polling', watching_until: null, last_notification_at: null, fallback_reason: 'not_configured', detail: null },
    ...overrides,
  });

export const fakeApiKeyStatus = (openai = true) => fakeResponse(apiKeyStatusResponse, { success: true, openai });

export const fakeMessage = (message = 'Done') => fakeResponse(messageResponse, { success: true, message });

export const fakeCampaignList = (campaigns: CampaignJson[]) => fakeResponse(campaignListResponse, { success: true, campaigns, total: campaigns.length });

export const fakeDriveHealth = (changes: Partial<In<typeof driveHealthResponse>> = {}) =>
  fakeResponse(driveHealthResponse, {
    success: true,
    healthy: true,
    campaigns_tracker: { id: 'tracker-1', exists: true },
    threadline_folder: { id: 'root-1', exists: true },
    drive_account: null,
    recovered: false,
    ...changes,
  });

/** One page of the contacts (the first, with the counts, unless the changes say otherwise). */
export const fakeTracking = (changes: Partial<In<typeof trackingResponse>> = {}) =>
  fakeResponse(trackingResponse, {
    success: true,
    contacts: {},
    summary: { total_contacts: 0, tracking_enabled: 0, tracking_disabled: 0, total_campaigns: 0 },
    by_campaign: {},
    next_cursor: null,
    ...changes,
  });

export const fakeMember = (changes: Partial<MemberJson> & Pick<MemberJson, 'email'>): MemberJson => ({
  name: null,
  picture: null,
  role: 'member',
  status: 'active',
  invited_at: null,
  accepted_at: null,
  expires_at: null,
  invited_by: null,
  is_oauth_user: true,
  ...changes,
});

export const fakeMembers = (members: MemberJson[], changes: Partial<In<typeof membersResponse>> = {}) =>
  fakeResponse(membersResponse, { success: true, members, current_user_email: 'maya@acme.test', current_user_role: 'owner', ...changes });

export const fakeProcessingStatus = (changes: Partial<In<typeof processingStatusResponse>> = {}) =>
  fakeResponse(processingStatusResponse, { ...IDLE_PROCESSING_STATUS, ...changes });

/** The progress of a job: both readings the server sends (threads_* and plain). */
export const fakeProgress = (completed: number, total: number, percent = total > 0 ? (completed / total) * 100 : 0) => ({
  threads_total: total,
  threads_completed: completed,
  total,
  completed,
  percent,
});

export const fakeStarted = (taskId = 'task-1', message = 'Started') => fakeResponse(startedResponse, { success: true, task_id: taskId, message });

export const fakeDashboardMetrics = (changes: Partial<In<typeof dashboardMetricsResponse>> = {}) =>
  fakeResponse(dashboardMetricsResponse, { success: true, totalCampaigns: 0, totalContacts: 0, trackingEnabled: 0, trackedConversations: 0, ...changes });

export const fakeMonitorMetrics = (changes: Partial<In<typeof monitorMetricsResponse>['data']> = {}) =>
  fakeResponse(monitorMetricsResponse, {
    success: true,
    status: 'success',
    data: {
      is_processing: false,
      last_check: null,
      next_check_at: null,
      next_check_in_seconds: null,
      threads_in_last_check: 0,
      messages_in_last_check: 0,
      tracked_conversations: 0,
      ...changes,
    },
  });
