import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'date-fns';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxesResponse, type MailboxesResponse } from '../../shared/schemas/mailboxes';
import type { ConversationDetailResponse } from '../../shared/schemas/conversations';
import { modelConfigResponse, type ModelConfigResponse } from '../../shared/schemas/settings';
import { truth } from '../fixtures/seed';
import type { AppServer } from './app-server';
import { appProblems, NO_PROBLEMS, type TrackedPage } from './browser';
import { addCampaignWithContacts, processRange, signInWithNewAgency } from './journeys';
import { callPageApi, seriousAxeFindings } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * Settings that exist, on the screen, through the real backend and the Google/OpenAI emulators.
 * Set-up: a lead of the seed's London agency signs in and sets up an agency (her mailbox
 * connected). Then: Processing Settings shows the follow-up delay, the agency's locale and its
 * default currency with what each changes; she sets en-GB and GBP, and they are kept across a
 * reload. Connected mailboxes states how often mail is checked and she changes it: every
 * mailbox row follows. The dashboard says what is monitored ("1 mailbox connected") and names a
 * chosen model that retires within 30 days. New mail from a UK talent with "12/03" and "3k" is
 * processed: 12 March and £3,000. Screenshots at 1280 and 390 px, no sideways scroll, and axe
 * with no serious or critical finding on both screens. One page, steps in order.
 */
const OWNER = truth.campaigns[0]!.lead;
const CAMPAIGN = {
  campaign_id: 'glow-uk-spring',
  campaign_name: 'Glow Spring Launch',
  client_name: 'Glow Skincare',
  project_name: 'UK spring',
};
/** A UK creator on a generic mail domain, without a phone number: only the agency's locale says how to read 12/03. */
const TALENT = { email: 'poppy.hart.creates@gmail.com', talent_name: 'Poppy Hart' };
const DAY_MS = 24 * 3_600_000;

let suite: Suite;
let app: AppServer;
let tracked: TrackedPage;
let page: Page;
let emulatorOrigin = '';
let shotsDir = '';

beforeAll(async () => {
  suite = await openSuite({ viewport: { width: 1280, height: 900 } });
  ({ app, tracked, page } = suite);
  shotsDir = join(process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'threadline-e2e-screenshots'), 'settings-screens');
  await mkdir(shotsDir, { recursive: true });
  ({ emulatorOrigin } = await signInWithNewAgency(page, app.url, OWNER));
});

afterAll(() => suite?.close());

const callApi = <T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown) => callPageApi<T>(page, method, path, body);
const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const toast = (title: string) => page.locator('li[data-type]').filter({ hasText: title });

const regional = () => page.getByRole('form', { name: 'Follow-up and regional settings' });
const followUp = () => regional().getByLabel('Follow up after (days)');
const locale = () => regional().getByLabel("Agency's locale");
const currency = () => regional().getByLabel('Default currency');
const saveRegional = () => regional().getByRole('button', { name: 'Save follow-up and regional settings' });
const mailboxes = () => page.getByRole('region', { name: 'Connected mailboxes' });
const intervalField = () => mailboxes().getByLabel('Check for new mail every (minutes)');
const intervalStated = () => mailboxes().getByTestId('check-interval-stated');

/** The text under a field (its aria-describedby), the sentence saying what the setting changes. */
const hintOf = (field: ReturnType<Page['getByLabel']>) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const settingsPosts = (path: string) => {
  const sent: unknown[] = [];
  const listen = (request: { method(): string; url(): string; postDataJSON(): unknown }) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/v3/settings/${path}`) sent.push(request.postDataJSON());
  };
  page.on('request', listen);
  return { sent, stop: () => page.off('request', listen) };
};

const settingsSaved = (path: string) =>
  page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/v3/settings/${path}`);

const listMailboxes = async (): Promise<MailboxesResponse> => {
  const answer = await callApi('GET', '/api/v3/mailboxes');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return mailboxesResponse.parse(answer.body);
};

/**
 * Both widths: a full-page screenshot each (and one of each of `parts`), nothing wider than the
 * window, and no serious axe finding.
 */
const checkScreen = async (name: string, parts: Record<string, Locator> = {}) => {
  // Toasts and the status bar of a job that just ended come and go; the screenshots are of the page itself.
  await expect.poll(() => page.locator('li[data-type]').count(), { timeout: 15_000 }).toBe(0);
  await page.getByTestId('processing-status-bar').waitFor({ state: 'detached', timeout: 30_000 });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
    for (const [part, target] of Object.entries(parts)) await target.screenshot({ path: join(shotsDir, `${name}-${part}-${width}.png`) });
    const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(overflow.scroll, `${name} at ${width} px: the page scrolls sideways`).toBeLessThanOrEqual(overflow.client);
    expect(await seriousAxeFindings(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

describe('settings that exist, on the screen', () => {
  it('shows the follow-up delay, the locale and the currency, each with what it changes', async () => {
    await nav('Settings').click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await regional().waitFor({ timeout: 30_000 });
    expect([await followUp().inputValue(), await locale().inputValue(), await currency().inputValue()]).toEqual(['3', 'en-US', 'USD']);
    expect(await hintOf(followUp())).toBe("A conversation that has waited this many days for the talent's reply moves to the Follow up queue (1 to 60 days).");
    expect(await hintOf(locale())).toBe(
      "Dates like 12/03 in mail are read as 12 March (UK) or December 3 (US) by this locale, unless the sender's phone number or mail domain says which.",
    );
    expect(await hintOf(currency())).toBe('An amount written without a currency, such as "3k", is read in this currency unless the thread has named one.');
  });

  it('refuses a follow-up delay outside 1–60 days before sending anything', async () => {
    const posts = settingsPosts('processing-limits');
    await followUp().fill('61');
    await regional().getByRole('alert').getByText('Enter a whole number of days from 1 to 60').waitFor();
    expect(await followUp().getAttribute('aria-invalid')).toBe('true');
    await saveRegional().click();
    await page.waitForTimeout(300);
    posts.stop();
    expect(posts.sent).toEqual([]);
  });

  it('saves 5 days, en-GB and GBP, and keeps them across a reload', async () => {
    await followUp().fill('5');
    await locale().selectOption('en-GB');
    await currency().selectOption('GBP');
    const saved = settingsSaved('processing-limits');
    await saveRegional().click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ follow_up_after_days: 5, agency_locale: 'en-GB', default_currency: 'GBP' });
    await toast('Settings Saved').getByText('Follow-up, locale and currency saved').waitFor({ timeout: 15_000 });

    await page.reload();
    await regional().waitFor({ timeout: 30_000 });
    expect([await followUp().inputValue(), await locale().inputValue(), await currency().inputValue()]).toEqual(['5', 'en-GB', 'GBP']);
    expect(await locale().locator('option:checked').textContent()).toBe('English (United Kingdom) · en-GB');
    expect(await currency().locator('option:checked').textContent()).toBe('GBP · British Pound');
    const stored = await callApi<{ settings: Record<string, unknown> }>('GET', '/api/v3/settings/processing-limits');
    expect(stored.body.settings).toMatchObject({ follow_up_after_days: 5, agency_locale: 'en-GB', default_currency: 'GBP' });
  });

  it('states the check interval in Connected mailboxes; the owner changes it and every mailbox row follows', async () => {
    await intervalStated().waitFor({ timeout: 30_000 });
    const before = await listMailboxes();
    expect(before.check_interval_minutes).toBe(5);
    // Without Gmail push (off in this runtime) each mailbox is read at the agency's interval.
    expect(before.mailboxes.map((mailbox) => [mailbox.email, mailbox.push.state])).toEqual([[OWNER, 'polling']]);
    expect(await intervalStated().textContent()).toBe('Mailboxes without Gmail push are checked for new mail every 5 minutes.');
    expect(await mailboxes().getByTestId('mailbox-push').textContent()).toContain('Checked every 5 minutes');
    expect(await intervalField().inputValue()).toBe('5');

    const posts = settingsPosts('monitoring-config');
    await intervalField().fill('1');
    await mailboxes().getByRole('alert').getByText('Enter a whole number of minutes from 2 to 1440').waitFor();
    await mailboxes().getByRole('button', { name: 'Save check interval' }).click();
    await page.waitForTimeout(300);
    posts.stop();
    expect(posts.sent).toEqual([]);

    await intervalField().fill('15');
    const saved = settingsSaved('monitoring-config');
    await mailboxes().getByRole('button', { name: 'Save check interval' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ check_interval_minutes: 15 });
    await expect.poll(() => intervalStated().textContent(), { timeout: 15_000 }).toBe('Mailboxes without Gmail push are checked for new mail every 15 minutes.');
    await expect.poll(() => mailboxes().getByTestId('mailbox-push').textContent(), { timeout: 15_000 }).toContain('Checked every 15 minutes');

    await page.reload();
    await intervalStated().waitFor({ timeout: 30_000 });
    expect(await intervalStated().textContent()).toBe('Mailboxes without Gmail push are checked for new mail every 15 minutes.');
    expect(await mailboxes().getByTestId('mailbox-push').textContent()).toContain('Checked every 15 minutes');
    expect((await listMailboxes()).check_interval_minutes).toBe(15);
  });

  it('Settings has no sideways scroll and no serious accessibility problem at 1280 and 390 px', async () => {
    await checkScreen('settings', { regional: regional(), mailboxes: mailboxes() });
  });

  it('reads new mail from a UK talent with the agency\'s locale and currency: "12/03" is 12 March, "3k" is £3,000', async () => {
    await addCampaignWithContacts(page, CAMPAIGN, [TALENT]);
    const sent = new Date();
    const added = await fetch(`${emulatorOrigin}/__emulator/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        mailbox: OWNER,
        from: `${TALENT.talent_name} <${TALENT.email}>`,
        to: [OWNER],
        subject: 'Glow Spring Launch',
        body: 'Hi Maya,\n\nThanks for thinking of me! My rate is 3k for the reel, and I can have the draft over to you by 12/03.\n\nBest,\nPoppy',
        date: sent.toISOString(),
      }),
    });
    expect(added.ok, await added.clone().text()).toBe(true);
    const today = sent.toISOString().slice(0, 10);
    await processRange(page, { start_date: today, end_date: today });

    // 12/03 day-first (en-GB), the first 12 March on or after the day it was written.
    const year = sent.getUTCFullYear() + (today.slice(5) > '03-12' ? 1 : 0);
    const twelfthOfMarch = `${year}-03-12`;
    const detail = await callApi<ConversationDetailResponse>('GET', `/api/v3/conversations/${encodeURIComponent(`${CAMPAIGN.campaign_id}:${TALENT.email}`)}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const { dates, fees } = detail.body.conversation;
    expect(dates.map((date) => date.date), JSON.stringify(dates)).toEqual([twelfthOfMarch]);
    expect(fees.map((fee) => [fee.amount, fee.currency]), JSON.stringify(fees)).toEqual([[3000, 'GBP']]);

    // The talent's timeline says so too (from the Contacts screen: the e-mail's dot keeps /talents/… from a reload).
    await page.goto(`${app.url}/contacts`);
    await page.getByRole('link', { name: TALENT.email, exact: true }).click({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: TALENT.talent_name }).waitFor({ timeout: 30_000 });
    const timeline = page.getByTestId('timeline-conversation');
    await timeline.getByTestId('key-date').filter({ hasText: format(new Date(year, 2, 12), 'MMM d, yyyy') }).first().waitFor({ timeout: 15_000 });
    await timeline.getByTestId('fee').filter({ hasText: '£3,000' }).first().waitFor();
  });

  it('the dashboard says what is monitored, as the mailbox list has it', async () => {
    await nav('Email Processing').click();
    await page.getByRole('heading', { name: 'Email Processing', level: 1 }).waitFor();
    const listed = await listMailboxes();
    expect(listed.mailboxes).toHaveLength(1);
    await expect.poll(() => page.getByTestId('monitoring-mailboxes').textContent(), { timeout: 15_000 }).toBe('1 mailbox connected');
  });

  it('names a chosen model that retires within 30 days, what replaces it and when', async () => {
    const answer = await callApi<ModelConfigResponse>('GET', '/api/v3/settings/model-config');
    const { configurations } = modelConfigResponse.parse(answer.body);
    const now = Date.now();
    const expected = [
      ...new Set(
        Object.values(configurations)
          .filter((config) => config.shutdown_on && config.successor)
          .filter((config) => {
            const ahead = Date.parse(`${config.shutdown_on}T00:00:00Z`) - now;
            return ahead > 0 && ahead <= 30 * DAY_MS;
          })
          .map((config) => {
            const [y, m, d] = config.shutdown_on!.split('-').map(Number);
            return `${config.model} retires on ${format(new Date(y!, m! - 1, d!), 'MMM d, yyyy')}: Threadline will use ${config.successor} from then.`;
          }),
      ),
    ];
    const notice = page.getByTestId('dashboard-model-retirements');
    if (expected.length === 0) {
      // No chosen model retires within 30 days of this run: nothing is named.
      await page.getByTestId('monitoring-mailboxes').waitFor();
      expect(await notice.count()).toBe(0);
    } else {
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.getByRole('listitem').allTextContents()).toEqual(expected);
    }
  });

  it('the dashboard has no sideways scroll and no serious accessibility problem at 1280 and 390 px', async () => {
    await page.getByTestId('monitoring-mailboxes').waitFor();
    await checkScreen('dashboard', { monitoring: page.getByTestId('monitoring-panel') });
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    expect(appProblems(tracked.problems, app.url)).toEqual(NO_PROBLEMS);
  });
});
