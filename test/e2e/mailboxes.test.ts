import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { mailboxesResponse, type MailboxesResponse } from '../../shared/schemas/mailboxes';
import { truth } from '../fixtures/seed';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import type { AppServer } from './app-server';
import { appProblems, NO_PROBLEMS, type TrackedPage } from './browser';
import { callPageApi, seriousAxeFindings } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * Mailbox consent per agency through the real backend and the Google emulator: the creator of an
 * agency is asked at creation (checked by default), sees their mailbox connected in Settings,
 * disconnects it (the list empties and says nothing is read), then reconnects limited to mail on
 * or after a day and sees that limit listed. axe on both screens, screenshots at 1280 and 390.
 */
let suite: Suite;
let app: AppServer;
let tracked: TrackedPage;
let page: Page;

const owner = truth.campaigns[0]!.lead;
const text = messages.mailboxes;
const AFTER = '2026-01-05';
const SHOTS = '/tmp/shots';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

beforeAll(async () => {
  suite = await openSuite();
  ({ app, tracked, page } = suite);
  await mkdir(SHOTS, { recursive: true });
});

afterAll(() => suite?.close());

const section = () => page.getByRole('region', { name: text.heading });
const rows = () => section().getByTestId('mailbox');
const myState = () => section().getByTestId('my-mailbox-state');
const createConsent = () => page.getByRole('checkbox', { name: text.createConsent });

const listMailboxes = async (): Promise<MailboxesResponse> => {
  const answer = await callPageApi(page, 'GET', '/api/v3/mailboxes');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return mailboxesResponse.parse(answer.body);
};

const noSidewaysScroll = async (label: string) => {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${label} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
};

/** Where `target` sits on the whole page, with a margin: a full-page clip keeps the sticky top bar off it. */
const pageBox = (target: Locator, margin = 12) =>
  target.evaluate((element, pad) => {
    const rect = element.getBoundingClientRect();
    const x = Math.max(0, rect.left + window.scrollX - pad);
    const y = Math.max(0, rect.top + window.scrollY - pad);
    return { x, y, width: Math.min(document.documentElement.clientWidth - x, rect.width + 2 * pad), height: rect.height + 2 * pad };
  }, margin);

/** The whole page from its top (so the sticky top bar stays there), clipped to `target` when given. */
const shoot = async (path: string, target: Locator | null) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(target ? { path, fullPage: true, clip: await pageBox(target) } : { path, fullPage: true });
};

/** A screenshot of `target` (the whole page without one) at each width, with no sideways scroll and no serious axe finding. */
const shootAndScan = async (name: string, target: Locator | null, include: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await shoot(`${SHOTS}/${name}-${width}.png`, target);
    await noSidewaysScroll(`${name} at ${width}px`);
    expect(await seriousAxeFindings(page, { include, tags: AXE_TAGS }), `${name} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

describe('mailbox consent per agency', () => {
  it('asks the creator at agency creation, checked by default', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const account = page.locator(`a.account[data-email="${owner}"]`);
    await account.waitFor({ timeout: 30_000 });
    await account.click();
    await page.getByRole('heading', { name: 'Select Agency' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create New Agency' }).click();
    await expect.poll(() => page.getByPlaceholder('ex: threadline-agency').inputValue(), { timeout: 15_000 }).not.toBe('');
    expect(await createConsent().isChecked()).toBe(true);
    await shootAndScan('create-agency', null, 'form');
  });

  it('creates the agency with the mailbox connected and sets the OpenAI key', async () => {
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v3/agency');
    await page.getByRole('button', { name: 'Create Agency' }).click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ connect_mailbox: true });
    expect(await answer.json()).toMatchObject({ success: true, mailbox_connected: true });
    await page.getByText('Your Agencies (1)').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /-agency/i }).first().click();
    await page.getByPlaceholder(/^sk-/).fill(LOCAL_OPENAI_KEY);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Email Processing', exact: true }).waitFor({ timeout: 30_000 });
  });

  it('shows the creator\'s mailbox connected in Settings, with what staff will see', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await rows().first().waitFor({ timeout: 15_000 });
    expect(await rows().count()).toBe(1);
    const row = rows().first();
    expect(await row.getAttribute('data-email')).toBe(owner);
    expect(await row.getByText('Maya Okafor').isVisible()).toBe(true);
    expect(await row.getByText('You', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByTestId('mailbox-limits').textContent()).toBe(text.noLimits);
    expect(await row.getByText(text.health.connected, { exact: true }).isVisible()).toBe(true);
    expect(await myState().textContent()).toBe(text.connected);
    expect(await section().getByText(/^If you connect your Gmail, everyone in /).isVisible()).toBe(true);
    expect(await section().getByRole('button', { name: text.update }).isVisible()).toBe(true);

    const listed = await listMailboxes();
    expect(listed.you).toMatchObject({ email: owner, connected: true, google_access: true });
    expect(listed.mailboxes.map((m) => [m.email, m.is_you, m.from_addresses, m.after])).toEqual([[owner, true, [], null]]);
  });

  it('disconnects after confirming: the list empties and says no mailbox is connected', async () => {
    await section().getByRole('button', { name: text.disconnect }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.getByText(text.disconnectKeeps).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: text.disconnect }).click();

    await section().getByTestId('no-mailbox').waitFor({ timeout: 15_000 });
    expect(await section().getByTestId('no-mailbox').textContent()).toBe(text.none);
    expect(await rows().count()).toBe(0);
    await expect.poll(() => myState().textContent()).toBe(text.disconnected);
    expect(await section().getByRole('button', { name: text.disconnect }).count()).toBe(0);
    expect(await section().getByRole('checkbox', { name: /^Let .* read the mail in my Gmail/ }).isChecked()).toBe(false);

    const listed = await listMailboxes();
    expect(listed.you.connected).toBe(false);
    expect(listed.mailboxes).toEqual([]);
    await shoot(`${SHOTS}/mailboxes-disconnected-1280.png`, section());
  });

  it(`reconnects limited to mail on or after ${AFTER} and sees the limit listed`, async () => {
    const connect = section().getByRole('button', { name: text.connect });
    // Consent first: without it nothing is sent.
    await connect.click();
    await section().getByText(text.consentRequired).waitFor();

    await section().getByRole('checkbox', { name: /^Let .* read the mail in my Gmail/ }).check();
    await section().getByLabel(text.afterLabel).fill(AFTER);
    const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v3/mailboxes/connect');
    await connect.click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toEqual({ from_addresses: [], after: AFTER });

    await rows().first().waitFor({ timeout: 15_000 });
    await expect.poll(() => rows().first().getByTestId('mailbox-limits').textContent()).toBe(`On or after ${AFTER}`);
    await expect.poll(() => myState().textContent()).toBe(text.connected);

    const listed = await listMailboxes();
    expect(listed.you.connected).toBe(true);
    expect(listed.mailboxes.map((m) => [m.email, m.after, m.health])).toEqual([[owner, AFTER, 'connected']]);

    // Kept across a reload; the form starts from the saved limit.
    await page.reload();
    await rows().first().waitFor({ timeout: 15_000 });
    expect(await rows().first().getByTestId('mailbox-limits').textContent()).toBe(`On or after ${AFTER}`);
    expect(await section().getByLabel(text.afterLabel).inputValue()).toBe(AFTER);
  });

  it('the Settings mailboxes section is clean at 1280 and 390 wide', async () => {
    await shootAndScan('mailboxes-settings', section(), `section[aria-label="${text.heading}"]`);
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    expect(appProblems(tracked.problems, app.url)).toEqual(NO_PROBLEMS);
  });
});
