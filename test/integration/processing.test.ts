import { gmailThreadLink } from '../../functions/lib/google/links';
import { CONVERSATION_STATUSES } from '../../shared/schemas/conversations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truth } from '../fixtures/seed';
import { completionsSince, expectedThreads, getStatus, OWNER, settle, setupWorld, storedThreads, tabValues, tokensOf, trackedContacts, type World } from './processing-helpers';

const CAMPAIGNS = ['glow-serum-q1', 'trailrunner-spring'];
const START = '2026-01-05';
const END = '2026-02-20';

const valuesBatchUpdates = (world: World, from: number) =>
  world.google.log.slice(from).filter((e) => e.operation === 'sheets.spreadsheets.values.batchUpdate' && e.status === 200);

describe('processing: a date-range job on the seeded mailbox', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: CAMPAIGNS });
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  it('validates the interval with clear messages', async () => {
    const bad = await world.api.post('/api/v3/process/interval', { start_date: '2026-02-01', end_date: '2026-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('end_date must be on or after start_date');
    const missing = await world.api.post('/api/v3/process/interval', { start_date: '2026-02-30', end_date: '2026-03-01' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('start_date must be a date in the form yyyy-MM-dd');
    const unknown = await world.api.post('/api/v3/process/email', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
    const idle = await getStatus(world);
    expect(idle).toMatchObject({ is_processing: false, task_id: null, phase: null, progress: null, current_thread: null });
  });

  it('stores summaries for exactly the threads involving tracked contacts or managers, and writes the trackers once per spreadsheet', async () => {
    const logFrom = world.google.log.length;
    const aiFrom = world.openai.log.length;
    const started = await world.api.post<{ success: boolean; task_id: string; message: string }>('/api/v3/process/interval', { start_date: START, end_date: END });
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ success: true, message: `Processing emails from ${START} to ${END}` });
    const during = await getStatus(world);
    expect(during.task_id).toBe(started.body.task_id);

    const ended = await settle(world);
    expect(ended, String(ended.error)).toMatchObject({ is_processing: false, task_id: started.body.task_id, status: 'succeeded' });
    const expected = expectedThreads(OWNER, START, END, CAMPAIGNS);
    expect(expected.size).toBeGreaterThan(5);
    expect(ended.progress).toMatchObject({ threads_total: expected.size, threads_completed: expected.size, percent: 100 });

    // every expected thread is one the seed's truth lists for a tracked contact
    const truthThreads = new Set(trackedContacts(CAMPAIGNS).flatMap((c) => c.threads.filter((t) => t.mailbox === OWNER).map((t) => t.threadId)));
    for (const id of expected) expect(truthThreads.has(id), id).toBe(true);

    const threads = await storedThreads(world.agencyName);
    expect(new Set(threads.map((t) => t.threadId))).toEqual(expected);
    for (const t of threads) {
      expect(t.summary.length).toBeGreaterThan(10);
      expect(t.processedIds?.length).toBeGreaterThan(0);
      expect(CONVERSATION_STATUSES).toContain(t.status);
      if (t.status !== 'not_contacted') expect(['agency', 'talent']).toContain(t.whoseTurn);
      // locally the link opens the Google emulator's read-only viewer (real Google's own URL on AWS)
      expect(t.gmailLink).toBe(gmailThreadLink(OWNER, t.threadId));
      expect(t.gmailLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/viewer\/mail\//);
      // a manager's mail naming none of their talents waits for a person ('~na')
      expect([...CAMPAIGNS, '~na']).toContain(t.primaryCampaignId);
    }
    expect(tokensOf(completionsSince(world.openai, aiFrom))).toBeGreaterThan(0);

    // the outreach trackers: one row per contact of the campaign (not contacted ones too), one values.batchUpdate per spreadsheet
    const writes = valuesBatchUpdates(world, logFrom);
    const perSheet = new Map<string, number>();
    for (const w of writes) {
      const id = /spreadsheets\/([^/]+)\/values/.exec(w.path)![1]!;
      perSheet.set(id, (perSheet.get(id) ?? 0) + 1);
    }
    for (const [id, count] of perSheet) expect(count, id).toBe(1);
    const glow = world.campaigns.get('glow-serum-q1')!.outreach_tracker_sheet_id;
    expect(perSheet.get(glow)).toBe(1);
    const rows = tabValues(world.google, glow, 'Outreach');
    expect(rows[0]).toEqual(['Talent', 'Email', 'Manager', 'Status', 'Whose Turn', 'Last Inbound', 'Last Outbound', 'Messages', 'Key Dates', 'Summary', 'Gmail Link', 'Updated At', 'Latest Fee', 'Next Key Date']);
    const body = rows.slice(1).filter((r) => r[1]);
    expect(new Set(body.map((r) => r[1]))).toEqual(new Set(trackedContacts(['glow-serum-q1']).map((c) => c.email)));
    const contactsWithThreads = new Set(threads.filter((t) => t.campaignIds?.includes('glow-serum-q1')).flatMap((t) => t.contactEmails ?? []));
    for (const row of body) {
      if (contactsWithThreads.has(row[1]!)) expect(Number(row[7]), row[1]).toBeGreaterThan(0);
      else expect(row.slice(3, 8), row[1]).toEqual(['Not contacted', '', '', '', '0']);
    }
    // Hollie (glow-serum-q1) wrote to the owner within the range: her row is there, with her messages and a Gmail link.
    const hollie = truth.contacts.find((c) => c.email === 'hollie.osei@gmail.com')!;
    const hollieRow = body.find((r) => r[1] === hollie.email);
    expect(hollieRow, `no outreach row for ${hollie.email}`).toBeDefined();
    expect(hollieRow![0]).toBe(hollie.talent_name);
    expect(hollieRow![10]).toMatch(/\/viewer\/mail\//);
    expect(Number(hollieRow![7])).toBeGreaterThan(0);
  });

  it('running the same job again spends no model tokens and adds no rows; people\'s own columns survive', async () => {
    const glow = world.campaigns.get('glow-serum-q1')!.outreach_tracker_sheet_id;
    const before = tabValues(world.google, glow, 'Outreach');
    // someone writes a note in column O (after the product's 14 columns) of the first data row
    const sheet = world.google.state.spreadsheets.get(glow)!.sheets.find((s) => s.properties.title === 'Outreach')!;
    (sheet.cells[1] as unknown[])[14] = 'call her agent';
    const aiFrom = world.openai.log.length;
    const started = await world.api.post<{ task_id: string }>('/api/v3/process/interval', { start_date: START, end_date: END });
    expect(started.status).toBe(200);
    const ended = await settle(world);
    expect(ended.status).toBe('succeeded');
    expect(tokensOf(completionsSince(world.openai, aiFrom))).toBe(0);
    expect(completionsSince(world.openai, aiFrom)).toHaveLength(0);
    const after = tabValues(world.google, glow, 'Outreach');
    expect(after.filter((r) => r[1]).length).toBe(before.filter((r) => r[1]).length);
    expect(after[1]![14]).toBe('call her agent');
    expect(after.map((r) => r.slice(0, 11))).toEqual(before.map((r) => r.slice(0, 11)));
  });
});
