import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truth } from '../fixtures/seed';
import { addCampaignWithContacts, signInWithNewAgency } from './journeys';
import type { AppServer } from './app-server';
import { appProblems, NO_PROBLEMS, type TrackedPage } from './browser';
import { callPageApi } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * Settings and the Email Processing dashboard through the real backend and the Google/OpenAI
 * emulators. Set-up: the lead of the seeded campaign signs in and sets up an agency. Then: edits settings
 * (clamping, reset rules, a model switch, an inverted recovery switch), reloads to see them
 * kept, restores defaults; then starts processing from the dashboard, watches the global status
 * bar run and finish, sees the stat cards move, and cancels a job. One page, steps in order.
 */
let suite: Suite;
let app: AppServer;
let tracked: TrackedPage;
let page: Page;
/** Origin of the Google emulator (its sign-in page), for its control API. */
let emulatorOrigin = '';

const seededCampaign = truth.campaigns[0]!;
const owner = seededCampaign.lead;
const contacts = truth.contacts.filter((contact) => contact.campaign_id === seededCampaign.campaign_id);
const campaignOption = `${seededCampaign.campaign_id} - ${seededCampaign.campaign_name}`;

beforeAll(async () => {
  suite = await openSuite();
  ({ app, tracked, page } = suite);
  ({ emulatorOrigin } = await signInWithNewAgency(page, app.url, owner));
});

afterAll(async () => {
  if (emulatorOrigin) await setGoogleLatency(0).catch(() => undefined);
  await suite?.close();
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const toast = (title: string) => page.locator('li[data-type]').filter({ hasText: title });
const statusBar = () => page.getByTestId('processing-status-bar');
const statValue = (label: string) => page.getByTestId('stat-card').filter({ hasText: label }).getByTestId('stat-value');
const scanDays = () => page.getByLabel('Days to scan');
const threadModel = () => page.getByTestId('model-thread_summary').getByLabel('Model');
const campaignCreationSwitch = () => page.getByRole('switch', { name: 'On campaign creation' });

/** Resolves with the next settings save of `path` (the saves are debounced by 800 ms). */
const settingsSaved = (path: string) =>
  page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/v3/settings/${path}`);

/** Slows every Google call so a job lasts long enough to watch and to cancel. */
const setGoogleLatency = async (ms: number) => {
  const response = await fetch(`${emulatorOrigin}/__emulator/latency`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  expect(response.ok).toBe(true);
};

const callApi = (method: 'GET' | 'POST', path: string, body?: unknown) => callPageApi(page, method, path, body);

describe('settings and email processing', () => {
  it('clamps the scan window above 3000 and keeps it across a reload', async () => {
    await nav('Settings').click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect.poll(() => scanDays().inputValue(), { timeout: 15_000 }).toBe('365');
    const saved = settingsSaved('processing-limits');
    await scanDays().fill('5000');
    expect((await saved).status()).toBe(200);
    expect(await scanDays().inputValue()).toBe('3000');
    await page.reload();
    await expect.poll(() => scanDays().inputValue(), { timeout: 30_000 }).toBe('3000');
  });

  it('resets a negative scan window to 365', async () => {
    const saved = settingsSaved('processing-limits');
    await scanDays().fill('-3');
    expect((await saved).status()).toBe(200);
    expect(await scanDays().inputValue()).toBe('365');
  });

  it('switches a model and a recovery check, and keeps both across a reload', async () => {
    // The spec's label, then what OpenAI announced: its shutdown date and the model that replaces it.
    expect(await threadModel().locator('option:checked').textContent()).toBe('gpt-4.1-mini (recommended) (shuts down 2027-01-14; then gpt-6-luna)');
    const modelSaved = settingsSaved('model-config');
    await threadModel().selectOption('gpt-5');
    expect((await modelSaved).status()).toBe(200);
    // Shown inverted: skip_on_campaign_creation defaults to true, so the check reads off.
    expect(await campaignCreationSwitch().getAttribute('aria-checked')).toBe('false');
    expect(await page.getByText('about 22 s').isVisible()).toBe(true);
    const recoverySaved = settingsSaved('health-check');
    await campaignCreationSwitch().click();
    expect((await recoverySaved).status()).toBe(200);

    await page.reload();
    await expect.poll(() => threadModel().inputValue(), { timeout: 30_000 }).toBe('gpt-5');
    expect(await campaignCreationSwitch().getAttribute('aria-checked')).toBe('true');
    expect(await scanDays().inputValue()).toBe('365');
    const stored = await callApi('GET', '/api/v3/settings/health-check');
    expect(stored.body.settings).toMatchObject({ skip_on_campaign_creation: false });
  });

  it('restores the defaults', async () => {
    await page.getByRole('button', { name: 'Restore Defaults' }).click();
    await toast('Settings Reset').getByText('All settings have been reset to defaults').waitFor({ timeout: 15_000 });
    await expect.poll(() => threadModel().inputValue(), { timeout: 15_000 }).toBe('gpt-4.1-mini');
    await expect.poll(() => campaignCreationSwitch().getAttribute('aria-checked')).toBe('false');
    expect(await scanDays().inputValue()).toBe('365');
  });

  it('shows the empty dashboard with its monitoring panel', async () => {
    await nav('Email Processing').click();
    await page.getByTestId('welcome-banner').getByText('Welcome to Threadline').waitFor({ timeout: 15_000 });
    await expect.poll(() => statValue('Total campaigns').textContent(), { timeout: 15_000 }).toBe('0');
    await expect.poll(() => page.getByTestId('monitoring-state').textContent(), { timeout: 15_000 }).toMatch(/^(Idle|Processing)$/);
    expect(await page.getByTestId('monitoring-last-check').textContent()).toMatch(/^(Awaiting first run|Not yet run|Just now|\d+ \w+ ago)$/);
    await page.getByText('Add contacts to see them here').waitFor();
  });

  it('gets the seeded campaign and its contacts (through the API, as another screen would)', async () => {
    const { lead: _lead, support: _support, ...fields } = seededCampaign;
    await addCampaignWithContacts(page, fields, contacts.map(({ email, talent_name, email_owner }) => ({ email, talent_name, email_owner })));
    await page.reload();
    await expect.poll(() => statValue('Total campaigns').textContent(), { timeout: 30_000 }).toBe('1');
    await expect.poll(() => statValue('Tracked contacts').textContent()).toBe(String(contacts.length));
    expect(await page.getByTestId('welcome-banner').count()).toBe(0);
  });

  it('processes recent email: the status bar appears, runs and goes away', async () => {
    await setGoogleLatency(40);
    await page.getByLabel('Time period').selectOption({ label: 'Last week' });
    await page.getByRole('button', { name: 'Process Recent' }).click();
    await toast('Processing Started').getByText('Processing emails from the last 168 hours').waitFor({ timeout: 15_000 });
    await statusBar().waitFor({ timeout: 15_000 });
    expect(await statusBar().getByTestId('status-timer').textContent()).toMatch(/^\d+:\d{2}$/);
    expect(await statusBar().getByTestId('status-progress').textContent()).toMatch(/^\d+\/\d+ threads · \d+%$/);
    await statusBar().waitFor({ state: 'detached', timeout: 110_000 });
  });

  it('processes the campaign and the stat cards count its conversations', async () => {
    await setGoogleLatency(0);
    // The Process Email picker (a type-ahead) is enabled once the agency has contacts.
    await expect.poll(() => page.getByRole('combobox', { name: 'Contact' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('Campaign', { exact: true }).selectOption({ label: campaignOption });
    await page.getByRole('button', { name: 'Process Campaign' }).click();
    await toast('Processing Started').getByText(`Processing all emails for campaign ${seededCampaign.campaign_id} (${seededCampaign.campaign_name})`).waitFor({ timeout: 15_000 });
    await statusBar().waitFor({ timeout: 15_000 });
    // While it runs, the dashboard blocks every other start.
    await expect.poll(() => page.getByRole('button', { name: 'Process Recent' }).isDisabled()).toBe(true);
    await statusBar().waitFor({ state: 'detached', timeout: 110_000 });
    await expect.poll(async () => Number(await statValue('Tracked conversations').textContent()), { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it('cancels a running job from the status bar', async () => {
    await setGoogleLatency(150);
    await page.getByRole('button', { name: 'Process Campaign' }).click();
    await toast('Processing Started').getByText(`Processing all emails for campaign ${seededCampaign.campaign_id} (${seededCampaign.campaign_name})`).waitFor({ timeout: 15_000 });
    await statusBar().and(page.locator('[data-state="running"]')).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('active_task_id'))).toBeTruthy();
    await statusBar().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => (await callApi('GET', '/api/v3/status')).body.status, { timeout: 30_000 }).toBe('cancelled');
    expect(await page.evaluate(() => sessionStorage.getItem('active_task_id'))).toBeNull();
    await statusBar().waitFor({ state: 'detached', timeout: 30_000 });
    await setGoogleLatency(0);
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    expect(appProblems(tracked.problems, app.url)).toEqual(NO_PROBLEMS);
  });
});
