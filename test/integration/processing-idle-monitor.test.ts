import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../functions/lib/store/client';
import { resetMonitorCaches } from '../../functions/lib/processing/monitor';
import { makeDue, settle, setupWorld, type World } from './processing-helpers';

/**
 * Issue 15 point 4, counted (never timed): an idle monitor check costs per mailbox at most one
 * history.list (2 Gmail units), a handful of DynamoDB requests, no OAuth token request while
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
    resetMonitorCaches();
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

  it('idle checks: one history.list (2 units), no token refresh, no contact read, bounded DynamoDB requests', async () => {
    const ticks = [await idleTick(), await idleTick(), await idleTick()];
    for (const t of ticks) {
      expect(t.results).toEqual(['nothing-new']);
      expect(t.gmailOps).toEqual(['gmail.users.history.list']);
      expect(t.gmailUnits).toBeLessThanOrEqual(2);
      expect(t.tokenRequests).toBe(0);
      expect(t.openai).toBe(0);
    }
    const mailboxes = 1;
    console.info(`[issue-15] idle check per mailbox: gmail units ${ticks[0]!.gmailUnits / mailboxes}, token requests ${ticks[0]!.tokenRequests}, DynamoDB requests ${ticks[0]!.dynamo.length / mailboxes} (${ticks[0]!.dynamo.join(', ')})`);
    // the contact index is not read again: every idle tick makes the same requests (the tick's due
    // Query and stalled-import Query, the agency's mailbox, member and sheets-behind Queries)
    const queries = ticks.map((t) => t.dynamo.filter((c) => c === 'QueryCommand').length);
    expect(queries[1]).toBe(queries[0]);
    expect(queries[2]).toBe(queries[0]);
    expect(queries[0]).toBeLessThanOrEqual(5);
    // per tick 2 (due Query, stalled imports), per agency 6 (lock, settings, mailboxes, members, sheets behind, check record), per mailbox 2 (grant, health)
    expect(ticks[1]!.dynamo.length).toBeLessThanOrEqual(10);
  });

  it('a contact change bumps the version: the next check reads the contacts once, then idle again', async () => {
    const toggled = await world.api.post('/api/campaigns/contacts/add', { email: 'new.talent@example.com', talent_name: 'New Talent', email_owner: 'new.talent@example.com', campaign_id: 'glow-serum-q1' });
    expect(toggled.status, toggled.text).toBe(200);
    const after = await idleTick();
    const again = await idleTick();
    expect(after.dynamo.filter((c) => c === 'QueryCommand').length).toBeGreaterThan(again.dynamo.filter((c) => c === 'QueryCommand').length);
    expect(again.tokenRequests).toBe(0);
  });
});
