/**
 * THE route manifest. CDK (one Lambda per entry) and the local runtime both read it, and the
 * isolation/bad-input suites enumerate it, so a route exists in exactly one place.
 *
 * auth:
 *  - 'public'  no session needed (the handler may still read one, e.g. /auth/status)
 *  - 'user'    a signed-in session, agency not required (agency selector, create, accept)
 *  - 'agency'  a signed-in session with a selected agency the user is a member of
 *  - 'google-push'  no session, no CSRF header: a Pub/Sub push delivery carrying a Google-signed
 *              OIDC token (issuer, audience = the route URL, the configured service account)
 *
 * handler: module under functions/ exporting `handler`.
 */
export type HttpMethod = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
export type AuthLevel = 'public' | 'user' | 'agency' | 'google-push';

export type RouteDef = {
  /** PascalCase, unique: construct ids and function names derive from it */
  id: string;
  method: HttpMethod;
  /** API Gateway style path: /api/campaigns/{id} */
  path: string;
  /** module path relative to functions/, without extension */
  handler: string;
  auth: AuthLevel;
  /** Lambda timeout in seconds (API Gateway caps integrations at 30 s) */
  timeoutSeconds?: number;
  memoryMb?: number;
  /**
   * Every open tab polls it (status each second during a job, metrics every 15 s): not traced,
   * since X-Ray would record nearly every call of a poll at 1 request/s + 5 % sampling.
   */
  polled?: true;
};

/** The product name fills `{product}` in the spec's paths. */
export const PRODUCT_SLUG = 'threadline';

const r = (
  id: string,
  method: HttpMethod,
  path: string,
  auth: AuthLevel,
  handler: string,
  extra: Partial<Pick<RouteDef, 'timeoutSeconds' | 'memoryMb' | 'polled'>> = {},
): RouteDef => ({ id, method, path, auth, handler, ...extra });

export const routes: readonly RouteDef[] = [
  // Session and auth (backend-for-frontend OAuth)
  r('AuthLogin', 'GET', '/auth/login', 'public', 'auth/login'),
  r('AuthCallback', 'GET', '/auth/callback', 'public', 'auth/callback'),
  r('AuthStatus', 'GET', '/auth/status', 'public', 'auth/status'),
  r('AuthLogout', 'POST', '/auth/logout', 'public', 'auth/logout'),

  // Agency
  r('AgencyCreate', 'POST', '/api/v3/agency', 'user', 'agency/create'),
  r('AgencyListMine', 'GET', '/api/v3/agency/list-mine', 'user', 'agency/list-mine'),
  r('AgencySwitch', 'POST', '/api/v3/agency/switch', 'user', 'agency/switch'),
  r('AgencyMembers', 'GET', '/api/v3/agency/members', 'agency', 'agency/members'),
  r('AgencyInvite', 'POST', '/api/v3/agency/invitations', 'agency', 'agency/invite'),
  r('AgencyInvitationsMine', 'GET', '/api/v3/agency/invitations/mine', 'user', 'agency/invitations-mine'),
  r('AgencyInviteAccept', 'POST', '/api/v3/agency/invitations/accept', 'user', 'agency/invite-accept'),
  r('AgencyInviteResend', 'POST', '/api/v3/agency/invitations/resend', 'agency', 'agency/invite-resend'),
  r('AgencyInviteCancel', 'POST', '/api/v3/agency/invitations/cancel', 'agency', 'agency/invite-cancel'),
  r('AgencyMemberRemove', 'DELETE', '/api/campaigns/users/{email}', 'agency', 'agency/member-remove'),
  // The activity log (owners only): who changed what, paged by the server, and its CSV export
  r('AgencyAudit', 'GET', '/api/v3/audit', 'agency', 'agency/audit'),
  r('AgencyAuditExport', 'GET', '/api/v3/audit/export', 'agency', 'agency/audit-export'),

  // API keys
  r('ApiKeyValidate', 'POST', '/api/v3/api-keys/validate', 'agency', 'api-keys/validate'),
  r('ApiKeySet', 'POST', '/api/v3/api-keys/set', 'agency', 'api-keys/set'),
  r('ApiKeyStatus', 'GET', '/api/v3/api-keys/status', 'agency', 'api-keys/status'),

  // Campaigns
  r('CampaignAdd', 'POST', '/api/campaigns/add', 'agency', 'campaigns/add'),
  r('CampaignList', 'GET', '/api/campaigns/list', 'agency', 'campaigns/list'),
  r('CampaignGet', 'GET', '/api/campaigns/{id}', 'agency', 'campaigns/get'),
  r('CampaignDelete', 'POST', '/api/campaigns/delete', 'agency', 'campaigns/delete'),
  r('CampaignImportLonglist', 'POST', '/api/campaigns/import-longlist', 'agency', 'campaigns/import-longlist', {
    timeoutSeconds: 29,
    memoryMb: 1024,
  }),
  r('CampaignImportLonglistStatus', 'GET', '/api/campaigns/import-longlist/{import_id}', 'agency', 'campaigns/import-longlist-status'),
  r('CampaignClientAddress', 'POST', '/api/campaigns/client-addresses', 'agency', 'campaigns/client-address'),
  r('CampaignSheetMetadata', 'GET', '/api/campaigns/sheet-metadata', 'agency', 'campaigns/sheet-metadata'),
  r('DriveRootDelete', 'POST', `/api/campaigns/${PRODUCT_SLUG}/delete`, 'agency', 'campaigns/drive-root-delete'),
  r('DriveRootRecreate', 'POST', `/api/campaigns/${PRODUCT_SLUG}/recreate`, 'agency', 'campaigns/drive-root-recreate'),
  r('DriveHealth', 'GET', '/api/campaigns/drive/health', 'agency', 'campaigns/drive-health'),
  // A campaign's report: funnel, spend, key-date calendar and waiting replies, from the board's rows
  r('CampaignReport', 'GET', '/api/v3/campaigns/{id}/report', 'agency', 'campaigns/report'),

  // Contacts
  r('ContactsClear', 'POST', '/api/campaigns/contacts/clear', 'agency', 'contacts/clear'),
  r('ContactAdd', 'POST', '/api/campaigns/contacts/add', 'agency', 'contacts/add'),
  r('ContactTrackingToggle', 'POST', '/api/campaigns/contacts/tracking/toggle', 'agency', 'contacts/toggle-tracking'),
  r('ContactRemove', 'POST', '/api/campaigns/contacts/remove', 'agency', 'contacts/remove'),
  r('ContactsTracking', 'GET', '/api/campaigns/contacts/tracking', 'agency', 'contacts/tracking'),

  // A talent's data on request (owners only): everything held about them as JSON, and their erasure
  r('TalentExport', 'GET', '/api/v3/talents/{email}/export', 'agency', 'talents/export'),
  r('TalentErase', 'POST', '/api/v3/talents/erase', 'agency', 'talents/erase'),

  // Conversations ('changes' and 'assign' are literal paths: listed before {id}, and literal segments win in API Gateway and the local router)
  r('ConversationList', 'GET', '/api/v3/conversations', 'agency', 'conversations/list'),
  r('ConversationChanges', 'GET', '/api/v3/conversations/changes', 'agency', 'conversations/changes'),
  r('ConversationAssign', 'POST', '/api/v3/conversations/assign', 'agency', 'conversations/assign'),
  r('ConversationGet', 'GET', '/api/v3/conversations/{id}', 'agency', 'conversations/get'),
  r('ConversationPatch', 'PATCH', '/api/v3/conversations/{id}', 'agency', 'conversations/patch'),

  // Mailbox connections: a person connects their own Gmail to the current agency
  r('MailboxList', 'GET', '/api/v3/mailboxes', 'agency', 'mailboxes/list'),
  r('MailboxConnect', 'POST', '/api/v3/mailboxes/connect', 'agency', 'mailboxes/connect'),
  r('MailboxDisconnect', 'POST', '/api/v3/mailboxes/disconnect', 'agency', 'mailboxes/disconnect'),

  // Gmail push (Pub/Sub push subscription): new mail starts the mailbox's check at once
  r('PushGmail', 'POST', '/api/v3/push/gmail', 'google-push', 'push/gmail'),

  // System and metrics
  r('SystemHealth', 'GET', '/api/v3/system/health', 'public', 'system/health'),
  r('SystemConnection', 'GET', '/api/v3/system/connection', 'agency', 'system/connection'),
  r('DashboardMetrics', 'GET', '/api/v3/metrics', 'agency', 'processing/dashboard-metrics', { polled: true }),

  // Processing
  r('ProcessingStatus', 'GET', '/api/v3/status', 'agency', 'processing/status', { polled: true }),
  r('ProcessThread', 'POST', '/api/v3/process/thread', 'agency', 'processing/process-thread'),
  r('ProcessEmail', 'POST', '/api/v3/process/email', 'agency', 'processing/process-email'),
  r('ProcessCampaign', 'POST', '/api/v3/process/campaign', 'agency', 'processing/process-campaign'),
  r('ProcessInterval', 'POST', '/api/v3/process/interval', 'agency', 'processing/process-interval'),
  r('TaskCancel', 'POST', '/api/v3/task/{task_id}/cancel', 'agency', 'processing/task-cancel'),
  r('ProcessCancel', 'POST', '/api/v3/process/cancel', 'agency', 'processing/process-cancel'),
  r('MonitorMetrics', 'GET', '/api/v3/monitor/metrics', 'agency', 'processing/monitor-metrics', { polled: true }),
  r('SheetsResync', 'POST', '/api/v3/sheets/resync', 'agency', 'processing/sheets-resync'),

  // Settings
  r('SettingsModelConfigGet', 'GET', '/api/v3/settings/model-config', 'agency', 'settings/model-config-get'),
  r('SettingsModelConfigSet', 'POST', '/api/v3/settings/model-config', 'agency', 'settings/model-config-set'),
  r('SettingsProcessingModeGet', 'GET', '/api/v3/settings/processing-mode', 'agency', 'settings/processing-mode-get'),
  r('SettingsProcessingModeSet', 'POST', '/api/v3/settings/processing-mode', 'agency', 'settings/processing-mode-set'),
  r('SettingsProcessingLimitsGet', 'GET', '/api/v3/settings/processing-limits', 'agency', 'settings/processing-limits-get'),
  r('SettingsProcessingLimitsSet', 'POST', '/api/v3/settings/processing-limits', 'agency', 'settings/processing-limits-set'),
  r('SettingsDateRangeGet', 'GET', '/api/v3/settings/date-range-processing', 'agency', 'settings/date-range-get'),
  r('SettingsDateRangeSet', 'POST', '/api/v3/settings/date-range-processing', 'agency', 'settings/date-range-set'),
  r('SettingsHealthCheckGet', 'GET', '/api/v3/settings/health-check', 'agency', 'settings/health-check-get'),
  r('SettingsHealthCheckSet', 'POST', '/api/v3/settings/health-check', 'agency', 'settings/health-check-set'),
  r('SettingsMonitoringGet', 'GET', '/api/v3/settings/monitoring-config', 'agency', 'settings/monitoring-get'),
  r('SettingsMonitoringSet', 'POST', '/api/v3/settings/monitoring-config', 'agency', 'settings/monitoring-set'),
  r('SettingsApplyProfile', 'POST', '/api/v3/settings/apply-profile', 'agency', 'settings/apply-profile'),
  r('SettingsDefaults', 'GET', '/api/v3/settings/defaults', 'agency', 'settings/defaults'),
  r('SettingsReset', 'POST', '/api/v3/settings/reset', 'agency', 'settings/reset'),
  r('SettingsAuditRetentionGet', 'GET', '/api/v3/settings/audit-retention', 'agency', 'settings/audit-retention-get'),
  r('SettingsAuditRetentionSet', 'POST', '/api/v3/settings/audit-retention', 'agency', 'settings/audit-retention-set'),
];

/**
 * Functions that are not HTTP routes: the state machine's tasks and the scheduler's target.
 * ASL substitutions are named `${<id>FunctionArn}`.
 */
export type TaskDef = {
  id: string;
  handler: string;
  timeoutSeconds: number;
  memoryMb?: number;
  /** who invokes it: the state machine, an API route asynchronously (Lambda Event invoke), or the scheduler */
  kind: 'state-machine' | 'async' | 'schedule';
};

export const tasks: readonly TaskDef[] = [
  { id: 'JobInitialize', handler: 'processing/tasks/initialize', timeoutSeconds: 60, kind: 'state-machine' },
  { id: 'JobFetch', handler: 'processing/tasks/fetch', timeoutSeconds: 300, kind: 'state-machine' },
  { id: 'JobProcessBatch', handler: 'processing/tasks/process-batch', timeoutSeconds: 600, memoryMb: 1024, kind: 'state-machine' },
  { id: 'JobSyncSheets', handler: 'processing/tasks/sync-sheets', timeoutSeconds: 300, kind: 'state-machine' },
  { id: 'JobFinalize', handler: 'processing/tasks/finalize', timeoutSeconds: 60, kind: 'state-machine' },
  { id: 'JobReleaseLock', handler: 'processing/tasks/release-lock', timeoutSeconds: 30, kind: 'state-machine' },
  { id: 'MonitorTick', handler: 'processing/tasks/monitor-tick', timeoutSeconds: 300, kind: 'schedule' },
  // A share of a tick with more due agencies than one invocation checks, dispatched by the tick
  { id: 'MonitorShare', handler: 'processing/tasks/monitor-share', timeoutSeconds: 300, kind: 'async' },
  // Gmail push: the check a notification starts (after the route answered), and the daily watch renewal
  { id: 'PushCheck', handler: 'push/tasks/check', timeoutSeconds: 300, kind: 'async' },
  { id: 'PushWatchRenew', handler: 'push/tasks/renew-watches', timeoutSeconds: 300, kind: 'schedule' },
  { id: 'CampaignProvision', handler: 'campaigns/tasks/provision', timeoutSeconds: 300, kind: 'async' },
  { id: 'CampaignDeletion', handler: 'campaigns/tasks/delete', timeoutSeconds: 300, kind: 'async' },
  { id: 'LonglistImport', handler: 'campaigns/tasks/import-longlist', timeoutSeconds: 300, memoryMb: 1024, kind: 'async' },
];

export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>): string => `${route.method} ${route.path}`;

const byKey = new Map(routes.map((route) => [routeKey(route), route]));
export const routeForKey = (key: string | undefined): RouteDef | undefined => (key ? byKey.get(key) : undefined);
