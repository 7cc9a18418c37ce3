import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEventEntity } from '../../functions/lib/store/entities/audit-event';
import { memberEntity } from '../../functions/lib/store/entities/member';
import type { LambdaHandler } from '../../infra/local/runtime';
import { routes, type RouteDef } from '../../functions/routes';
import { campaignListResponse } from '../../shared/schemas/campaigns';
import { NON_JSON_ROUTES, RESPONSE_SCHEMAS, type RouteWithResponse } from '../../shared/schemas/responses';
import { readModelConfig } from '../../web/src/features/settings/api/get-model-config';
import { ApiError } from '../../web/src/lib/api-client';
import { parseResponse } from '../../web/src/lib/parse-response';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { truth } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { signIn, type SignedIn } from './identity-helpers';

/**
 * The contract between every handler and the web: each route is called on a live runtime as a
 * signed-in person and its answer parsed with the shared response schema the handler is typed by
 * and the web parses with (shared/schemas/responses.ts). A handler whose answer changes shape
 * fails here before any screen meets it. One runtime for the whole file, called in an order in
 * which every call can succeed.
 */

/** Routes this file does not call, each with the reason; every other route of the manifest is called. */
const NOT_CALLED: Partial<Record<string, string>> = {
  ConversationAssign: 'needs a needs-assignment conversation, which only processing real mail makes (conversations-api.test.ts)',
  ProcessThread: 'one started job is enough to check the shared start answer; a thread job needs processed mail',
  ProcessEmail: 'same answer as ProcessInterval (startedResponse); a second job would wait for the first',
  ProcessCampaign: 'same answer as ProcessInterval (startedResponse); a second job would wait for the first',
};

const parsed = new Map<string, unknown>();

/**
 * Mutating routes (POST, PUT, PATCH, DELETE) that are no person's change to the agency's data,
 * each with the reason; every other one must leave an audit event by its caller (issue 26).
 */
const NOT_AUDITED: Partial<Record<string, string>> = {
  AuthLogout: "ends the caller's own session; nothing of the agency changes",
  AgencySwitch: "selects which agency the caller's session shows; nothing of the agency changes",
  ApiKeyValidate: 'checks a key with the provider and stores nothing (ApiKeySet records the key being set)',
  PushGmail: "Google's delivery of new mail, not a person's change",
  ProcessThread: 'starts a processing job: the job item records who started it; the data it changes is the mail, not a person',
  ProcessEmail: 'starts a processing job (see ProcessThread)',
  ProcessCampaign: 'starts a processing job (see ProcessThread)',
  ProcessInterval: 'starts a processing job (see ProcessThread)',
  TaskCancel: 'stops a processing job, which keeps what it did',
  ProcessCancel: 'stops a processing job, which keeps what it did',
  SheetsResync: "rewrites the sheets from the agency's own data: a repair, nothing a person chose changes",
};
/** Mutating routes this file does not call whose event another suite checks. */
const AUDITED_ELSEWHERE: Partial<Record<string, string>> = {
  ConversationAssign: 'test/integration/audit-api.test.ts (an assignment and a dismissal)',
};
/** Mutating routes whose call left an event by its caller. */
const audited = new Set<string>();
let auditedAgency: string | undefined;
const latestEvent = async () =>
  auditedAgency ? (await auditEventEntity.query.byAgency({ agencyName: auditedAgency }).go({ order: 'desc', count: 1 })).data[0] : undefined;

/**
 * Set by the drift test: the named route's real answer changed the way a careless edit of its
 * handler would change it (a field renamed, a type changed, objects turned into strings).
 */
let drift: { routeId: string; change: (body: Record<string, unknown>) => void } | undefined;
const driftable = (routeId: string, run: LambdaHandler): LambdaHandler => async (event, context) => {
  const result = (await run(event, context)) as { body?: string };
  if (drift?.routeId !== routeId || typeof result.body !== 'string') return result;
  const body = JSON.parse(result.body) as Record<string, unknown>;
  drift.change(body);
  return { ...result, body: JSON.stringify(body) };
};
const CAMPAIGN = 'contract-q1';
const CONTACT = 'contract.talent@example.com';

describe('API contracts: every answer parses with its shared response schema', () => {
  let booted: Booted;
  let owner: SignedIn;
  let colleague: SignedIn;

  const byId = (id: string): RouteDef => {
    const route = routes.find((candidate) => candidate.id === id);
    if (!route) throw new Error(`no route ${id}`);
    return route;
  };

  /** Calls a route as `who` and parses its answer with the route's schema; the parsed answer. */
  const call = async <T = Record<string, unknown>>(who: SignedIn, id: RouteWithResponse, path: string, body?: unknown): Promise<T> => {
    const route = byId(id);
    const before = route.method === 'GET' ? undefined : (await latestEvent())?.id;
    const response = await who.api.request(route.method, path, route.method === 'GET' ? undefined : (body ?? {}));
    expect(response.status, `${id} ${path}: ${response.text}`).toBeLessThan(300);
    if (id === 'AgencyCreate') auditedAgency = (response.body as { agency: { name: string } }).agency.name;
    if (route.method !== 'GET') {
      const after = await latestEvent();
      if (after && after.id !== before && after.actor === who.email) audited.add(id);
    }
    const result = RESPONSE_SCHEMAS[id].safeParse(response.body);
    expect(result.success ? [] : result.error.issues, `${id} answers the shape of its shared schema`).toEqual([]);
    parsed.set(id, result.data);
    return result.data as T;
  };

  beforeAll(async () => {
    booted = await boot({ wrapRoute: driftable });
    owner = await signIn(booted.runtime, truth.longlist.owner);
    colleague = await signIn(booted.runtime, 'daniel@brightwave-agency.com');
  });
  afterAll(async () => {
    await booted?.stop();
  });

  it('session, agency, members and API key routes', async () => {
    await call(owner, 'AuthStatus', '/auth/status');
    const created = await call<{ agency: { name: string } }>(owner, 'AgencyCreate', '/api/v3/agency', { name: 'Contract Agency' });
    await call(owner, 'AgencyListMine', '/api/v3/agency/list-mine');
    await call(owner, 'AgencySwitch', '/api/v3/agency/switch', { agency_name: created.agency.name });
    await call(owner, 'ApiKeyValidate', '/api/v3/api-keys/validate', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    await call(owner, 'ApiKeySet', '/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    await call(owner, 'ApiKeyStatus', '/api/v3/api-keys/status');

    await call(owner, 'AgencyInvite', '/api/v3/agency/invitations', { email: 'priya@brightwave-agency.com', role: 'member' });
    await call(owner, 'AgencyInviteCancel', '/api/v3/agency/invitations/cancel', { email: 'priya@brightwave-agency.com' });
    await call(owner, 'AgencyInvite', '/api/v3/agency/invitations', { email: colleague.email, role: 'member' });
    // Only an expired invitation is sent again: this one is made to have expired.
    await memberEntity.patch({ agencyName: created.agency.name, email: colleague.email }).set({ expiresAt: '2020-01-01T00:00:00.000Z' }).go();
    await call(owner, 'AgencyInviteResend', '/api/v3/agency/invitations/resend', { email: colleague.email });
    await call(colleague, 'AgencyInvitationsMine', '/api/v3/agency/invitations/mine');
    await call(colleague, 'AgencyInviteAccept', '/api/v3/agency/invitations/accept', { agency_name: created.agency.name });
    await call(owner, 'AgencyMembers', '/api/v3/agency/members');
    await call(owner, 'AgencyMemberRemove', `/api/campaigns/users/${encodeURIComponent(colleague.email)}`);
  });

  it('campaign, contact and conversation routes', async () => {
    await call(owner, 'CampaignAdd', '/api/campaigns/add', { campaign_id: CAMPAIGN, campaign_name: 'Contract Q1', client_name: 'Glow' });
    await booted.runtime.settleAsync();
    await call(owner, 'CampaignList', '/api/campaigns/list');
    await call(owner, 'CampaignGet', `/api/campaigns/${CAMPAIGN}`);
    await call(owner, 'DriveHealth', '/api/campaigns/drive/health');
    await call(owner, 'CampaignSheetMetadata', `/api/campaigns/sheet-metadata?sheet_id=${truth.longlist.spreadsheetId}`);
    const imported = await call<{ import_id: string }>(owner, 'CampaignImportLonglist', '/api/campaigns/import-longlist', {
      campaign_id: CAMPAIGN,
      source_sheet_id: truth.longlist.spreadsheetId,
      source_tab_name: truth.longlist.tabs[0]!.title,
    });
    await booted.runtime.settleAsync();
    await call(owner, 'CampaignImportLonglistStatus', `/api/campaigns/import-longlist/${imported.import_id}`);

    await call(owner, 'ContactAdd', '/api/campaigns/contacts/add', { email: CONTACT, talent_name: 'Contract Talent', email_owner: '', campaign_id: CAMPAIGN });
    await call(owner, 'ContactsTracking', '/api/campaigns/contacts/tracking');
    await call(owner, 'ContactTrackingToggle', '/api/campaigns/contacts/tracking/toggle', { email: CONTACT, tracking: false, campaign_id: CAMPAIGN });
    await call(owner, 'CampaignClientAddress', '/api/campaigns/client-addresses', { campaign_id: CAMPAIGN, email: 'brand.person@client.test', client: true });

    const id = encodeURIComponent(`${CAMPAIGN}:${CONTACT}`);
    await call(owner, 'ConversationList', `/api/v3/conversations?campaign_id=${CAMPAIGN}&sort=-updated`);
    await call(owner, 'ConversationChanges', '/api/v3/conversations/changes');
    await call(owner, 'ConversationGet', `/api/v3/conversations/${id}`);
    await call(owner, 'ConversationPatch', `/api/v3/conversations/${id}`, { status: 'negotiating' });
    await call(owner, 'CampaignReport', `/api/v3/campaigns/${CAMPAIGN}/report`);
    await call(owner, 'ContactRemove', '/api/campaigns/contacts/remove', { email: CONTACT, campaign_id: CAMPAIGN });
    // The removed contact's conversation is still held: exported, then erased.
    await call(owner, 'TalentExport', `/api/v3/talents/${encodeURIComponent(CONTACT)}/export`);
    await call(owner, 'TalentErase', '/api/v3/talents/erase', { email: CONTACT });
  });

  it('settings routes', async () => {
    const sections = [
      ['SettingsProcessingMode', 'processing-mode', { min_messages_for_incremental: 4 }],
      ['SettingsProcessingLimits', 'processing-limits', { oldest_scan_days: 90 }],
      ['SettingsDateRange', 'date-range-processing', { include_full_thread: false }],
      ['SettingsHealthCheck', 'health-check', { skip_on_startup: true }],
      ['SettingsMonitoring', 'monitoring-config', { hours_to_check: 12 }],
    ] as const;
    for (const [id, path, change] of sections) {
      await call(owner, `${id}Get`, `/api/v3/settings/${path}`);
      await call(owner, `${id}Set`, `/api/v3/settings/${path}`, change);
    }
    const config = await call<{ models: { id: string }[] }>(owner, 'SettingsModelConfigGet', '/api/v3/settings/model-config');
    await call(owner, 'SettingsModelConfigSet', '/api/v3/settings/model-config', { operation: 'thread_summary', temperature: 0.4 });
    expect(config.models.length).toBeGreaterThan(0);
    await call(owner, 'SettingsApplyProfile', '/api/v3/settings/apply-profile', { profile: 'balanced' });
    await call(owner, 'SettingsDefaults', '/api/v3/settings/defaults');
    await call(owner, 'SettingsReset', '/api/v3/settings/reset', { config_type: 'all' });
    await call(owner, 'SettingsAuditRetentionGet', '/api/v3/settings/audit-retention');
    await call(owner, 'SettingsAuditRetentionSet', '/api/v3/settings/audit-retention', { retention_days: 365 });
    await call(owner, 'AgencyAudit', `/api/v3/audit?campaign_id=${CAMPAIGN}&limit=5`);
  });

  it('system, metrics, mailbox and processing routes', async () => {
    await call(owner, 'SystemHealth', '/api/v3/system/health');
    await call(owner, 'SystemConnection', '/api/v3/system/connection');
    await call(owner, 'DashboardMetrics', '/api/v3/metrics');
    await call(owner, 'MonitorMetrics', '/api/v3/monitor/metrics');
    await call(owner, 'MailboxList', '/api/v3/mailboxes');
    await call(owner, 'MailboxConnect', '/api/v3/mailboxes/connect', { from_addresses: [], after: null });
    await call(owner, 'MailboxDisconnect', '/api/v3/mailboxes/disconnect', { remove_data: false });

    const started = await call<{ task_id: string }>(owner, 'ProcessInterval', '/api/v3/process/interval', { start_date: '2026-11-01', end_date: '2026-11-02' });
    await call(owner, 'ProcessingStatus', '/api/v3/status');
    await call(owner, 'TaskCancel', `/api/v3/task/${started.task_id}/cancel`);
    await booted.runtime.settleAsync();
    await call(owner, 'ProcessCancel', '/api/v3/process/cancel');
    await waitIdle();
    await call(owner, 'SheetsResync', '/api/v3/sheets/resync');
    await waitIdle();
    await call(owner, 'ProcessingStatus', '/api/v3/status');
  });

  it('a handler whose answer drifts from its schema is refused by the contract and by the web', async () => {
    const drifts = [
      // the settings bug this contract was made for: models sent as plain strings
      { routeId: 'SettingsModelConfigGet', path: '/api/v3/settings/model-config', change: (body: Record<string, unknown>) => (body.models = (body.models as { id: string }[]).map((model) => model.id)), web: readModelConfig },
      { routeId: 'CampaignList', path: '/api/campaigns/list', change: (body: Record<string, unknown>) => (body.total = String(body.total)), web: (raw: unknown) => parseResponse(campaignListResponse, raw) },
      {
        routeId: 'CampaignGet',
        path: `/api/campaigns/${CAMPAIGN}`,
        change: (body: Record<string, unknown>) => {
          const campaign = body.campaign as Record<string, unknown>;
          campaign.name = campaign.campaign_name;
          delete campaign.campaign_name;
        },
        web: (raw: unknown) => parseResponse(RESPONSE_SCHEMAS.CampaignGet, raw),
      },
    ] as const;
    // the web logs the issues of an answer it refuses (parse-response.ts); counted, not printed
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const { routeId, path, change, web } of drifts) {
      const before = await owner.api.get(path);
      expect(RESPONSE_SCHEMAS[routeId].safeParse(before.body).success, `${routeId} before the drift`).toBe(true);
      drift = { routeId, change };
      try {
        const after = await owner.api.get(path);
        expect(after.status).toBe(200);
        expect(RESPONSE_SCHEMAS[routeId].safeParse(after.body).success, `${routeId} after the drift`).toBe(false);
        expect(() => web(after.body), `the web reads ${routeId}`).toThrow(ApiError);
        expect(() => web(after.body)).toThrow('Unexpected response format');
        expect(() => web(before.body)).not.toThrow();
      } finally {
        drift = undefined;
      }
    }
    expect(logged).toHaveBeenCalledTimes(drifts.length * 2);
    logged.mockRestore();
  });

  it('destructive routes, last', async () => {
    await call(owner, 'ContactsClear', '/api/campaigns/contacts/clear', { confirm: true });
    await call(owner, 'CampaignDelete', '/api/campaigns/delete', { campaign_id: CAMPAIGN, force: false });
    await booted.runtime.settleAsync();
    await call(owner, 'DriveRootDelete', '/api/campaigns/threadline/delete', { confirm: true });
    await call(owner, 'DriveRootRecreate', '/api/campaigns/threadline/recreate', { confirm: true });
    await booted.runtime.settleAsync();
    await call(owner, 'AuthLogout', '/auth/logout');
  });

  it('called every JSON route of the manifest, or says why not', () => {
    const jsonRoutes = routes.filter((route) => !(NON_JSON_ROUTES as readonly string[]).includes(route.id));
    const missing = jsonRoutes.filter((route) => !parsed.has(route.id) && !NOT_CALLED[route.id]).map((route) => route.id);
    expect(missing).toEqual([]);
  });

  it('every mutating route of the manifest left an audit event by its caller, or says why not', () => {
    const mutating = routes.filter((route) => route.method !== 'GET').map((route) => route.id);
    const silent = mutating.filter((id) => !audited.has(id) && !NOT_AUDITED[id] && !AUDITED_ELSEWHERE[id]);
    expect(silent).toEqual([]);
    // an allowlisted route that does record, or a stale name, is a list to correct
    expect(Object.keys(NOT_AUDITED).filter((id) => audited.has(id) || !mutating.includes(id))).toEqual([]);
  });

  const waitIdle = async () => {
    for (let i = 0; i < 200; i += 1) {
      const status = await owner.api.get<{ is_processing: boolean }>('/api/v3/status');
      if (status.body.is_processing === false) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the job did not end');
  };
});
