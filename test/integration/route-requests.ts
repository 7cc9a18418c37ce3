import { PRODUCT_SLUG, type RouteDef } from '../../functions/routes';

/** Identifiers that belong to one agency: the isolation suite aims another agency's requests at them. */
export type Targets = {
  campaignId: string;
  contactEmail: string;
  memberEmail: string;
  inviteEmail: string;
  taskId: string;
  threadId: string;
  sheetId: string;
  agencyName: string;
};

export type RouteRequest = { path: string; body?: unknown };

/**
 * A well-formed request for every route of the manifest, aimed at `targets`. A route added to
 * the manifest without an entry here fails the suites that enumerate the manifest.
 */
export const REQUESTS: Record<string, (t: Targets) => RouteRequest> = {
  AuthLogin: () => ({ path: '/auth/login' }),
  AuthCallback: () => ({ path: '/auth/callback?code=forged&state=forged' }),
  AuthStatus: () => ({ path: '/auth/status' }),
  AuthLogout: () => ({ path: '/auth/logout', body: {} }),
  AgencyCreate: (t) => ({ path: '/api/v3/agency', body: { name: t.agencyName } }),
  AgencyListMine: () => ({ path: '/api/v3/agency/list-mine' }),
  AgencySwitch: (t) => ({ path: '/api/v3/agency/switch', body: { agency_name: t.agencyName } }),
  AgencyMembers: () => ({ path: '/api/v3/agency/members' }),
  AgencyInvite: (t) => ({ path: '/api/v3/agency/invitations', body: { email: t.memberEmail, role: 'member' } }),
  AgencyInvitationsMine: () => ({ path: '/api/v3/agency/invitations/mine' }),
  AgencyInviteAccept: (t) => ({ path: '/api/v3/agency/invitations/accept', body: { agency_name: t.agencyName } }),
  AgencyInviteResend: (t) => ({ path: '/api/v3/agency/invitations/resend', body: { email: t.inviteEmail } }),
  AgencyInviteCancel: (t) => ({ path: '/api/v3/agency/invitations/cancel', body: { email: t.inviteEmail } }),
  AgencyMemberRemove: (t) => ({ path: `/api/campaigns/users/${encodeURIComponent(t.memberEmail)}` }),
  AgencyAudit: (t) => ({ path: `/api/v3/audit?contact_email=${encodeURIComponent(t.contactEmail)}` }),
  AgencyAuditExport: (t) => ({ path: `/api/v3/audit/export?campaign_id=${t.campaignId}` }),
  ApiKeyValidate: () => ({ path: '/api/v3/api-keys/validate', body: { service: 'openai', api_key: `sk-${'x'.repeat(48)}` } }),
  ApiKeySet: () => ({ path: '/api/v3/api-keys/set', body: { service: 'openai', api_key: `sk-${'x'.repeat(48)}` } }),
  ApiKeyStatus: () => ({ path: '/api/v3/api-keys/status' }),
  CampaignAdd: (t) => ({ path: '/api/campaigns/add', body: { campaign_id: t.campaignId, campaign_name: 'Taken', client_name: 'Other' } }),
  CampaignList: () => ({ path: '/api/campaigns/list' }),
  CampaignGet: (t) => ({ path: `/api/campaigns/${t.campaignId}` }),
  CampaignDelete: (t) => ({ path: '/api/campaigns/delete', body: { campaign_id: t.campaignId, force: false } }),
  CampaignImportLonglist: (t) => ({ path: '/api/campaigns/import-longlist', body: { campaign_id: t.campaignId, source_sheet_id: t.sheetId } }),
  CampaignImportLonglistStatus: (t) => ({ path: `/api/campaigns/import-longlist/${t.taskId}` }),
  CampaignClientAddress: (t) => ({ path: '/api/campaigns/client-addresses', body: { campaign_id: t.campaignId, email: 'brand.person@client.test', client: true } }),
  CampaignReport: (t) => ({ path: `/api/v3/campaigns/${t.campaignId}/report` }),
  CampaignSheetMetadata: (t) => ({ path: `/api/campaigns/sheet-metadata?sheet_id=${t.sheetId}` }),
  DriveRootDelete: () => ({ path: `/api/campaigns/${PRODUCT_SLUG}/delete`, body: { confirm: true } }),
  DriveRootRecreate: () => ({ path: `/api/campaigns/${PRODUCT_SLUG}/recreate`, body: { confirm: true } }),
  DriveHealth: () => ({ path: '/api/campaigns/drive/health' }),
  ContactsClear: () => ({ path: '/api/campaigns/contacts/clear', body: { confirm: true } }),
  ContactAdd: (t) => ({ path: '/api/campaigns/contacts/add', body: { email: t.contactEmail, talent_name: 'Someone', email_owner: '', campaign_id: t.campaignId } }),
  ContactTrackingToggle: (t) => ({ path: '/api/campaigns/contacts/tracking/toggle', body: { email: t.contactEmail, tracking: false } }),
  ContactRemove: (t) => ({ path: '/api/campaigns/contacts/remove', body: { email: t.contactEmail } }),
  ContactsTracking: () => ({ path: '/api/campaigns/contacts/tracking' }),
  TalentExport: (t) => ({ path: `/api/v3/talents/${encodeURIComponent(t.contactEmail)}/export` }),
  TalentErase: (t) => ({ path: '/api/v3/talents/erase', body: { email: t.contactEmail } }),
  ConversationList: (t) => ({ path: `/api/v3/conversations?campaign_id=${t.campaignId}&sort=-updated` }),
  ConversationChanges: () => ({ path: '/api/v3/conversations/changes' }),
  ConversationAssign: (t) => ({
    path: '/api/v3/conversations/assign',
    body: { id: `~na:${'0'.repeat(32)}`, assignments: [{ contact_email: t.contactEmail, campaign_id: t.campaignId }] },
  }),
  ConversationGet: (t) => ({ path: `/api/v3/conversations/${encodeURIComponent(`${t.campaignId}:${t.contactEmail}`)}` }),
  ConversationPatch: (t) => ({ path: `/api/v3/conversations/${encodeURIComponent(`${t.campaignId}:${t.contactEmail}`)}`, body: { status: 'confirmed' } }),
  MailboxList: () => ({ path: '/api/v3/mailboxes' }),
  MailboxConnect: () => ({ path: '/api/v3/mailboxes/connect', body: { from_addresses: [], after: null } }),
  MailboxDisconnect: () => ({ path: '/api/v3/mailboxes/disconnect', body: { remove_data: false } }),
  // A Pub/Sub push naming A's owner's mailbox: only a Google-signed token may deliver it.
  PushGmail: (t) => ({
    path: '/api/v3/push/gmail',
    body: { message: { data: Buffer.from(JSON.stringify({ emailAddress: t.memberEmail, historyId: '99999999' })).toString('base64'), messageId: '1' }, subscription: 'projects/p/subscriptions/s' },
  }),
  SystemHealth: () => ({ path: '/api/v3/system/health' }),
  SystemConnection: () => ({ path: '/api/v3/system/connection' }),
  DashboardMetrics: () => ({ path: '/api/v3/metrics' }),
  ProcessingStatus: () => ({ path: '/api/v3/status' }),
  ProcessThread: (t) => ({ path: '/api/v3/process/thread', body: { thread_id: t.threadId } }),
  ProcessEmail: (t) => ({ path: '/api/v3/process/email', body: { email: t.contactEmail } }),
  ProcessCampaign: (t) => ({ path: '/api/v3/process/campaign', body: { campaign_id: t.campaignId } }),
  ProcessInterval: () => ({ path: '/api/v3/process/interval', body: { start_date: '2026-11-01', end_date: '2026-11-02' } }),
  TaskCancel: (t) => ({ path: `/api/v3/task/${t.taskId}/cancel`, body: {} }),
  ProcessCancel: () => ({ path: '/api/v3/process/cancel', body: {} }),
  MonitorMetrics: () => ({ path: '/api/v3/monitor/metrics' }),
  SheetsResync: () => ({ path: '/api/v3/sheets/resync', body: {} }),
  SettingsModelConfigGet: () => ({ path: '/api/v3/settings/model-config' }),
  SettingsModelConfigSet: () => ({ path: '/api/v3/settings/model-config', body: { operation: 'thread_summary', model: 'gpt-5' } }),
  SettingsProcessingModeGet: () => ({ path: '/api/v3/settings/processing-mode' }),
  SettingsProcessingModeSet: () => ({ path: '/api/v3/settings/processing-mode', body: { min_messages_for_incremental: 9 } }),
  SettingsProcessingLimitsGet: () => ({ path: '/api/v3/settings/processing-limits' }),
  SettingsProcessingLimitsSet: () => ({ path: '/api/v3/settings/processing-limits', body: { oldest_scan_days: 9 } }),
  SettingsDateRangeGet: () => ({ path: '/api/v3/settings/date-range-processing' }),
  SettingsDateRangeSet: () => ({ path: '/api/v3/settings/date-range-processing', body: { include_full_thread: false } }),
  SettingsHealthCheckGet: () => ({ path: '/api/v3/settings/health-check' }),
  SettingsHealthCheckSet: () => ({ path: '/api/v3/settings/health-check', body: { skip_on_startup: true } }),
  SettingsMonitoringGet: () => ({ path: '/api/v3/settings/monitoring-config' }),
  SettingsMonitoringSet: () => ({ path: '/api/v3/settings/monitoring-config', body: { hours_to_check: 9 } }),
  SettingsApplyProfile: () => ({ path: '/api/v3/settings/apply-profile', body: { profile: 'economy' } }),
  SettingsDefaults: () => ({ path: '/api/v3/settings/defaults' }),
  SettingsReset: () => ({ path: '/api/v3/settings/reset', body: { config_type: 'all' } }),
  SettingsAuditRetentionGet: () => ({ path: '/api/v3/settings/audit-retention' }),
  SettingsAuditRetentionSet: () => ({ path: '/api/v3/settings/audit-retention', body: { retention_days: 30 } }),
};

export const requestFor = (route: RouteDef, targets: Targets): RouteRequest => {
  const build = REQUESTS[route.id];
  if (!build) throw new Error(`route ${route.id} has no request in test/integration/route-requests.ts`);
  return build(targets);
};
