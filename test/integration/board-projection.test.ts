import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCampaignContacts } from '../../functions/lib/campaigns/contact-store';
import { projectBoardRow, projectNewBoardRows } from '../../functions/lib/conversations/board/project';
import { REBUILD_STEP } from '../../functions/lib/conversations/board/rebuild';
import { deleteBoardCounter, getBoardCounter } from '../../functions/lib/store/board-items';
import { dynamoClient, TABLE_NAME } from '../../functions/lib/store/client';
import { conversationListResponse, type ConversationListResponse } from '../../shared/schemas/conversations';
import { seed, truth } from '../fixtures/seed';
import { seedContacts } from '../support/contact-seed';
import { seedBoard, wholeCampaignPages } from '../support/board-seed';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

/** 300 in `npm test`; `npm run bench` runs the page measurement at 100 and 5,000 (bench/board-page.ts). */
const ROWS = Number(process.env.BOARD_ROWS ?? 300);
const CAMPAIGN = 'board-a';

type Reads = { units: number; calls: Record<string, number> };

/**
 * Issue 24 point 2: a campaign's board and the queues are read from the projection a page at a
 * time (functions/lib/conversations/board/), in exactly the order and with exactly the totals
 * of the whole-campaign read, and follow every change of a contact or a conversation.
 */
describe(`the board projection over ${ROWS} talents`, () => {
  let booted: Booted;
  let owner: SignedIn;
  let agency: string;
  let counting: Reads | undefined;

  beforeAll(async () => {
    booted = await boot();
    owner = await signIn(booted.runtime, truth.longlist.owner);
    agency = (await createAgency(owner, 'Board Scale Agency')).agency.name;
    const created = await owner.api.post('/api/campaigns/add', { campaign_id: CAMPAIGN, campaign_name: 'Board A', client_name: 'Glow' });
    expect(created.status, created.text).toBe(200);
    await seedBoard(agency, CAMPAIGN, ROWS, Date.now());
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (!counting) return next(args);
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
        const out = await next(args);
        const output = out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] };
        for (const consumed of [output.ConsumedCapacity ?? []].flat()) counting.units += consumed.CapacityUnits ?? 0;
        const name = context.commandName ?? 'unknown';
        counting.calls[name] = (counting.calls[name] ?? 0) + 1;
        return out;
      },
      { step: 'initialize', name: 'boardProjectionCapacity' },
    );
  }, 600_000);

  afterAll(async () => {
    await booted?.stop();
  });

  const list = async (query: string): Promise<ConversationListResponse> => {
    const response = await owner.api.get(`/api/v3/conversations?${query}`);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    return conversationListResponse.parse(response.body);
  };

  /** Every page of a query through the API, its ids in order. */
  const walk = async (query: string) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let first: ConversationListResponse | undefined;
    do {
      const page: ConversationListResponse = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      first ??= page;
      ids.push(...page.items.map((row) => row.id));
      cursor = page.cursor;
    } while (cursor);
    return { ids, total: first!.total, counts: first!.counts };
  };

  const expected = async (query: Record<string, unknown>) => {
    const pages = await wholeCampaignPages(agency, { campaign_id: CAMPAIGN, limit: 37, ...query } as never, Date.now(), 3);
    return { ids: pages.flatMap((page) => page.items.map((row) => row.id)), total: pages[0]!.total, counts: pages[0]!.counts };
  };

  it('pages every board sort, both ways, with and without a status filter, exactly as the whole-campaign read', async () => {
    const sorts = ['talent', 'status', 'waiting', 'last_inbound', 'last_outbound', 'next_date', 'fee'];
    for (const status of [undefined, 'negotiating,confirmed', 'declined']) {
      for (const sort of sorts.flatMap((key) => [key, `-${key}`])) {
        const query = `campaign_id=${CAMPAIGN}&limit=37&sort=${sort}${status ? `&status=${status}` : ''}`;
        const got = await walk(query);
        const want = await expected({ sort, ...(status ? { status: status.split(',') } : {}) });
        expect(got.ids, query).toEqual(want.ids);
        expect(got.total, query).toBe(want.total);
        expect(got.counts, query).toEqual(want.counts);
      }
    }
  }, 300_000);

  it('reads a 50-row page in a few read units, the same at every depth', async () => {
    // Read units are the same every time; the answer time is the median of five asks (one ask is noise).
    const measure = async (query: string) => {
      const times: number[] = [];
      let last: { page: ConversationListResponse; reads: Reads } | undefined;
      for (let ask = 0; ask < 5; ask += 1) {
        counting = { units: 0, calls: {} };
        const started = performance.now();
        const page = await list(query);
        times.push(performance.now() - started);
        last = { page, reads: counting };
        counting = undefined;
      }
      return { ...last!, ms: Math.round(times.sort((a, b) => a - b)[2]!) };
    };
    // The route's first call in this process loads its code (a cold start): measured warm, the cold one printed.
    const cold = await measure(`campaign_id=${CAMPAIGN}&limit=1&sort=talent`);
    console.log(`board-projection: cold start of the list route: ${cold.ms} ms`);
    const first = await measure(`campaign_id=${CAMPAIGN}&limit=50&sort=waiting`);
    const deeper = await measure(`campaign_id=${CAMPAIGN}&limit=50&sort=waiting&cursor=${encodeURIComponent(first.page.cursor!)}`);
    const filtered = await measure(`campaign_id=${CAMPAIGN}&limit=50&sort=-fee&status=negotiating,confirmed,replied`);
    for (const [label, { page, reads, ms }] of Object.entries({ first, deeper, filtered })) {
      // The bench reads this line (bench/board-page.ts): rows, read units, answer time.
      console.log(`board-projection: ${ROWS} talents, ${label} page of ${page.items.length} rows: ${reads.units} read units, ${ms} ms, ${JSON.stringify(reads.calls)}`);
      // The whole-campaign read of these 300 rows costs ~30 units; a page from the projection a handful.
      expect(reads.units, label).toBeLessThanOrEqual(10);
      expect(reads.calls.ScanCommand ?? 0).toBe(0);
    }
  });

  it('serves the needs-reply and follow-up queues from their own entries, as the whole read would', async () => {
    for (const [query, filter] of [
      ['needs_reply=true&tracking=on&sort=waiting&limit=20', { needs_reply: true }],
      ['follow_up=true&tracking=on&sort=waiting&limit=20', { follow_up: true }],
    ] as const) {
      const got = await walk(query);
      const pages = await wholeCampaignPages(agency, { campaign_id: CAMPAIGN, tracking: 'on', sort: 'waiting', limit: 20, ...filter } as never, Date.now(), 3);
      expect(got.ids, query).toEqual(pages.flatMap((page) => page.items.map((row) => row.id)));
      expect(got.total, query).toBe(pages[0]!.total);
      expect(got.ids.length, query).toBeGreaterThan(0);
    }
  });

  it('follows a correction, a tracking pause and a removal at once', async () => {
    const target = 'talent00007@board.test';
    const id = `${CAMPAIGN}:${target}`;
    const before = await walk(`campaign_id=${CAMPAIGN}&sort=talent&status=declined`);
    const corrected = await owner.api.request('PATCH', `/api/v3/conversations/${encodeURIComponent(id)}`, { status: 'declined' });
    expect(corrected.status, corrected.text).toBe(200);
    const after = await walk(`campaign_id=${CAMPAIGN}&sort=talent&status=declined`);
    expect(after.ids).toContain(id);
    expect(after.total).toBe(before.ids.includes(id) ? before.total : before.total + 1);

    const paused = await owner.api.post('/api/campaigns/contacts/tracking/toggle', { email: target, campaign_id: CAMPAIGN, tracking: false });
    expect(paused.status, paused.text).toBe(200);
    const row = (await list(`campaign_id=${CAMPAIGN}&sort=talent&status=declined&limit=100`)).items.find((entry) => entry.id === id);
    expect(row?.tracking).toBe(false);

    const removed = await owner.api.post('/api/campaigns/contacts/remove', { email: target, campaign_id: CAMPAIGN });
    expect(removed.status, removed.text).toBe(200);
    const gone = await walk(`campaign_id=${CAMPAIGN}&sort=talent&status=declined`);
    expect(gone.ids).not.toContain(id);
    expect(gone.total).toBe(after.total - 1);
    expect(await walk(`campaign_id=${CAMPAIGN}&sort=talent`)).toMatchObject(await expected({ sort: 'talent' }));
  });

  it("projects a bulk import's new rows in batches, the same rows and counts as one by one", async () => {
    const created = await owner.api.post('/api/campaigns/add', { campaign_id: 'board-b', campaign_name: 'Board B', client_name: 'Glow' });
    expect(created.status, created.text).toBe(200);
    await seedContacts(agency, Array.from({ length: 60 }, (_, i) => ({ campaignId: 'board-b', email: `bulk${String(i).padStart(3, '0')}@board.test`, talentName: `Bulk ${i}` })));
    const contacts = await listCampaignContacts(agency, 'board-b');
    // A few rows already projected (their heads exist): those take the careful way.
    await projectBoardRow(agency, 'board-b', contacts[3]!.email);
    await projectNewBoardRows(agency, 'board-b', contacts);
    await projectNewBoardRows(agency, 'board-b', contacts.slice(0, 10));
    const got = await walk('campaign_id=board-b&sort=talent&limit=25');
    const pages = await wholeCampaignPages(agency, { campaign_id: 'board-b', sort: 'talent', limit: 25 } as never, Date.now(), 3);
    expect(got.ids).toEqual(pages.flatMap((page) => page.items.map((row) => row.id)));
    expect(got.total).toBe(60);
    expect(got.counts.not_contacted).toBe(60);
  });

  it('builds the board of a campaign stored before the projection a bounded step per read, answering from the whole read until it is whole', async () => {
    const created = await owner.api.post('/api/campaigns/add', { campaign_id: 'board-old', campaign_name: 'Board Old', client_name: 'Glow' });
    expect(created.status, created.text).toBe(200);
    const size = REBUILD_STEP * 2 + 100;
    await seedContacts(agency, Array.from({ length: size }, (_, i) => ({ campaignId: 'board-old', email: `old${String(i).padStart(5, '0')}@board.test`, talentName: `Old ${i}` })));
    // As it was before the projection existed: no counter, no rows.
    await deleteBoardCounter(agency, 'board-old');
    const whole = await wholeCampaignPages(agency, { campaign_id: 'board-old', sort: 'talent', limit: 50 } as never, Date.now(), 3);
    for (let read = 1; read <= 3; read += 1) {
      const page = await list('campaign_id=board-old&sort=talent&limit=50');
      expect(page.items.map((row) => row.id), `read ${read}`).toEqual(whole[0]!.items.map((row) => row.id));
      expect(page.total, `read ${read}`).toBe(size);
      expect((await getBoardCounter(agency, 'board-old'))?.projected ?? false, `read ${read}`).toBe(read === 3);
    }
    const got = await walk('campaign_id=board-old&sort=talent&limit=200');
    expect(got.ids).toEqual(whole.flatMap((page) => page.items.map((row) => row.id)));
    expect(got.counts.not_contacted).toBe(size);
  });

  const boardItemsOf = async (match: (item: Record<string, unknown>) => boolean) => {
    const found: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await dynamoClient().send(new ScanCommand({ TableName: TABLE_NAME, ...(start ? { ExclusiveStartKey: start } : {}) }));
      found.push(...(page.Items ?? []).filter(match));
      start = page.LastEvaluatedKey;
    } while (start);
    return found;
  };

  it('leaves one entry per view for a row however many projections of it run at once', async () => {
    const email = 'talent00011@board.test';
    await Promise.all(Array.from({ length: 10 }, () => projectBoardRow(agency, CAMPAIGN, email)));
    const entries = await boardItemsOf((item) => String(item.pk).includes(`#BOARD#${CAMPAIGN}#`) && String(item.sk).includes(email));
    // Each view once under the row's status and once under every status, and by status under every status.
    const views = ['fee', 'last_inbound', 'last_outbound', 'next_date', 'talent', 'waiting'];
    const status = conversationListResponse.parse((await owner.api.get(`/api/v3/conversations?contact_email=${encodeURIComponent(email)}`)).body).items[0]!.status;
    expect(entries.map((item) => String(item.pk).split(`#BOARD#${CAMPAIGN}#`)[1]).sort()).toEqual([...views.flatMap((view) => [`${view}#${status}`, `${view}#*`]), 'status#*'].sort());
  });

  it("removes a campaign's whole projection with the campaign, and never shows another agency's rows", async () => {
    const rival = await signIn(booted.runtime, seed.accounts[1]!.email);
    await createAgency(rival, 'Rival Board Agency');
    expect((await rival.api.post('/api/campaigns/add', { campaign_id: CAMPAIGN, campaign_name: 'Rival', client_name: 'Glow' })).status).toBe(200);
    const theirs = conversationListResponse.parse((await rival.api.get(`/api/v3/conversations?campaign_id=${CAMPAIGN}`)).body);
    expect(theirs.total).toBe(0);
    expect(theirs.items).toEqual([]);

    expect((await owner.api.post('/api/campaigns/delete', { campaign_id: CAMPAIGN })).status).toBe(200);
    await booted.runtime.settleAsync();
    const left = await boardItemsOf((item) => String(item.pk).startsWith(`AGENCY#${agency}#BOARD#${CAMPAIGN}#`) || (item.pk === `AGENCY#${agency}` && (String(item.sk).startsWith(`BOARDROW#${CAMPAIGN}#`) || item.sk === `BOARDCOUNT#${CAMPAIGN}`)));
    expect(left.map((item) => `${String(item.pk)} ${String(item.sk)}`)).toEqual([]);
  });
});
