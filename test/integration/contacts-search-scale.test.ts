import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_READ_MAX } from '../../functions/lib/campaigns/contact-store';
import { dynamoClient } from '../../functions/lib/store/client';
import { CONTACT_SEARCH_MAX, TRACKING_PAGE_MAX, trackingResponse, type TrackingResponse } from '../../shared/schemas/campaigns';
import { seed, truth } from '../fixtures/seed';
import { seedContacts, type SeedContact } from '../support/contact-seed';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

/** 2,000 in `npm test`; the bench runs this file at 20,000 (bench/contacts-search.ts). */
const CONTACTS = Number(process.env.SEARCH_SCALE_CONTACTS ?? 2_000);
/** The listing page the talent sorts on: the last one. */
const LAST_PAGE = Math.ceil(CONTACTS / TRACKING_PAGE_MAX);
/** A contact whose number only one contact carries, found through a search its other word floods. */
const RARE = CONTACTS - 2;
const RARE_NAME = String(RARE).padStart(5, '0');
const CAMPAIGNS = ['scale-a', 'scale-b'];
/** The talent looked for: the last contact in the listing's order (campaign id, then e-mail). */
const TARGET: SeedContact = { campaignId: 'scale-b', email: 'zz.quintero@studio.test', talentName: 'Zoë Quintero', emailOwner: 'Ana Ruiz (Bright Talent)', handle: '@zoeq' };
const TARGET_KEY = `${TARGET.campaignId}:${TARGET.email}`;

/** What the DynamoDB calls of one request consumed: read units as DynamoDB reports them, and items read. */
type Reads = { units: number; items: number; calls: Record<string, number> };

/**
 * Issue 24 point 2: a 20,000-contact agency (2,000 in `npm test`) finds a talent that sorts on the last page of the listing
 * on the first answer of a search, and a search reads a bounded number of items however big the
 * agency is (the contact search index: functions/lib/campaigns/contact-store.ts), never another
 * agency's contacts.
 */
describe(`contact search over ${CONTACTS} contacts`, () => {
  let booted: Booted;
  let owner: SignedIn;
  let rival: SignedIn;
  let counting: Reads | undefined;

  beforeAll(async () => {
    booted = await boot();
    owner = await signIn(booted.runtime, truth.longlist.owner);
    const { agency } = await createAgency(owner, 'Search Scale Agency');
    rival = await signIn(booted.runtime, seed.accounts[1]!.email);
    const { agency: other } = await createAgency(rival, 'Rival Search Agency');
    for (const id of CAMPAIGNS) {
      const created = await owner.api.post('/api/campaigns/add', { campaign_id: id, campaign_name: `Scale ${id}`, client_name: 'Glow' });
      expect(created.status, created.text).toBe(200);
    }
    expect((await rival.api.post('/api/campaigns/add', { campaign_id: 'scale-b', campaign_name: 'Rival', client_name: 'Glow' })).status).toBe(200);

    // Straight into the store, batched (contacts and their search entries, as createContact writes them).
    const contacts: SeedContact[] = Array.from({ length: CONTACTS - 1 }, (_, i) => {
      const n = String(i).padStart(5, '0');
      return { campaignId: CAMPAIGNS[i % 2]!, email: `talent${n}@scale.test`, talentName: `Talent ${n}` };
    });
    contacts.push(TARGET);
    const started = Date.now();
    await seedContacts(agency.name, contacts);
    // The other agency holds the same talent (same e-mail, same name) and a few of its own.
    await seedContacts(other.name, [TARGET, ...Array.from({ length: 50 }, (_, i) => ({ campaignId: 'scale-b', email: `zoe.rival${i}@rival.test`, talentName: `Zoe Rival ${i}` }))]);
    console.log(`contacts-search-scale: seeded ${CONTACTS} contacts and their search entries in ${Date.now() - started} ms`);

    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (!counting) return next(args);
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
        const out = await next(args);
        const output = out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[]; Count?: number; Responses?: Record<string, unknown[]>; Item?: unknown };
        for (const consumed of [output.ConsumedCapacity ?? []].flat()) counting.units += consumed.CapacityUnits ?? 0;
        counting.items += output.Count ?? (output.Responses ? Object.values(output.Responses).reduce((sum, items) => sum + items.length, 0) : output.Item ? 1 : 0);
        const name = context.commandName ?? 'unknown';
        counting.calls[name] = (counting.calls[name] ?? 0) + 1;
        return out;
      },
      { step: 'initialize', name: 'contactSearchCapacity' },
    );
  }, 900_000);

  afterAll(async () => {
    await booted?.stop();
  });

  /** One GET, with what it read and how long it took. */
  const measured = async (path: string, who = owner) => {
    counting = { units: 0, items: 0, calls: {} };
    const started = performance.now();
    const response = await who.api.get(path);
    const ms = Math.round(performance.now() - started);
    const reads = counting;
    counting = undefined;
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    return { page: trackingResponse.parse(response.body), reads, ms };
  };
  const search = (q: string, extra = '') => `/api/campaigns/contacts/tracking?q=${encodeURIComponent(q)}${extra}`;
  const report = (label: string, { reads, ms }: { reads: Reads; ms: number }) =>
    console.log(`contacts-search-scale: ${label}: ${reads.units} read units, ${reads.items} items read, ${JSON.stringify(reads.calls)}, ${ms} ms`);

  it(`finds the talent that sorts on page ${LAST_PAGE} of the listing on the first answer, reading a handful of items`, async () => {
    // The listing's order is campaign id then e-mail: the talent is the very last contact.
    const rank = [...Array.from({ length: CONTACTS - 1 }, (_, i) => `${CAMPAIGNS[i % 2]}#talent${String(i).padStart(5, '0')}@scale.test`), `${TARGET.campaignId}#${TARGET.email}`]
      .sort()
      .indexOf(`${TARGET.campaignId}#${TARGET.email}`);
    expect(Math.floor(rank / TRACKING_PAGE_MAX) + 1).toBe(LAST_PAGE);

    for (const q of ['quintero', 'Zoe', 'ZOË QUIN', 'zz.quintero@studio', '@zoeq', 'ana ruiz']) {
      const found = await measured(search(q));
      report(`q=${q}`, found);
      expect(Object.keys(found.page.contacts), q).toContain(TARGET_KEY);
      expect(found.page.contacts[TARGET_KEY]).toMatchObject({ talent_name: 'Zoë Quintero', campaign_name: 'Scale scale-b', tracking_enabled: true });
      // A search never carries the counts: they read every contact.
      expect(found.page.summary).toBeUndefined();
      // The session, the campaigns and a few index items and contacts: nothing near the agency's size.
      expect(found.reads.items, q).toBeLessThan(60);
      expect(found.reads.units, q).toBeLessThan(20);
    }
  });

  it('answers a search every contact matches a page at a time, each answer reading about one page', async () => {
    const first = await measured(search('talent'));
    report('q=talent (every contact matches)', first);
    expect(Object.keys(first.page.contacts)).toHaveLength(TRACKING_PAGE_MAX);
    expect(first.page.next_cursor).toEqual(expect.any(String));
    // 101 index items and the page's 100 contacts, plus the session and the campaigns.
    expect(first.reads.items).toBeLessThan(2 * TRACKING_PAGE_MAX + 40);
    expect(first.reads.units).toBeLessThan(100);
    const second = await measured(search('talent', `&cursor=${encodeURIComponent(first.page.next_cursor!)}`));
    expect(Object.keys(second.page.contacts)).toHaveLength(TRACKING_PAGE_MAX);
    expect(Object.keys(second.page.contacts).some((key) => key in first.page.contacts)).toBe(false);

    // The listing's first page, for comparison: its counts read every contact.
    const listing = await measured('/api/campaigns/contacts/tracking');
    report('the listing first page (counts over every contact)', listing);
    expect(listing.page.summary?.total_contacts).toBe(CONTACTS);
  });

  it('reads at most a bounded number of index items per answer when other words filter, and still finds the talent', async () => {
    // "talent" leads (the longer word) and every contact but one begins with it; one of them has RARE_NAME.
    let cursor: string | null = null;
    let answers = 0;
    let worst: { reads: Reads; ms: number } | undefined;
    const found: string[] = [];
    do {
      const answer: { page: TrackingResponse; reads: Reads; ms: number } = await measured(search(`talent ${RARE_NAME}`, cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''));
      found.push(...Object.keys(answer.page.contacts));
      if (!worst || answer.reads.items > worst.reads.items) worst = answer;
      cursor = answer.page.next_cursor;
      answers += 1;
    } while (cursor && found.length === 0 && answers < 100);
    report(`q="talent ${RARE_NAME}" worst of ${answers} answers`, worst!);
    expect(found).toEqual([`${CAMPAIGNS[RARE % 2]}:talent${RARE_NAME}@scale.test`]);
    expect(worst!.reads.items).toBeLessThan(SEARCH_READ_MAX + 40);
  });

  it("never answers another agency's contacts", async () => {
    const mine = await measured(search('zoe'));
    expect(Object.keys(mine.page.contacts)).toEqual([TARGET_KEY]);
    const theirs = await measured(search('zoe'), rival);
    expect(Object.keys(theirs.page.contacts)).toHaveLength(51);
    expect(Object.keys(theirs.page.contacts).filter((key) => key.startsWith('scale-b:talent'))).toEqual([]);
    // A cursor from the other agency's search reads on in the caller's own agency only.
    const cursor = trackingResponse.parse((await rival.api.get(search('zoe', '&limit=1'))).body).next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const resumed = await owner.api.get(search('zoe', `&cursor=${encodeURIComponent(cursor!)}`));
    expect(resumed.status).toBe(200);
    expect(Object.keys(trackingResponse.parse(resumed.body).contacts)).toEqual([TARGET_KEY]);
  });

  it('refuses a search too long or with control characters, and a cursor from another search or the listing', async () => {
    const long = await owner.api.get(search('a'.repeat(CONTACT_SEARCH_MAX + 1)));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(`Search must be ${CONTACT_SEARCH_MAX} characters or fewer`);
    for (const bad of ['maya\nokafor', 'maya\u0000', 'ma\u202Eya']) {
      const refused = await owner.api.get(search(bad));
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error).toBe('Search must not contain control characters');
    }
    const listingCursor = trackingResponse.parse((await owner.api.get('/api/campaigns/contacts/tracking?limit=1')).body).next_cursor!;
    expect((await owner.api.get(search('talent', `&cursor=${listingCursor}`))).body.error).toBe('Invalid cursor');
    const searchCursor = trackingResponse.parse((await owner.api.get(search('talent', '&limit=1'))).body).next_cursor!;
    expect((await owner.api.get(search('zoe', `&cursor=${searchCursor}`))).status).toBe(400);
    expect((await owner.api.get(`/api/campaigns/contacts/tracking?cursor=${searchCursor}`)).status).toBe(400);
    // Blank or only punctuation narrows nothing: the listing's first page, without the counts.
    const blank = trackingResponse.parse((await owner.api.get(search('  @ '))).body);
    expect(Object.keys(blank.contacts)).toHaveLength(TRACKING_PAGE_MAX);
    expect(blank.summary).toBeUndefined();
  });
});
