import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactEntity } from '../../functions/lib/store/entities/contact';
import { TRACKING_PAGE_MAX, trackingResponse, type TrackingResponse } from '../../shared/schemas/campaigns';
import { truth } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

const CONTACTS = 5_000;
const CAMPAIGNS = ['pages-a', 'pages-b'];

/**
 * GET /api/campaigns/contacts/tracking a page at a time (issue #15 point 5): an agency with 5,000
 * contacts gets at most 100 per answer, and walking next_cursor returns every contact exactly
 * once; the counts over all of them come with the first page.
 */
describe('contact tracking in pages', () => {
  let booted: Booted;
  let owner: SignedIn;
  const expected = new Set<string>();

  beforeAll(async () => {
    booted = await boot();
    owner = await signIn(booted.runtime, truth.longlist.owner);
    const { agency } = await createAgency(owner, 'Pages Agency');
    for (const id of CAMPAIGNS) {
      const created = await owner.api.post('/api/campaigns/add', { campaign_id: id, campaign_name: `Pages ${id}`, client_name: 'Glow' });
      expect(created.status).toBe(200);
    }
    // Seeded straight into the store (batched puts): 5,000 adds over HTTP would each write the sheet.
    const now = new Date().toISOString();
    const items = Array.from({ length: CONTACTS }, (_, i) => {
      const campaignId = CAMPAIGNS[i % CAMPAIGNS.length]!;
      const email = `talent${String(i).padStart(4, '0')}@pages.test`;
      expected.add(`${campaignId}:${email}`);
      return { agencyName: agency.name, campaignId, email, talentName: `Talent ${i}`, trackingEnabled: i % 5 !== 0, source: 'import' as const, createdAt: now, updatedAt: now };
    });
    const { unprocessed } = await contactEntity.put(items).go();
    expect(unprocessed).toEqual([]);
  }, 120_000);
  afterAll(async () => {
    await booted?.stop();
  });

  it('answers at most 100 contacts per page, and the cursor walks every contact exactly once', async () => {
    const seen = new Map<string, number>();
    let cursor: string | null = null;
    let pages = 0;
    let first: TrackingResponse | undefined;
    do {
      const path: string = `/api/campaigns/contacts/tracking${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await owner.api.get(path);
      expect(response.status, response.text).toBe(200);
      const page = trackingResponse.parse(response.body);
      first ??= page;
      const keys = Object.keys(page.contacts);
      expect(keys.length).toBeLessThanOrEqual(TRACKING_PAGE_MAX);
      expect(keys.length).toBeGreaterThan(0);
      if (pages > 0) expect(page.summary).toBeUndefined();
      for (const key of keys) seen.set(key, (seen.get(key) ?? 0) + 1);
      cursor = page.next_cursor;
      pages += 1;
      expect(pages).toBeLessThanOrEqual(CONTACTS);
    } while (cursor);

    expect(pages).toBe(CONTACTS / TRACKING_PAGE_MAX);
    expect(seen.size).toBe(CONTACTS);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(seen.keys())).toEqual(expected);
    // The counts are over every contact, not the page.
    expect(first?.summary).toEqual({ total_contacts: CONTACTS, tracking_enabled: CONTACTS - CONTACTS / 5, tracking_disabled: CONTACTS / 5, total_campaigns: 2 });
    expect(first?.by_campaign?.['pages-a']).toMatchObject({ total: CONTACTS / 2 });
  }, 120_000);

  it('honours a smaller limit and refuses a larger one or a cursor that is not its own', async () => {
    const small = trackingResponse.parse((await owner.api.get('/api/campaigns/contacts/tracking?limit=7')).body);
    expect(Object.keys(small.contacts)).toHaveLength(7);
    expect(small.next_cursor).toEqual(expect.any(String));
    expect((await owner.api.get('/api/campaigns/contacts/tracking?limit=101')).status).toBe(400);
    const forged = await owner.api.get('/api/campaigns/contacts/tracking?cursor=bm90LW91cnM');
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('Invalid cursor');
  });
});
