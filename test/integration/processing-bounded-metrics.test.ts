import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpContactsVersion } from '../../functions/lib/processing/monitor-registry';
import { listAgencyContacts } from '../../functions/lib/campaigns/contact-store';
import { dynamoClient } from '../../functions/lib/store/client';
import { contactEntity } from '../../functions/lib/store/entities/contact';
import { setupWorld, type World } from './processing-helpers';

type Dashboard = { success: boolean; totalCampaigns: number; totalContacts: number; trackingEnabled: number; trackedConversations: number };

/**
 * Issue 15 point 5, counted: the dashboard's contact counts come from counters maintained on
 * the registry item, so 5,000 contacts cost ≤ 5 read units (ConsumedCapacity as DynamoDB reports
 * it), and the counters follow every add, toggle and remove.
 */
describe('dashboard metrics read counters, not every contact', () => {
  let world: World;
  let units = 0;
  let counting = false;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: ['glow-serum-q1'] });
    const client = dynamoClient();
    client.middlewareStack.add(
      (next) => async (args) => {
        if (!counting) return next(args);
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
        const out = await next(args);
        const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
        for (const c of [consumed ?? []].flat()) units += c.CapacityUnits ?? 0;
        return out;
      },
      { step: 'initialize', name: 'boundedMetricsCapacity' },
    );
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  const counts = async () => {
    const contacts = await listAgencyContacts(world.agencyName);
    return { total: contacts.length, tracking: contacts.filter((c) => c.trackingEnabled).length };
  };

  it('counters follow add, toggle and remove through the API', async () => {
    const before = (await world.api.get<Dashboard>('/api/v3/metrics')).body;
    expect({ total: before.totalContacts, tracking: before.trackingEnabled }).toEqual(await counts());
    const added = await world.api.post('/api/campaigns/contacts/add', { email: 'counter.talent@example.com', talent_name: 'Counter Talent', email_owner: 'counter.talent@example.com', campaign_id: 'glow-serum-q1' });
    expect(added.status, added.text).toBe(200);
    const off = await world.api.post('/api/campaigns/contacts/tracking/toggle', { email: 'counter.talent@example.com', tracking: false, campaign_id: 'glow-serum-q1' });
    expect(off.status, off.text).toBe(200);
    const again = await world.api.post('/api/campaigns/contacts/tracking/toggle', { email: 'counter.talent@example.com', tracking: false, campaign_id: 'glow-serum-q1' });
    expect(again.status, again.text).toBe(200);
    let now = (await world.api.get<Dashboard>('/api/v3/metrics')).body;
    expect({ total: now.totalContacts, tracking: now.trackingEnabled }).toEqual(await counts());
    const removed = await world.api.post('/api/campaigns/contacts/remove', { email: 'counter.talent@example.com', campaign_id: 'glow-serum-q1' });
    expect(removed.status, removed.text).toBe(200);
    now = (await world.api.get<Dashboard>('/api/v3/metrics')).body;
    expect({ total: now.totalContacts, tracking: now.trackingEnabled }).toEqual(await counts());
    expect(now.totalContacts).toBe(before.totalContacts);
  });

  it('5,000 contacts: the dashboard metrics cost ≤ 5 read units', async () => {
    const now = new Date().toISOString();
    const items = Array.from({ length: 5_000 }, (_, i) => ({
      agencyName: world.agencyName,
      campaignId: 'glow-serum-q1',
      email: `bulk.${String(i).padStart(5, '0')}@example.com`,
      talentName: `Bulk Talent ${i} with a realistic name`,
      emailOwner: `manager.${i % 50}@example.com`,
      trackingEnabled: true,
      source: 'import' as const,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < items.length; i += 500) {
      const { unprocessed } = await contactEntity.put(items.slice(i, i + 500)).go();
      expect(unprocessed).toHaveLength(0);
    }
    await bumpContactsVersion(world.agencyName, { total: items.length, tracking: items.length });
    units = 0;
    counting = true;
    const metrics = await world.api.get<Dashboard>('/api/v3/metrics');
    counting = false;
    expect(metrics.status).toBe(200);
    expect({ total: metrics.body.totalContacts, tracking: metrics.body.trackingEnabled }).toEqual(await counts());
    console.info(`[issue-15] dashboard metrics with ${metrics.body.totalContacts} contacts: ${units} read units`);
    expect(units).toBeLessThanOrEqual(5);
  });
});
