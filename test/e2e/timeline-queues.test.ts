import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../infra/local/runtime';
import type { ChangesResponse, ConversationDetailResponse, ConversationJson, ConversationListResponse } from '../../shared/schemas/conversations';
import { truth } from '../fixtures/seed';
import { startApp, startLocalApp, type AppServer } from './app-server';
import { appProblems, NO_PROBLEMS, type TrackedPage } from './browser';
import { addCampaignWithContacts, processRange as processDays, runJob, signInWithNewAgency } from './journeys';
import { callPageApi, seriousAxeFindings } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * The talent timeline and the work queues through the real backend and the Google/OpenAI
 * emulators. Set-up: the lead of the seed's Spanish hard cases signs in and sets up an agency,
 * creates the Verde Kitchen campaign and its talents, and processes the days that hold their mail: a
 * manager's mail naming "Sofía" (two tracked Sofías: needs assignment), the same manager's deal
 * for Lucía (a fee and a date, each with its words), a decline and an auto-reply. Then: the
 * timeline from the Contacts screen, a status correction that survives re-running the job, a
 * one-click assignment from the queue, a reply that arrives after the visit in "What changed"
 * (through the monitor when the app runs in-process), axe on each screen, and no horizontal
 * overflow at 1280 and 390 px. One page, steps in order.
 */

const LEAD = 'daniel@brightwave-agency.com';
const CAMPAIGN = truth.hardCases.campaigns.find((campaign) => campaign.campaign_id === 'hc-verde-otono')!;
const CONTACTS = truth.hardCases.contacts.filter((contact) => contact.campaign_id === CAMPAIGN.campaign_id);
const contactNamed = (email: string) => CONTACTS.find((contact) => contact.email === email)!;
const LUCIA = contactNamed('lucia@luciaprieto.es');
const SOFIA_M = contactNamed('sofiamgil.cocina@gmail.com');
const SOFIA_N = contactNamed('sofianavarro.eats@gmail.com');
const CARMEN = contactNamed('carmen.vidal.fit@gmail.com');
const caseThread = (id: string) => truth.hardCases.cases.find((entry) => entry.id === id)!.threads.find((thread) => thread.mailbox === LEAD)!;
/** The days that hold every Verde Kitchen case (28 Sep – 6 Oct 2026). */
const RANGE = { start_date: '2026-09-28', end_date: '2026-10-06' };

let suite: Suite;
let app: AppServer;
/** The in-process runtime (its monitor tick), unless E2E_APP_URL points at a running app. */
let runtime: Runtime | undefined;
let tracked: TrackedPage;
let page: Page;
let emulatorOrigin = '';
let agencyName = '';
let shotsDir = '';

/** startApp, but keeping the runtime: its monitor tick is how new mail arrives. */
const start = async (): Promise<AppServer> => {
  if (process.env.E2E_APP_URL) return startApp();
  const local = await startLocalApp();
  runtime = local.runtime;
  return local;
};

beforeAll(async () => {
  suite = await openSuite({ start, viewport: { width: 1280, height: 900 } });
  ({ app, tracked, page } = suite);
  shotsDir = join(process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'threadline-e2e-screenshots'), 'timeline-queues');
  await mkdir(shotsDir, { recursive: true });
  ({ emulatorOrigin } = await signInWithNewAgency(page, app.url, LEAD));
  agencyName = (await callApi<{ agency_name: string | null }>('GET', '/auth/status')).body.agency_name ?? '';
  expect(agencyName).not.toBe('');
  const { client_domain: _domain, ...fields } = CAMPAIGN;
  await addCampaignWithContacts(page, fields, CONTACTS);
  await processRange();
  if (runtime) {
    // The monitor's first look at the mailbox only records where it stands.
    const baseline = await monitorTick();
    expect(baseline.results?.map((entry) => entry.result)).toEqual(['nothing-new']);
  }
});

afterAll(() => suite?.close());

const callApi = <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => callPageApi<T>(page, method, path, body);

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const toast = (title: string) => page.locator('li[data-type]').filter({ hasText: title });
const timeline = () => page.getByTestId('timeline-conversation');
const queue = (id: string) => page.getByTestId(`queue-${id}`);

const processRange = () => processDays(page, RANGE);

const conversation = async (id: string) => {
  const response = await callApi<ConversationDetailResponse>('GET', `/api/v3/conversations/${encodeURIComponent(id)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.conversation;
};
const needsAssignment = async () => {
  const response = await callApi<ConversationListResponse>('GET', '/api/v3/conversations?needs_assignment=true');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
};
const sofiasThread = (items: ConversationJson[]) =>
  items.find((item) => [SOFIA_M.email, SOFIA_N.email].every((email) => item.candidates.some((candidate) => candidate.contact_email === email)));

/** The whole page's serious axe findings, once the toasts have gone (they come and go mid-scan). */
const seriousViolations = async () => {
  await expect.poll(() => page.locator('li[data-type]').count(), { timeout: 15_000 }).toBe(0);
  return seriousAxeFindings(page);
};

/** Both widths: a screenshot each, and nothing wider than the window. */
const checkLayout = async (name: string) => {
  // The status bar lingers a moment after a job; the screenshots are of the page itself.
  await page.getByTestId('processing-status-bar').waitFor({ state: 'detached', timeout: 30_000 });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(overflow.scroll, `${name} at ${width} px: the page scrolls sideways`).toBeLessThanOrEqual(overflow.client);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** Makes the agency due for the monitor and runs one tick; resolves with what the tick did. */
const monitorTick = async () => {
  const { monitorRegistryEntity } = await import('../../functions/lib/store/entities/monitor-registry');
  await monitorRegistryEntity.patch({ agencyName }).set({ nextCheckAt: new Date(Date.now() - 1000).toISOString() }).go();
  return (await runtime!.runMonitorTick()) as { results?: { result: string }[] };
};

describe('talent timeline and work queues', () => {
  it("processing read the Verde Kitchen mail: Lucía's fee and date, and the Sofías' mail waiting for a person", async () => {
    const lucia = await conversation(`${CAMPAIGN.campaign_id}:${LUCIA.email}`);
    expect(lucia.message_count).toBeGreaterThan(0);
    expect(lucia.fees.length).toBeGreaterThan(0);
    expect(lucia.dates.length).toBeGreaterThan(0);
    expect(sofiasThread(await needsAssignment())).toBeDefined();
  });

  it('opens the timeline from the Contacts screen: a date and a fee, each with its quote, and the Gmail thread', async () => {
    // The campaign and contacts were made through the API: a fresh load, not the cached lists.
    await page.goto(`${app.url}/contacts`);
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor({ timeout: 30_000 });
    const contactLink = page.getByRole('link', { name: LUCIA.email, exact: true });
    await contactLink.waitFor({ timeout: 30_000 });
    await contactLink.click();
    await page.waitForURL((url) => url.pathname === `/talents/${encodeURIComponent(LUCIA.email)}` && url.searchParams.get('campaign') === CAMPAIGN.campaign_id);
    await page.getByRole('heading', { level: 1, name: LUCIA.talent_name }).waitFor({ timeout: 30_000 });
    await timeline().getByRole('heading', { level: 2, name: CAMPAIGN.campaign_name }).waitFor();

    const lucia = await conversation(`${CAMPAIGN.campaign_id}:${LUCIA.email}`);
    const date = lucia.dates.find((entry) => entry.quote)!;
    const fee = lucia.fees.find((entry) => entry.quote)!;
    expect(date, JSON.stringify(lucia.dates)).toBeDefined();
    expect(fee, JSON.stringify(lucia.fees)).toBeDefined();
    await timeline().getByTestId('key-date').filter({ hasText: `“${date.quote}”` }).first().waitFor();
    await timeline().getByTestId('fee').filter({ hasText: `“${fee.quote}”` }).first().waitFor();
    expect(await timeline().getByTestId('attribution').textContent()).toContain("The talent's manager wrote and named the talent");

    // Gmail's address in production; the emulator's mail viewer here. Either way it names the mailbox.
    // Named by the thread's subject and the mailbox's local part: "Open in Gmail: <subject> · daniel@".
    const gmail = timeline().getByRole('link', { name: new RegExp(`^Open in Gmail: .+ · ${LEAD.split('@')[0]}@$`) }).first();
    const href = decodeURIComponent((await gmail.getAttribute('href')) ?? '');
    expect(href).toContain(LEAD);
    expect(href).toContain(lucia.threads[0]!.thread_id);
    await expect.poll(() => timeline().getByTestId('timeline-message').count(), { timeout: 15_000 }).toBe(lucia.message_count);
    expect(await timeline().getByTestId('timeline-message').first().textContent()).toContain('javier@estrellatalent.es');
  });

  it('has no serious accessibility problem and no sideways scroll on the timeline', async () => {
    expect(await seriousViolations()).toEqual([]);
    await checkLayout('timeline');
  });

  it('corrects the status: it reads "set by a person", and still does after the same job runs again', async () => {
    const before = await conversation(`${CAMPAIGN.campaign_id}:${LUCIA.email}`);
    const corrected = before.status === 'negotiating' ? 'replied' : 'negotiating';
    const label = corrected === 'negotiating' ? 'Negotiating' : 'Replied';
    await timeline().getByRole('button', { name: 'Correct' }).click();
    const form = page.getByRole('form', { name: 'Corrections' });
    await form.getByRole('combobox', { name: 'Status' }).waitFor();
    // The open form (with a new, empty fee row) passes axe and fits both widths too.
    await form.getByRole('button', { name: 'Add fee' }).click();
    expect(await seriousViolations()).toEqual([]);
    await checkLayout('timeline-corrections');
    await form.getByRole('button', { name: /^Remove fee / }).last().click();
    await form.getByRole('combobox', { name: 'Status' }).selectOption(corrected);
    const patched = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await form.getByRole('button', { name: 'Save corrections' }).click();
    const response = await patched;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ status: corrected });
    await toast('Corrections Saved').waitFor({ timeout: 15_000 });
    const status = timeline().getByTestId('conversation-status');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe(`${label}set by a person`);

    await processRange();
    // A fresh load (no cached lists), then the timeline again from the Contacts screen. Not a reload
    // of /talents/<e-mail>: the e-mail's dot makes the static server take it for a file (404).
    await page.goto(`${app.url}/contacts`);
    await page.getByRole('link', { name: LUCIA.email, exact: true }).click({ timeout: 30_000 });
    await expect.poll(() => timeline().getByTestId('conversation-status').textContent(), { timeout: 30_000 }).toBe(`${label}set by a person`);
    const after = await conversation(`${CAMPAIGN.campaign_id}:${LUCIA.email}`);
    expect(after.status).toBe(corrected);
    expect(after.corrected_fields).toContain('status');
  });

  it('shows the four queues, the needs-assignment mail with its candidates; no serious accessibility problem, no sideways scroll', async () => {
    await nav('Queues').click();
    await page.getByRole('heading', { name: 'Work Queues', level: 1 }).waitFor();
    for (const title of ['Needs reply', 'Follow up', 'Needs assignment', 'What changed']) await page.getByRole('heading', { level: 2, name: title }).waitFor();
    // The Sofías' mail (the queue also holds other mail that waits for a person, in its own order).
    const item = queue('needs_assignment').getByTestId('assign-item').filter({ hasText: SOFIA_N.talent_name }).first();
    await item.waitFor({ timeout: 30_000 });
    expect(await item.getByTestId('assign-candidate').count()).toBeGreaterThanOrEqual(2);
    await queue('needs_reply').getByTestId('queue-item').first().waitFor({ timeout: 15_000 });
    expect(await seriousViolations()).toEqual([]);
    await checkLayout('queues');
  });

  it('assigns the needs-assignment mail from the queue in one click; it leaves the queue', async () => {
    const item = queue('needs_assignment')
      .getByTestId('assign-item')
      .filter({ has: page.getByRole('button', { name: `Assign to ${SOFIA_N.talent_name} (${CAMPAIGN.campaign_name})` }) });
    await item.waitFor({ timeout: 30_000 });
    const id = await item.getAttribute('data-conversation-id');
    expect(id).toMatch(/^~na:/);
    const assigned = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v3/conversations/assign');
    await item.getByRole('button', { name: `Assign to ${SOFIA_N.talent_name} (${CAMPAIGN.campaign_name})` }).click();
    const response = await assigned;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ id, assignments: [{ contact_email: SOFIA_N.email, campaign_id: CAMPAIGN.campaign_id }] });
    await toast('Conversation Assigned').waitFor({ timeout: 15_000 });
    await queue('needs_assignment').locator(`[data-conversation-id="${id}"]`).waitFor({ state: 'detached', timeout: 15_000 });
    expect((await needsAssignment()).some((entry) => entry.id === id)).toBe(false);
    const sofia = await conversation(`${CAMPAIGN.campaign_id}:${SOFIA_N.email}`);
    expect(sofia.attribution.reason).toBe('assigned');
  });

  it('shows a reply that arrived after the visit in "What changed", linking to its timeline', async () => {
    // This page's visit was recorded when the queues loaded: the reply comes after it.
    const visit = await callApi<ChangesResponse>('GET', '/api/v3/conversations/changes');
    expect(visit.status).toBe(200);
    const thread = caseThread('decline-spanish');
    const marker = `E2E-REPLY-${Date.now()}`;
    const added = await fetch(`${emulatorOrigin}/__emulator/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        mailbox: LEAD,
        threadId: thread.threadId,
        from: `${CARMEN.talent_name} <${CARMEN.email}>`,
        to: [LEAD],
        subject: 'Re: Verde Kitchen – 2 TikToks',
        body: `¡Hola Daniel! Pensándolo mejor, me apetece mucho. ¿Seguís buscando creadores? ${marker}`,
      }),
    });
    expect(added.ok, await added.clone().text()).toBe(true);
    if (runtime) {
      const tick = await monitorTick();
      expect(tick.results?.map((entry) => entry.result)).toEqual(['started']);
      await expect
        .poll(async () => (await callApi<{ is_processing: boolean }>('GET', '/api/v3/status')).body.is_processing, { timeout: 110_000, interval: 500 })
        .toBe(false);
    } else {
      const today = new Date().toISOString().slice(0, 10);
      await runJob(page, () => callApi('POST', '/api/v3/process/interval', { start_date: today, end_date: today }));
    }
    const feed = await callApi<ChangesResponse>('GET', '/api/v3/conversations/changes');
    expect(feed.body.items.some((change) => change.kind === 'reply' && change.contact_email === CARMEN.email), JSON.stringify(feed.body)).toBe(true);

    await page.goto(`${app.url}/queues`);
    const change = queue('changes').getByTestId('change-item').filter({ hasText: CARMEN.talent_name }).filter({ hasText: 'Reply' }).first();
    await change.waitFor({ timeout: 30_000 });
    const link = change.getByRole('link', { name: CARMEN.talent_name });
    expect(await link.getAttribute('href')).toBe(`/talents/${encodeURIComponent(CARMEN.email)}?campaign=${CAMPAIGN.campaign_id}`);
    // Newest first.
    const times = await queue('changes').locator('[data-testid="change-item"] time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect(times).toEqual([...times].sort().reverse());
    await link.click();
    await page.getByRole('heading', { level: 1, name: CARMEN.talent_name }).waitFor({ timeout: 15_000 });
    await expect.poll(() => timeline().getByTestId('timeline-message').filter({ hasText: 'Talent' }).count(), { timeout: 15_000 }).toBeGreaterThan(1);
  });

  it('names the talent with new mail on the dashboard, with the queues summary; no serious accessibility problem, no sideways scroll', async () => {
    await nav('Email Processing').click();
    await page.getByRole('heading', { name: 'Email Processing', level: 1 }).waitFor();
    await page.getByTestId('monitoring-new-mail').getByRole('link', { name: CARMEN.talent_name }).waitFor({ timeout: 30_000 });
    await page.getByTestId('queues-summary').waitFor();
    await expect.poll(() => page.getByTestId('queue-summary-changes').getByTestId('queue-summary-count').textContent(), { timeout: 15_000 }).not.toBe('–');
    expect(await seriousViolations()).toEqual([]);
    await checkLayout('dashboard');
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    expect(appProblems(tracked.problems, app.url)).toEqual(NO_PROBLEMS);
  });
});
