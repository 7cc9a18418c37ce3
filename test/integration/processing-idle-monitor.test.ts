import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../functions/lib/store/client';
import { mailboxEntity } from '../../functions/lib/store/entities/mailbox';
import { monitorRegistryEntity } from '../../functions/lib/store/entities/monitor-registry';
import { makeDue, settle, setupWorld, type World } from './processing-helpers';

/**
 * Issue 15 point 4, counted (never timed): an idle monitor check costs per mailbox at most one
 * history.list (2 Gmail units), at most 3 DynamoDB requests, no OAuth token request while
 * the cached access token is valid, and no contact read until a contact changes.
 */
describe('the idle monitor is cheap: counted Gmail units, DynamoDB requests and token refreshes', () => {
  let world: World;
  const requests: string[] = [];
  let counting = false;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: ['glow-serum-q1'] });
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (counting) requests.push(context.commandName ?? 'unknown');
        return next(args);
      },
      { step: 'initialize', name: 'idleMonitorCounter' },
    );
    // First tick: baselines the mailbox (profile + recent scan) and caches the access token.
    // (a tracker sync or a found thread may start a job: settle it and tick until the check is idle)
    for (let i = 0; i < 4; i += 1) {
      await settle(world);
      await makeDue(world.agencyName);
      const tick = (await world.booted.runtime.runMonitorTick()) as { results: { result: string }[] };
      if (tick.results[0]?.result === 'nothing-new') break;
    }
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  const idleTick = async () => {
    await settle(world);
    await makeDue(world.agencyName);
    const googleFrom = world.google.log.length;
    const aiFrom = world.openai.log.length;
    requests.length = 0;
    counting = true;
    const tick = (await world.booted.runtime.runMonitorTick()) as { results: { result: string }[] };
    counting = false;
    const google = world.google.log.slice(googleFrom);
    return {
      results: tick.results.map((r) => r.result),
      gmailUnits: google.filter((e) => e.api === 'gmail').reduce((sum, e) => sum + (e.quotaUnits ?? 0), 0),
      gmailOps: google.filter((e) => e.api === 'gmail').map((e) => e.operation),
      tokenRequests: google.filter((e) => e.operation === 'oauth.token').length,
      dynamo: [...requests],
      openai: world.openai.log.length - aiFrom,
    };
  };

  it('idle checks: one history.list (2 units), no token refresh, no contact read, 3 DynamoDB requests', async () => {
    const ticks = [await idleTick(), await idleTick(), await idleTick()];
    for (const t of ticks) {
      expect(t.results).toEqual(['nothing-new']);
      expect(t.gmailOps).toEqual(['gmail.users.history.list']);
      expect(t.gmailUnits).toBeLessThanOrEqual(2);
      expect(t.tokenRequests).toBe(0);
      expect(t.openai).toBe(0);
    }
    const mailboxes = 1;
    console.info(`[issue-15] idle check per mailbox: gmail units ${ticks[0]!.gmailUnits / mailboxes}, token requests ${ticks[0]!.tokenRequests}, DynamoDB requests ${ticks[1]!.dynamo.length / mailboxes} (${ticks[1]!.dynamo.join(', ')})`);
    // The first check after the set-up's jobs looks once at the sheet sync states (trackers were
    // marked behind since a look last found none) and records that none is: 2 more requests.
    expect(ticks[0]!.dynamo.slice(0, 3)).toEqual(['QueryCommand', 'QueryCommand', 'UpdateItemCommand']);
    expect(ticks[0]!.dynamo.length).toBeLessThanOrEqual(5);
    // From then on every idle tick makes the same 3 requests, the tick's share included: the due
    // Query, the agency's one Query (mailboxes, members, registry) and the registry write. No
    // contact, lock, settings, sheet-state, import, grant or mailbox request while nothing moved.
    for (const t of ticks.slice(1)) {
      expect(t.dynamo).toEqual(['QueryCommand', 'QueryCommand', 'UpdateItemCommand']);
      expect(t.dynamo.length / mailboxes).toBeLessThanOrEqual(3);
    }
  });

  it('a contact change bumps the version: the next check reads the contacts once, then idle again', async () => {
    const toggled = await world.api.post('/api/campaigns/contacts/add', { email: 'new.talent@example.com', talent_name: 'New Talent', email_owner: 'new.talent@example.com', campaign_id: 'glow-serum-q1' });
    expect(toggled.status, toggled.text).toBe(200);
    const after = await idleTick();
    const again = await idleTick();
    expect(after.dynamo.filter((c) => c === 'QueryCommand').length).toBeGreaterThan(again.dynamo.filter((c) => c === 'QueryCommand').length);
    expect(again.tokenRequests).toBe(0);
  });

  it('what an idle check no longer reads is still noticed: a grant revoked at Google while its access token is cached', async () => {
    const { data: mailboxes } = await mailboxEntity.query.byAgency({ agencyName: world.agencyName }).go();
    const email = mailboxes.find((m) => m.connected)!.email;
    const health = async () => (await mailboxEntity.get({ agencyName: world.agencyName, email }).go({ consistent: true })).data?.health;
    const setRevoked = (revoked: boolean) => {
      for (const grant of world.google.state.tokens.refresh.values()) if (grant.email === email) grant.revoked = revoked;
    };
    setRevoked(true);
    try {
      const revoked = await idleTick();
      expect(revoked.results).toEqual(['nothing-new']);
      expect(revoked.tokenRequests).toBe(1); // the cached token refused, the grant read and its refresh refused
      expect(await health()).toBe('revoked');
    } finally {
      setRevoked(false);
    }
    const back = await idleTick();
    expect(back.gmailOps).toEqual(['gmail.users.history.list']);
    expect(await health()).toBe('connected');
  });

  it('a running job keeps the agency busy without a lock read per idle check, and once it ends the checks are idle again', async () => {
    world.google.setLatency(200);
    try {
      const started = await world.api.post('/api/v3/process/interval', { start_date: '2026-01-01', end_date: '2026-03-31' });
      expect(started.status, started.text).toBe(200);
      await makeDue(world.agencyName);
      requests.length = 0;
      counting = true;
      const tick = (await world.booted.runtime.runMonitorTick()) as { results: { result: string }[] };
      counting = false;
      expect(tick.results.map((r) => r.result)).toEqual(['busy']);
      // the registry named the job (the agency's one Query), the lock item confirmed it
      expect(requests).toContain('GetItemCommand');
    } finally {
      world.google.setLatency(0);
    }
    const after = await idleTick();
    expect(after.results).toEqual(['nothing-new']);
    expect(after.dynamo.slice(0, 3)).toEqual(['QueryCommand', 'QueryCommand', 'UpdateItemCommand']);
    expect(after.dynamo).not.toContain('GetItemCommand');
  });

  it('a changed check interval reaches the check without a settings read: the next check is scheduled by it', async () => {
    const saved = await world.api.post('/api/v3/settings/monitoring-config', { check_interval_minutes: 15 });
    expect(saved.status, saved.text).toBe(200);
    try {
      const tick = await idleTick();
      expect(tick.dynamo.slice(0, 3)).toEqual(['QueryCommand', 'QueryCommand', 'UpdateItemCommand']);
      const { data } = await monitorRegistryEntity.get({ agencyName: world.agencyName }).go({ consistent: true });
      const dueIn = Date.parse(data!.nextCheckAt) - Date.parse(data!.lastCheckAt!);
      expect(dueIn).toBeGreaterThan(14 * 60_000);
      expect(dueIn).toBeLessThanOrEqual(15 * 60_000);
    } finally {
      expect((await world.api.post('/api/v3/settings/monitoring-config', { check_interval_minutes: 5 })).status).toBe(200);
    }
  });
});
