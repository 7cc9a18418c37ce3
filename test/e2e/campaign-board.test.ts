import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationListResponse, STATUS_LABELS, type ConversationJson } from '../../shared/schemas/conversations';
import { truth } from '../fixtures/seed';
import { BOARD_CSV_HEADER, boardCsv } from '../../web/src/features/conversations/lib/board-export';
import { parseCsv } from '../../web/src/features/conversations/lib/csv';
import { addCampaignWithContacts, processRange, signInWithNewAgency } from './journeys';
import type { AppServer } from './app-server';
import { appProblems, NO_PROBLEMS, type TrackedPage } from './browser';
import { callPageApi, seriousAxeFindings } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * The campaign board through the real backend and the Google/OpenAI emulators. Set-up: the lead
 * of the seeded glow-serum-q1 campaign signs in, creates the campaign and its talents (plus one
 * nobody wrote to) through the API and processes the seeded mailbox over a date range. Then the
 * board is worked:
 * every talent with the API's statuses, a filter and a sort kept in the URL, a bulk pause, a CSV
 * export, both views at desktop and phone widths (no sideways scroll) and an axe scan.
 */
let suite: Suite;
let app: AppServer;
let tracked: TrackedPage;
let page: Page;

const seeded = truth.campaigns.find((campaign) => campaign.campaign_id === 'glow-serum-q1')!;
const owner = seeded.lead;
const talents = truth.contacts.filter((contact) => contact.campaign_id === seeded.campaign_id);
/** A talent of the campaign with no mail at all: the board must list it as not contacted. */
const quiet = { email: 'quiet.talent@example.com', talent_name: 'Quinn Quiet', email_owner: '', handle: '@quinnquiet' };
const START = '2026-01-05';
const END = '2026-03-20';
const boardPath = `/campaigns/${seeded.campaign_id}`;
/** The conversations a person handed to the agency (whose turn corrected). */
let handedOver: string[] = [];

const SCREENSHOT_DIR = join(tmpdir(), 'threadline-e2e-screenshots', 'campaign-board');

beforeAll(async () => {
  suite = await openSuite();
  ({ app, tracked, page } = suite);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await signInWithNewAgency(page, app.url, owner);
  const { lead: _lead, support: _support, ...fields } = seeded;
  const contacts = [...talents.map(({ email, talent_name, email_owner }) => ({ email, talent_name, email_owner })), quiet];
  await addCampaignWithContacts(page, fields, contacts);
  await processRange(page, { start_date: START, end_date: END });
});

afterAll(() => suite?.close());

const toast = (title: string) => page.locator('li[data-type]').filter({ hasText: title });
const boardRows = () => page.getByTestId('board-row');
const rowById = (id: string) => page.locator(`[data-testid="board-row"][data-id="${id}"]`);

const callApi = <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => callPageApi<T>(page, method, path, body);

/** Every row of a list query, as the conversations API answers it (the board's source of truth). */
const apiRows = async (query: Record<string, string> = {}): Promise<ConversationJson[]> => {
  const search = new URLSearchParams({ campaign_id: seeded.campaign_id, limit: '500', ...query });
  const answer = await callApi('GET', `/api/v3/conversations?${search}`);
  expect(answer.status).toBe(200);
  const parsed = conversationListResponse.parse(answer.body);
  expect(parsed.cursor).toBeNull();
  return parsed.items;
};

/** Clicks the export button named `name` and reads the CSV Chromium downloads (with when it was asked, for its waiting days). */
const exportCsv = async (name: string) => {
  const downloading = page.waitForEvent('download');
  const at = new Date();
  await page.getByRole('button', { name }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${seeded.campaign_id}-talents-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  return { rows: parseCsv((await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '')), at };
};

const boardIds = async () => boardRows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id') ?? ''));

/** The board has settled: no skeleton, no "Updating...", and the rows the pager counts. */
const settled = async () => {
  await page.getByTestId('board-showing').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByText('Updating...').count(), { timeout: 15_000 }).toBe(0);
};

const noSidewaysScroll = () => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

// The board is the page's main region; the app shell (top navigation) is not this screen's.
const seriousViolations = () => seriousAxeFindings(page, { include: 'main', tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });

const shoot = async (name: string, width: number) => {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await settled();
  const path = join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage: true });
  const { scrollWidth, innerWidth } = await noSidewaysScroll();
  expect(scrollWidth, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  return path;
};

describe('campaign board', () => {
  it('opens the board from the campaign card title', async () => {
    // The campaign was made through the API: load the app afresh so its lists know of it.
    await page.goto(`${app.url}/campaigns`);
    const card = page.getByRole('article', { name: seeded.campaign_name });
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('link', { name: seeded.campaign_name }).click();
    await page.waitForURL((url) => url.pathname === boardPath);
    await page.getByRole('heading', { level: 1, name: seeded.campaign_name }).waitFor({ timeout: 15_000 });
    expect(await page.getByText(seeded.client_name, { exact: true }).isVisible()).toBe(true);
    // Where Drive links lead is the server's call (the emulator's viewer here): each names its resource.
    const { campaign } = (await callApi<{ campaign: { campaign_folder_id: string; influencer_list_sheet_id: string; outreach_tracker_sheet_id: string } }>('GET', `/api/campaigns/${seeded.campaign_id}`)).body;
    const drive = page.getByRole('navigation', { name: 'Drive' });
    for (const [name, id] of [
      [/Drive folder/, campaign.campaign_folder_id],
      [/Influencer list/, campaign.influencer_list_sheet_id],
      [/Outreach tracker/, campaign.outreach_tracker_sheet_id],
    ] as const) {
      const link = drive.getByRole('link', { name });
      expect(await link.getAttribute('href')).toContain(id);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
  });

  it('lists every talent of the campaign, not-contacted ones too, with the statuses the API returns', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await settled();
    const api = await apiRows();
    expect(api).toHaveLength(talents.length + 1);
    expect(new Set(api.map((row) => row.contact_email))).toEqual(new Set([...talents.map((talent) => talent.email), quiet.email]));
    // Processing read the mail: some talents moved past "not contacted"; the quiet one did not.
    expect(api.filter((row) => row.status !== 'not_contacted').length).toBeGreaterThan(0);
    expect(api.find((row) => row.contact_email === quiet.email)?.status).toBe('not_contacted');

    expect(await boardIds()).toEqual(api.map((row) => row.id));
    for (const row of api) {
      const cells = rowById(row.id).locator('td, th');
      expect(await cells.nth(2).innerText(), row.id).toContain(STATUS_LABELS[row.status]);
      expect(await cells.nth(1).innerText()).toContain(row.contact_email!);
    }
    expect(await page.getByTestId('board-showing').textContent()).toBe(`Showing 1–${api.length} of ${api.length}`);
  });

  it('a person hands two conversations to the agency (no seeded thread of the range waits on it)', async () => {
    const contacted = (await apiRows()).filter((row) => row.status !== 'not_contacted' && row.whose_turn !== 'agency');
    expect(contacted.length).toBeGreaterThanOrEqual(2);
    handedOver = contacted.slice(0, 2).map((row) => row.id);
    for (const id of handedOver) {
      const patched = await callApi('PATCH', `/api/v3/conversations/${encodeURIComponent(id)}`, { whose_turn: 'agency' });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    }
    await page.reload();
    await settled();
    for (const id of handedOver) expect(await rowById(id).locator('td').nth(2).textContent()).toContain('set by a person');
  });

  it('filters by "Needs reply" and sorts by waiting, on the server and in the URL', async () => {
    await page.getByRole('combobox', { name: 'Whose turn' }).selectOption({ label: 'Needs reply' });
    await page.waitForURL((url) => url.searchParams.get('turn') === 'agency');
    await page.getByRole('button', { name: 'Whose turn' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'waiting');
    await settled();
    const api = await apiRows({ turn: 'agency', sort: 'waiting' });
    expect(api.map((row) => row.id)).toEqual(expect.arrayContaining(handedOver));
    expect(api.every((row) => row.whose_turn === 'agency')).toBe(true);
    await expect.poll(boardIds, { timeout: 15_000 }).toEqual(api.map((row) => row.id));
    expect(await page.getByRole('columnheader', { name: /Whose turn/ }).getAttribute('aria-sort')).toBe('ascending');

    // A reload (or a shared link) restores the same board.
    await page.reload();
    await settled();
    expect(await page.getByRole('combobox', { name: 'Whose turn' }).inputValue()).toBe('agency');
    await expect.poll(boardIds, { timeout: 15_000 }).toEqual(api.map((row) => row.id));
  });

  it('opens a talent timeline with Enter on a row, keeping the campaign, and its back link returns to the filtered board', async () => {
    const first = boardRows().first();
    const id = (await first.getAttribute('data-id'))!;
    const email = id.slice(id.indexOf(':') + 1);
    await first.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/talents/${encodeURIComponent(email)}` && url.searchParams.get('campaign') === seeded.campaign_id);
    // The way back is to the board the person came from, its filter kept.
    await page.getByRole('link', { name: 'Back to the board' }).click();
    await page.waitForURL((url) => url.pathname === boardPath && url.searchParams.get('turn') === 'agency');
    await settled();
  });

  it('pauses tracking of two talents at once: the API then says tracking false', async () => {
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('turn'));
    await settled();
    const ids = (await boardIds()).slice(0, 2);
    expect(ids).toHaveLength(2);
    for (const id of ids) await rowById(id).getByRole('checkbox').check();
    await page.getByText('2 talents selected').waitFor();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Pause tracking' }).click();
    await toast('Tracking Paused').getByText('Tracking paused for 2 talents').waitFor({ timeout: 15_000 });
    const api = await apiRows();
    for (const id of ids) expect(api.find((row) => row.id === id)?.tracking, id).toBe(false);
    expect(api.filter((row) => !row.tracking).map((row) => row.id).sort()).toEqual([...ids].sort());
    for (const id of ids) await rowById(id).getByText('Paused', { exact: true }).waitFor({ timeout: 15_000 });
    expect(new Set((await apiRows({ tracking: 'off' })).map((row) => row.id))).toEqual(new Set(ids));
  });

  it('exports every row of the current filter as CSV, matching the API', async () => {
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Last inbound' });
    await page.getByRole('button', { name: /Sorted ascending/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-last_inbound');
    await settled();
    const { rows, at } = await exportCsv('Export all as CSV');
    const api = await apiRows({ sort: '-last_inbound' });
    expect(rows).toHaveLength(api.length + 1);
    expect(rows).toEqual(parseCsv(boardCsv(api, at)));
    expect(rows.slice(1).map((row) => row[1])).toEqual(api.map((row) => row.contact_email));
    await toast('Export Ready').waitFor({ timeout: 15_000 });
  });

  it('exports exactly the two selected rows, with manager, campaign, tracking, fee state and the Gmail link', async () => {
    const ids = (await boardIds()).slice(0, 2);
    for (const id of ids) await rowById(id).getByRole('checkbox').check();
    const { rows, at } = await exportCsv('Export 2 selected as CSV');
    const api = (await apiRows({ sort: '-last_inbound' })).filter((row) => ids.includes(row.id));
    expect(rows[0]).toEqual([...BOARD_CSV_HEADER]);
    expect(rows.slice(1).map((row) => `${seeded.campaign_id}:${row[1]}`)).toEqual(ids);
    expect(rows).toEqual(parseCsv(boardCsv(api, at)));
    const column = (name: (typeof BOARD_CSV_HEADER)[number]) => rows.slice(1).map((row) => row[BOARD_CSV_HEADER.indexOf(name)]);
    expect(column('Campaign')).toEqual(api.map(() => seeded.campaign_name));
    expect(column('Gmail link').filter(Boolean).every((link) => link!.startsWith('http'))).toBe(true);
    await page.getByRole('button', { name: 'Clear selection' }).click();
  });

  it('shows the table and the pipeline at 1280 px and 390 px without sideways scrolling', async () => {
    const shots = [await shoot('table', 1280)];
    expect(await page.getByRole('table').count()).toBe(1);
    shots.push(await shoot('table', 390));
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByTestId('board-card').count()).toBe(talents.length + 1);

    await page.getByRole('button', { name: 'Pipeline' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'pipeline');
    shots.push(await shoot('pipeline', 390));
    shots.push(await shoot('pipeline', 1280));
    const api = await apiRows();
    const counts = conversationListResponse.parse((await callApi('GET', `/api/v3/conversations?campaign_id=${seeded.campaign_id}`)).body).counts;
    for (const [status, label] of Object.entries(STATUS_LABELS)) {
      const column = page.getByTestId('board-pipeline').locator(`section[data-status="${status}"]`);
      expect(await column.getByTestId('pipeline-count').textContent(), label).toBe(String(counts[status as keyof typeof counts]));
      expect(await column.getByTestId('board-card').count(), label).toBe(api.filter((row) => row.status === status).length);
    }
    console.log(`campaign board screenshots:\n${shots.join('\n')}`);
  });

  it('has no serious or critical axe violation on the board', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousViolations(), 'pipeline 1280').toEqual([]);
    await page.getByRole('button', { name: 'Table' }).click();
    await page.waitForURL((url) => !url.searchParams.has('view'));
    await settled();
    await page.getByRole('table').waitFor();
    expect(await seriousViolations(), 'table 1280').toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('board-stacked').waitFor();
    expect(await seriousViolations(), 'table 390').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    expect(appProblems(tracked.problems, app.url)).toEqual(NO_PROBLEMS);
  });
});
