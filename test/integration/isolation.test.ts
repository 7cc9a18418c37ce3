import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routes, type RouteDef } from '../../functions/routes';
import { dynamoClient, TABLE_NAME } from '../../functions/lib/store/client';
import { keys } from '../../functions/lib/store/keys';
import type { GoogleEmulator } from '../emulators/google/server';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { seed, truth } from '../fixtures/seed';
import { boot, client, type Booted, type Client } from './harness';
import { createAgency, invite, setLastSeen, signIn, type SignedIn } from './identity-helpers';
import { REQUESTS, requestFor, type Targets } from './route-requests';

const [MAYA, DANIEL, PRIYA] = seed.accounts.map((account) => account.email) as [string, string, string];
const SECRET_CAMPAIGN_NAME = 'Alpha Confidential Launch';
const SECRET_TALENT = 'Alpha Secret Talent';

/** Every item of one agency's partition, in key order: a Query, as the product itself reads. */
const partition = async (agencyName: string) => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new QueryCommand({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.agency(agencyName) }, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

const asQuery = (value: unknown): string => {
  try {
    return (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, 2000);
  } catch {
    return '';
  }
};

const send = (caller: Client, route: RouteDef, targets: Targets) => {
  const { path, body } = requestFor(route, targets);
  return caller.request(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? undefined : (body ?? {}));
};

describe('proof of isolation, input safety and fault tolerance, driven by the route manifest', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let alphaOwner: SignedIn;
  let alphaMember: SignedIn;
  let betaOwner: SignedIn;
  let alpha: Targets;
  const responses: string[] = [];
  const record = async <T extends { text: string }>(response: Promise<T>): Promise<T> => {
    const result = await response;
    responses.push(result.text);
    return result;
  };

  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    alphaOwner = await signIn(booted.runtime, MAYA);
    const alphaAgency = (await createAgency(alphaOwner, 'Agency Alpha')).agency.name;
    expect((await alphaOwner.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY })).status).toBe(200);
    expect((await alphaOwner.api.post('/api/campaigns/add', { campaign_id: 'alpha-launch', campaign_name: SECRET_CAMPAIGN_NAME, client_name: 'Alpha Client' })).status).toBe(200);
    await booted.runtime.settleAsync();
    const contact = truth.contacts.find((candidate) => candidate.campaign_id === truth.campaigns[0]!.campaign_id)!;
    expect((await alphaOwner.api.post('/api/campaigns/contacts/add', { email: contact.email, talent_name: SECRET_TALENT, email_owner: contact.email_owner, campaign_id: 'alpha-launch' })).status).toBe(200);
    await alphaOwner.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 0 });

    const memberToken = await invite(alphaOwner, booted.dataDir, PRIYA, 'member');
    alphaMember = await signIn(booted.runtime, PRIYA, { invite: memberToken });
    expect(alphaMember.location).toContain('invite_accepted=true');
    await alphaOwner.api.post('/api/v3/agency/invitations', { email: 'pending.person@example.com', role: 'member' });

    const started = await alphaOwner.api.post<{ task_id?: string }>('/api/v3/process/interval', { start_date: '2026-11-10', end_date: '2026-11-12' });
    await booted.runtime.engine.settle();
    const campaign = (await alphaOwner.api.get<{ campaign: { influencer_list_sheet_id: string } }>('/api/campaigns/alpha-launch')).body.campaign;
    alpha = {
      agencyName: alphaAgency,
      campaignId: 'alpha-launch',
      contactEmail: contact.email,
      memberEmail: PRIYA,
      inviteEmail: 'pending.person@example.com',
      taskId: started.body.task_id ?? randomUUID(),
      threadId: contact.threads[0]?.threadId ?? 'thread-0',
      sheetId: campaign.influencer_list_sheet_id,
    };

    betaOwner = await signIn(booted.runtime, DANIEL);
    await createAgency(betaOwner, 'Agency Beta');
    expect((await betaOwner.api.post('/api/campaigns/add', { campaign_id: 'beta-own', campaign_name: 'Beta Own', client_name: 'Beta Client' })).status).toBe(200);
    await booted.runtime.settleAsync();
  }, 180_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it('has a request template for every route of the manifest', () => {
    const missing = routes.filter((route) => !REQUESTS[route.id]).map((route) => route.id);
    expect(missing).toEqual([]);
  });

  // Session levels; 'google-push' routes take no session at all (their own case below).
  const guarded = routes.filter((route) => route.auth !== 'public' && route.auth !== 'google-push');
  const googlePush = routes.filter((route) => route.auth === 'google-push');

  it(`google push: each of the ${googlePush.length} Google-push routes refuses every session (owner, member, forged) with 401/403 and changes nothing`, async () => {
    const before = await partition(alpha.agencyName);
    const callers = { 'A owner': alphaOwner.api, 'B owner': betaOwner.api, forged: client(booted.runtime, `${alphaOwner.token.slice(0, -4)}AAAA`), anonymous: client(booted.runtime) };
    let cases = 0;
    for (const route of googlePush) {
      for (const [kind, caller] of Object.entries(callers)) {
        const response = await record(send(caller, route, alpha));
        expect([401, 403], `${kind}: ${route.method} ${route.path}: ${response.status}`).toContain(response.status);
        cases += 1;
      }
    }
    await booted.runtime.settleAsync();
    expect(await partition(alpha.agencyName)).toEqual(before);
    console.log(`isolation/google-push: ${googlePush.length} routes × 4 callers without a Google token = ${cases} cases refused`);
  });

  it(`authentication: each of the ${guarded.length} guarded routes answers 401 for an expired, a logged-out and a forged session`, async () => {
    const expired = await signIn(booted.runtime, DANIEL);
    await setLastSeen(expired.token, new Date(Date.now() - 8 * 24 * 3600_000));
    const loggedOut = await signIn(booted.runtime, DANIEL);
    expect((await loggedOut.api.post('/auth/logout', {})).status).toBe(200);
    const callers = { expired: expired.api, 'logged out': loggedOut.api, forged: client(booted.runtime, `${alphaOwner.token.slice(0, -4)}AAAA`) };
    let cases = 0;
    for (const route of guarded) {
      for (const [kind, caller] of Object.entries(callers)) {
        const response = await record(send(caller, route, alpha));
        expect(response.status, `${kind}: ${route.method} ${route.path}`).toBe(401);
        cases += 1;
      }
    }
    console.log(`isolation/authentication: ${guarded.length} routes × 3 session kinds = ${cases} cases answered 401`);
  });

  const agencyScoped = routes.filter((route) => route.auth !== 'public' && route.auth !== 'google-push' && route.id !== 'AuthLogout');

  it(`tenant isolation: a member of agency B aiming each of the ${agencyScoped.length} routes at agency A's ids changes nothing of A and sees none of it`, async () => {
    const before = await partition(alpha.agencyName);
    expect(before.length).toBeGreaterThan(5);
    const mustRefuse = new Set(['CampaignGet', 'CampaignDelete', 'TaskCancel', 'ContactTrackingToggle', 'ContactRemove', 'AgencySwitch', 'AgencyInviteAccept', 'AgencyInviteResend', 'AgencyInviteCancel', 'AgencyCreate', 'CampaignSheetMetadata', 'CampaignImportLonglist']);
    // Refusals first: later writes may give B resources of its own under the same ids, which is allowed.
    const ordered = [...agencyScoped].sort((a, b) => Number(mustRefuse.has(b.id)) - Number(mustRefuse.has(a.id)));
    for (const route of ordered) {
      const response = await record(send(betaOwner.api, route, alpha));
      expect(response.status, `${route.method} ${route.path}: ${response.text}`).toBeLessThan(500);
      if (mustRefuse.has(route.id)) expect([400, 403, 404, 409], `${route.id} must refuse: ${response.text}`).toContain(response.status);
      for (const secret of [SECRET_CAMPAIGN_NAME, SECRET_TALENT, alpha.sheetId, alphaOwner.token]) {
        expect(response.text.includes(secret), `${route.id} leaked ${secret}`).toBe(false);
      }
      if (route.id === 'ProcessInterval' || route.id === 'ProcessEmail' || route.id === 'ProcessCampaign' || route.id === 'ProcessThread') await booted.runtime.engine.settle();
    }
    await booted.runtime.settleAsync();
    await booted.runtime.engine.settle();
    expect(await partition(alpha.agencyName)).toEqual(before);
    console.log(`isolation/tenants: ${agencyScoped.length} routes aimed at another agency's ids; its ${before.length} items unchanged`);
  });

  it('roles: the owner-only actions refuse members and change nothing', async () => {
    const before = await partition(alpha.agencyName);
    const ownerOnly: [string, () => Promise<{ status: number; text: string }>][] = [
      ['invite an owner', () => alphaMember.api.post('/api/v3/agency/invitations', { email: 'new.owner@example.com', role: 'owner' })],
      ['remove a member', () => alphaMember.api.request('DELETE', `/api/campaigns/users/${encodeURIComponent(MAYA)}`)],
      ["resend another's invitation", () => alphaMember.api.post('/api/v3/agency/invitations/resend', { email: alpha.inviteEmail })],
      ["cancel another's invitation", () => alphaMember.api.post('/api/v3/agency/invitations/cancel', { email: alpha.inviteEmail })],
      ["delete the agency's Drive folder", () => alphaMember.api.post('/api/campaigns/threadline/delete', { confirm: true })],
    ];
    for (const [what, call] of ownerOnly) {
      const response = await record(call());
      expect(response.status, `${what}: ${response.text}`).toBe(403);
    }
    expect(await partition(alpha.agencyName)).toEqual(before);
    console.log(`isolation/roles: ${ownerOnly.length} owner-only actions refused to a member`);
  });

  const withInput = routes.filter((route) => route.method !== 'GET' || route.id === 'CampaignSheetMetadata');

  it(`bad input: ${withInput.length} routes with a body or query never answer 5xx and store nothing when they refuse`, async () => {
    const attacker = await signIn(booted.runtime, MAYA);
    const hostile = fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'email', 'campaign_id', 'name', 'confirm', 'tracking'), fc.anything()),
      fc.record({ email: fc.string({ maxLength: 3000 }), campaign_id: fc.string({ unit: 'binary', maxLength: 300 }), talent_name: fc.string({ unit: 'binary' }) }),
      fc.string({ minLength: 10_000, maxLength: 20_000 }).map((text) => ({ name: text, email: text, campaign_id: text })),
    );
    let cases = 0;
    for (const route of withInput) {
      if (route.id === 'AuthLogout') continue; // it would end the attacker's own session: covered above
      const { path } = requestFor(route, alpha);
      const before = await partition(alpha.agencyName);
      const samples = fc.sample(hostile, { numRuns: 12, seed: 42 });
      const raw: { body: string; type: string }[] = [
        { body: '{"email": ', type: 'application/json' },
        { body: 'email=a@b.co', type: 'application/x-www-form-urlencoded' },
        { body: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}}', type: 'application/json' },
      ];
      const requests = [
        ...samples.map((sample) => attacker.api.request(route.method, route.method === 'GET' ? `${path.split('?')[0]}?sheet_id=${encodeURIComponent(asQuery(sample))}` : path, route.method === 'GET' ? undefined : sample ?? null)),
        ...(route.method === 'GET' ? [] : raw).map((entry) => attacker.api.request(route.method, path, undefined, { rawBody: entry.body, headers: { 'content-type': entry.type } })),
      ];
      let refusedAll = true;
      for (const pending of requests) {
        const response = await record(pending);
        cases += 1;
        expect(response.status, `${route.id}: ${response.text.slice(0, 300)}`).toBeLessThan(500);
        if (response.status >= 400) {
          const body = response.body as { error?: unknown; message?: unknown };
          expect(typeof body.error === 'string' && body.error.length > 0, `${route.id} gave no clear message: ${response.text.slice(0, 200)}`).toBe(true);
        } else refusedAll = false;
      }
      await booted.runtime.settleAsync();
      await booted.runtime.engine.settle();
      if (refusedAll && (route.auth === 'agency' || route.auth === 'google-push')) expect(await partition(alpha.agencyName), `${route.id} stored something`).toEqual(before);
      await attacker.api.post('/api/v3/agency/switch', { agency_name: alpha.agencyName });
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    console.log(`isolation/bad-input: ${cases} hostile requests over ${withInput.length - 1} routes, none answered 5xx`);
  });

  it('faults: a campaign deletion under 30% Drive and Sheets 503s still finishes, leaving nothing deleting', async () => {
    expect((await alphaOwner.api.post('/api/campaigns/add', { campaign_id: 'fault-target', campaign_name: 'Fault Target', client_name: 'Client' })).status).toBe(200);
    await booted.runtime.settleAsync();
    const campaign = (await alphaOwner.api.get<{ campaign: { campaign_folder_id: string; status: string } }>('/api/campaigns/fault-target')).body.campaign;
    expect(campaign.status).toBe('ready');
    google.faults.set({ api: 'drive', status: 503, rate: 0.3 });
    google.faults.set({ api: 'sheets', status: 503, rate: 0.3 });
    try {
      expect((await alphaOwner.api.post('/api/campaigns/delete', { campaign_id: 'fault-target' })).status).toBe(200);
      await booted.runtime.settleAsync();
    } finally {
      google.faults.clear();
    }
    expect((await alphaOwner.api.get('/api/campaigns/fault-target')).status).toBe(404);
    expect(google.state.files.has(campaign.campaign_folder_id)).toBe(false);
    const statuses = (await partition(alpha.agencyName)).map((item) => item.status);
    expect(statuses).not.toContain('deleting');
  });

  it('secrets: no response of this suite contains the API key, a Google refresh token or a session token', () => {
    const refreshTokens = [...google.state.tokens.refresh.keys()];
    expect(refreshTokens.length).toBeGreaterThan(0);
    const secrets = [LOCAL_OPENAI_KEY, alphaOwner.token, alphaMember.token, betaOwner.token, ...refreshTokens];
    const leaks = responses.filter((text) => secrets.some((secret) => text.includes(secret)));
    expect(leaks).toEqual([]);
    console.log(`isolation/secrets: ${responses.length} responses scanned for ${secrets.length} secrets, none found`);
  });
});
