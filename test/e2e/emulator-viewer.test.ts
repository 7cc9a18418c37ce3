import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTREACH_TRACKER_HEADERS, OUTREACH_TRACKER_TAB, campaignFolderName, influencerListTitle, outreachTrackerTitle } from '../../functions/lib/campaigns/layout';
import type { ConversationDetailResponse, ConversationListResponse } from '../../shared/schemas/conversations';
import { seed, truth } from '../fixtures/seed';
import type { AppServer } from './app-server';
import { EXPECTED_401, unexpectedConsoleErrors, type Browser, type TrackedPage } from './browser';
import { processRange, signInWithNewAgency } from './journeys';
import { callPageApi } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * Locally every Drive, Sheets and Gmail link leads to the Google emulator's read-only viewer, not
 * to Google (where the emulator's ids do not exist). Set-up: the longlist owner signs in and sets
 * up an agency. Then a campaign is created; the campaign card's Folder and Outreach links open the viewer
 * (the folder with the campaign's two sheets, the Outreach tab with the product's header row);
 * then one talent's mail is processed and the conversation's Gmail link (threads[].gmail_url of
 * the conversations API) opens the thread. One page, steps in order.
 */
let suite: Suite;
let app: AppServer;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;
let emulatorOrigin = '';

const OWNER = truth.longlist.owner;
const campaignId = 'viewer-links-26';
const campaignName = 'Viewer Links';
const BANNER = 'Google emulator — read-only view';

/** A talent without a manager whose one thread, with a reply, is in the owner's mailbox. */
const seededTalent = truth.contacts.find((contact) => !contact.email_owner && contact.threads.length === 1 && contact.threads[0]!.mailbox === OWNER && contact.threads[0]!.involvesTalent && contact.outcome !== 'no_reply');
if (!seededTalent) throw new Error(`The seed has no talent without a manager whose one thread, with a reply, is in ${OWNER}'s mailbox`);
const talent = seededTalent;
const talentThread = talent.threads[0]!;
const threadMessages = seed.mailboxes.find((mailbox) => mailbox.email === OWNER)!.messages.filter((message) => message.threadId === talentThread.threadId);

beforeAll(async () => {
  suite = await openSuite();
  ({ app, browser, tracked, page } = suite);
  ({ emulatorOrigin } = await signInWithNewAgency(page, app.url, OWNER));
  expect(emulatorOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

afterAll(() => suite?.close());

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const card = () => page.getByRole('article', { name: campaignName });
const toast = (title: string) => page.locator('li[data-type]').filter({ hasText: title });

const callApi = <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => callPageApi<T>(page, method, path, body);

/** Clicks a link that opens a new tab (target=_blank) and returns that tab, loaded. */
const followToNewTab = async (link: Locator): Promise<Page> => {
  const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await opened.waitForLoadState('domcontentloaded');
  return opened;
};

const expectViewerPage = async (viewer: Page) => {
  expect(await viewer.getByRole('note').textContent()).toBe(BANNER);
  expect(await viewer.locator('script').count()).toBe(0);
};

const gridRow = (viewer: Page, n: number) => viewer.locator('table.grid tbody tr').nth(n - 1).locator('td').allTextContents();

describe('links into Google open the emulator viewer', () => {
  it('creates a campaign; its Drive links point at the viewer', async () => {
    await nav('Campaigns').click();
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Campaign' });
    await dialog.getByLabel('Client Name').fill('Lumen Skincare');
    await dialog.getByLabel('Campaign Name').fill(campaignName);
    await dialog.getByLabel('Campaign ID').fill(campaignId);
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await toast('Campaign Created').waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'detached' });
    await card().getByRole('link', { name: 'Folder' }).waitFor({ timeout: 60_000 });
    await card().getByRole('link', { name: 'Outreach' }).waitFor({ timeout: 60_000 });
    expect(await card().getByRole('link', { name: 'Folder' }).getAttribute('href')).toMatch(new RegExp(`^${emulatorOrigin}/viewer/drive/folders/[^/?]+$`));
    expect(await card().getByRole('link', { name: 'Outreach' }).getAttribute('href')).toMatch(new RegExp(`^${emulatorOrigin}/viewer/spreadsheets/[^/?]+$`));
    // The screen's own Threadline Folder / Campaigns Tracker links too.
    expect(await page.getByRole('link', { name: /Threadline Folder/ }).getAttribute('href')).toMatch(new RegExp(`^${emulatorOrigin}/viewer/drive/folders/`));
  });

  it("the card's Folder link shows the campaign folder with its two sheets", async () => {
    const viewer = await followToNewTab(card().getByRole('link', { name: 'Folder' }));
    try {
      await expectViewerPage(viewer);
      expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe(campaignFolderName({ campaignId, campaignName }));
      const rows = viewer.locator('table.files tbody tr');
      const files = await rows.evaluateAll((trs) => trs.map((tr) => ({ name: tr.children[0]?.textContent, type: tr.children[1]?.textContent, href: tr.querySelector('a')?.getAttribute('href') })));
      for (const title of [influencerListTitle({ campaignName }), outreachTrackerTitle({ campaignName })]) {
        const file = files.find((entry) => entry.name === title);
        expect(file, JSON.stringify(files)).toMatchObject({ type: 'Google Sheets', href: expect.stringMatching(/^\/viewer\/spreadsheets\//) });
      }
      // A sheet in the listing opens in the viewer too.
      await viewer.getByRole('link', { name: influencerListTitle({ campaignName }) }).click();
      await viewer.getByRole('heading', { level: 1, name: influencerListTitle({ campaignName }) }).waitFor();
    } finally {
      await viewer.close();
    }
  });

  it("the card's Outreach link shows the 'Outreach' tab with the product's header row", async () => {
    const viewer = await followToNewTab(card().getByRole('link', { name: 'Outreach' }));
    try {
      await expectViewerPage(viewer);
      expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe(outreachTrackerTitle({ campaignName }));
      expect(await viewer.locator('ul.tabs a[aria-current="page"]').textContent()).toBe(OUTREACH_TRACKER_TAB);
      expect(await viewer.locator('table.grid thead th').allTextContents()).toEqual(['', ...OUTREACH_TRACKER_HEADERS.map((_, i) => String.fromCharCode(65 + i))]);
      expect(await viewer.locator('table.grid tbody tr th').first().textContent()).toBe('1');
      expect(await gridRow(viewer, 1)).toEqual([...OUTREACH_TRACKER_HEADERS]);
    } finally {
      await viewer.close();
    }
  });

  it("a processed conversation's Gmail link (conversations API) shows the thread, oldest first", async () => {
    const added = await callApi('POST', '/api/campaigns/contacts/add', { campaign_id: campaignId, email: talent.email, talent_name: talent.talent_name });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const dates = threadMessages.map((message) => message.date.slice(0, 10)).sort();
    expect(dates.length).toBeGreaterThan(0);
    await processRange(page, { start_date: dates[0]!, end_date: dates.at(-1)! });

    const list = await callApi<ConversationListResponse>('GET', `/api/v3/conversations?campaign_id=${campaignId}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const conversation = list.body.items.find((item) => item.contact_email === talent.email);
    expect(conversation, JSON.stringify(list.body.items.map((item) => item.contact_email))).toBeDefined();
    // The list row links the latest thread; the detail links every thread.
    const detail = await callApi<ConversationDetailResponse>('GET', `/api/v3/conversations/${encodeURIComponent(conversation!.id)}`);
    const threads = detail.body.conversation.threads;
    const link = threads.find((thread) => thread.thread_id === talentThread.threadId);
    expect(link, JSON.stringify(threads)).toBeDefined();
    expect(link!.gmail_url).toBe(`${emulatorOrigin}/viewer/mail/${encodeURIComponent(OWNER)}/thread/${talentThread.threadId}`);

    const viewer = await browser.context.newPage();
    try {
      const response = await viewer.goto(link!.gmail_url);
      expect(response?.status()).toBe(200);
      await expectViewerPage(viewer);
      const ordered = [...threadMessages].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
      expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe(ordered[0]!.subject);
      const articles = viewer.locator('article.message');
      expect(await articles.count()).toBe(ordered.length);
      for (const [i, message] of ordered.entries()) {
        const article = articles.nth(i);
        expect(await article.locator('dt:text-is("From") + dd').textContent()).toBe(message.from);
        expect(await article.locator('dt:text-is("Subject") + dd').textContent()).toBe(message.subject);
        expect(await article.locator('pre.body').textContent()).toBe(message.body);
      }
    } finally {
      await viewer.close();
    }
  });

  it('the tracker row the product wrote links to the same thread in the viewer', async () => {
    const viewer = await followToNewTab(card().getByRole('link', { name: 'Outreach' }));
    try {
      const gmailColumn = OUTREACH_TRACKER_HEADERS.indexOf('Gmail Link');
      const reloadedRow = async (n: number) => {
        await viewer.reload();
        return gridRow(viewer, n);
      };
      await expect.poll(async () => (await reloadedRow(2))[gmailColumn], { timeout: 30_000 }).toBe(
        `${emulatorOrigin}/viewer/mail/${encodeURIComponent(OWNER)}/thread/${talentThread.threadId}`,
      );
      expect((await gridRow(viewer, 2))[OUTREACH_TRACKER_HEADERS.indexOf('Email')]).toBe(talent.email);
    } finally {
      await viewer.close();
    }
  });

  it('raised no page errors and no unexpected console errors', () => {
    const origin = new URL(app.url).origin;
    expect(tracked.problems.pageErrors).toEqual([]);
    expect(tracked.problems.cspViolations.filter((text) => text.includes(origin))).toEqual([]);
    expect(unexpectedConsoleErrors(tracked.problems, [EXPECTED_401]).filter((text) => text.includes(origin))).toEqual([]);
  });
});
