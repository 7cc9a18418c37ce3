import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationListResponse } from '../../shared/schemas/conversations';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { truth } from '../fixtures/seed';
import type { Client } from '../integration/harness';
import { latestInviteToken, signIn } from '../integration/identity-helpers';
import type { AppServer } from './app-server';
import { appProblems, NO_PROBLEMS, type TrackedPage } from './browser';
import { addCampaignWithContacts, processRange, signInWithNewAgency } from './journeys';
import { callPageApi } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * Settings → Activity in Chromium (issue 26). Set-up: the lead of the seed's Spanish hard cases
 * sets up an agency, the Verde Kitchen campaign and its talents, and processes their mail (a
 * manager's mail naming "Sofía": needs assignment). A colleague joins through the e-mailed
 * invitation. Then two people change things: the colleague assigns the Sofía mail and pauses
 * that Sofía's tracking, the owner corrects her status and replaces the OpenAI key. The owner's
 * Activity lists all four with who made each, filtered by the talent shows only hers, the
 * talent's timeline shows her entries; screenshots at 1280 and 390 px, no sideways scroll.
 */
const LEAD = 'daniel@brightwave-agency.com';
const CAMPAIGN = truth.hardCases.campaigns.find((campaign) => campaign.campaign_id === 'hc-verde-otono')!;
const CONTACTS = truth.hardCases.contacts.filter((contact) => contact.campaign_id === CAMPAIGN.campaign_id);
const SOFIA_M = CONTACTS.find((contact) => contact.email === 'sofiamgil.cocina@gmail.com')!;
const SOFIA_N = CONTACTS.find((contact) => contact.email === 'sofianavarro.eats@gmail.com')!;
const RANGE = { start_date: '2026-09-28', end_date: '2026-10-06' };
/** A second seeded person; the browser holds the owner's session, she calls the API with her own. */
const COLLEAGUE = truth.longlist.owner;
/** The emulator opens for one key only: the owner replaces the key with it again (a replacement all the same). */
const NEW_KEY = LOCAL_OPENAI_KEY;

let suite: Suite;
let app: AppServer;
let owner: TrackedPage;
let colleague: Client;
let page: Page;
let shotsDir = '';

beforeAll(async () => {
  suite = await openSuite({ viewport: { width: 1280, height: 900 } });
  ({ app, tracked: owner, page } = suite);
  if (!app.dataDir) throw new Error('this suite reads the local outbox: run it against the in-process app');
  shotsDir = join(process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'threadline-e2e-screenshots'), 'activity');
  await mkdir(shotsDir, { recursive: true });
  await signInWithNewAgency(page, app.url, LEAD);
  const { client_domain: _domain, ...fields } = CAMPAIGN;
  await addCampaignWithContacts(page, fields, CONTACTS);
  await processRange(page, RANGE);

  const invited = await callPageApi(page, 'POST', '/api/v3/agency/invitations', { email: COLLEAGUE, role: 'member' });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  colleague = (await signIn(app, COLLEAGUE)).api;
  const accepted = await colleague.post('/api/v3/agency/invitations/accept', { invite_token: latestInviteToken(app.dataDir, COLLEAGUE) });
  expect(accepted.status, accepted.text).toBe(200);
}, 300_000);

afterAll(() => suite?.close());

const ok = async (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => {
  const answer = await callPageApi<Record<string, unknown>>(page, method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
};
const colleagueDoes = async (path: string, body: unknown) => {
  const answer = await colleague.post(path, body);
  expect(answer.status, `POST ${path}: ${answer.text}`).toBe(200);
};
const activity = () => page.getByRole('region', { name: 'Activity', exact: true });
const entries = () => activity().getByTestId('audit-event');

/** How far the page is wider than its window at `width` px (0: no sideways scroll), after its screenshot. */
const overflowAt = async (name: string, width: number): Promise<number> => {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
};
/** Desktop and phone: a screenshot each, and nothing wider than the window. */
const checkLayout = async (name: string) => {
  expect({ desktop: await overflowAt(name, 1280), phone: await overflowAt(name, 390) }, `${name}: sideways scroll in px`).toEqual({ desktop: 0, phone: 0 });
  await page.setViewportSize({ width: 1280, height: 900 });
};

describe('Settings → Activity', () => {
  it('two people change a talent and the key: an assignment, a correction, a tracking pause, a key replacement', async () => {
    const queue = (await ok('GET', '/api/v3/conversations?needs_assignment=true')) as ConversationListResponse;
    const sofias = queue.items.find((item) => [SOFIA_M.email, SOFIA_N.email].every((email) => item.candidates.some((candidate) => candidate.contact_email === email)));
    expect(sofias, 'the manager mail naming two Sofías needs assignment').toBeDefined();
    await colleagueDoes('/api/v3/conversations/assign', { id: sofias!.id, assignments: [{ contact_email: SOFIA_M.email, campaign_id: CAMPAIGN.campaign_id }] });
    await ok('PATCH', `/api/v3/conversations/${encodeURIComponent(`${CAMPAIGN.campaign_id}:${SOFIA_M.email}`)}`, { status: 'negotiating' });
    await colleagueDoes('/api/campaigns/contacts/tracking/toggle', { email: SOFIA_M.email, tracking: false, campaign_id: CAMPAIGN.campaign_id });
    await ok('POST', '/api/v3/api-keys/set', { service: 'openai', api_key: NEW_KEY });
  });

  it('the owner sees the four, newest first, each with who made it', async () => {
    await page.goto(`${app.url}/settings#activity`);
    await activity().waitFor({ timeout: 30_000 });
    await entries().first().waitFor({ timeout: 15_000 });
    const kinds = await entries().evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
    expect(kinds.slice(0, 4)).toEqual(['api_key.set', 'contact.tracking', 'conversation.correct', 'conversation.assign']);
    const [key, pause, correction, assignment] = await entries().allInnerTexts();
    expect(key).toContain('OpenAI key set');
    expect(key).toContain(LEAD);
    expect(key).toContain(`openai key: set → replaced (…${NEW_KEY.slice(-4)})`);
    expect(key).not.toContain(NEW_KEY.slice(0, 12));
    expect(pause).toContain('Tracking changed');
    expect(pause).toContain(COLLEAGUE);
    expect(pause).toContain('tracking: true → false');
    expect(correction).toContain('Conversation corrected');
    expect(correction).toContain(LEAD);
    expect(correction).toMatch(/status: [a-z_]+ → negotiating/);
    expect(assignment).toContain('Conversation assigned');
    expect(assignment).toContain(COLLEAGUE);
    expect(assignment).toContain(`assigned to: — → ${SOFIA_M.email}`);
    await checkLayout('activity');
  });

  it('filtered by the talent, only her entries remain (by both people); the CSV follows the filter', async () => {
    const filtered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v3/audit' && new URL(response.url()).searchParams.get('contact_email') === SOFIA_M.email);
    await activity().getByLabel('Talent').fill(SOFIA_M.email);
    await activity().getByLabel('Talent').press('Enter');
    await filtered;
    await expect.poll(() => entries().evaluateAll((items) => items.map((item) => item.getAttribute('data-kind'))), { timeout: 15_000 }).toEqual([
      'contact.tracking',
      'conversation.correct',
      'conversation.assign',
      'contact.add',
    ]);
    const people = new Set((await entries().allInnerTexts()).map((text) => [LEAD, COLLEAGUE].find((email) => text.includes(email))));
    expect(people).toEqual(new Set([LEAD, COLLEAGUE]));
    await checkLayout('activity-filtered');

    const download = page.waitForEvent('download');
    await activity().getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"When","Person","Kind","Campaign","Talent","Target","Changes"');
    expect(lines.slice(1).map((line) => line.split('","')[2])).toEqual(['contact.tracking', 'conversation.correct', 'conversation.assign', 'contact.add']);
  });

  it("the talent's timeline shows her entries", async () => {
    await page.goto(`${app.url}/talents/${encodeURIComponent(SOFIA_M.email)}`);
    const own = page.getByTestId('talent-activity');
    await own.waitFor({ timeout: 30_000 });
    await expect.poll(() => own.getByTestId('audit-event').evaluateAll((items) => items.map((item) => item.getAttribute('data-kind'))), { timeout: 15_000 }).toEqual(
      expect.arrayContaining(['contact.tracking', 'conversation.correct', 'conversation.assign']),
    );
    await checkLayout('talent-activity');
  });

  it('a member is refused the log itself', async () => {
    const refused = await colleague.get('/api/v3/audit');
    expect(refused.status).toBe(403);
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    expect(appProblems(owner.problems, app.url)).toEqual(NO_PROBLEMS);
  });
});
