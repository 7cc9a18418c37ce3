import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truth } from '../fixtures/seed';
import { signInWithNewAgency } from './journeys';
import type { AppServer } from './app-server';
import { EXPECTED_401, unexpectedConsoleErrors, type TrackedPage } from './browser';
import { openSuite, type Suite } from './suite';

/**
 * Campaigns and contacts through the real backend and the Google emulator. Set-up: the owner of
 * the seeded longlist signs in and sets up an agency. Then: creates a campaign (date range picked in a future
 * month), adds, toggles and removes a contact, imports the longlist, then deletes the campaign.
 * One page, one session, steps in order.
 */
let suite: Suite;
let app: AppServer;
let tracked: TrackedPage;
let page: Page;

const owner = truth.longlist.owner;
const campaignId = 'holiday-glam-26';
const campaignName = 'Holiday Glam';

beforeAll(async () => {
  suite = await openSuite();
  ({ app, tracked, page } = suite);
  await signInWithNewAgency(page, app.url, owner);
});

afterAll(() => suite?.close());

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const card = () => page.getByRole('article', { name: campaignName });
// Toasts are <li data-type> with role status (success) or alert (error).
const toast = (title: string) => page.locator('li[data-type]').filter({ hasText: title });

describe('campaigns and contacts', () => {
  it('shows the empty Campaigns screen with healthy Drive links', async () => {
    await nav('Campaigns').hover();
    await nav('Campaigns').click();
    await page.getByText('No Campaigns Yet').waitFor({ timeout: 15_000 });
    expect(await page.getByText('Get started by creating your first campaign').isVisible()).toBe(true);
    const folder = page.getByRole('link', { name: /Threadline Folder/ });
    await folder.waitFor({ timeout: 15_000 });
    // with the emulators, links open the emulator's read-only viewer (Google's own URLs with real Google)
    expect(await folder.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/viewer\/drive\/folders\/[^?/]+$/);
    expect(await folder.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: /Campaigns Tracker/ }).getAttribute('href')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/viewer\/spreadsheets\/[^/]+/,
    );
  });

  it('validates the create dialog and asks before discarding edits', async () => {
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Campaign' });
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.getByText('Client name is required').waitFor();
    expect(await dialog.getByText('Campaign name is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Campaign ID is required').isVisible()).toBe(true);
    await dialog.getByLabel('Campaign ID').fill('no spaces allowed');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.getByText('Only letters, numbers, and hyphens allowed').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
    await confirm.getByText('You have unsaved changes that will be lost.').waitFor();
    await confirm.getByRole('button', { name: 'Discard Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('creates a campaign with live dates in a future month', async () => {
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Campaign' });
    await dialog.getByLabel('Client Name').fill('Lumen Skincare');
    await dialog.getByLabel('Project Name').fill('Holiday push');
    await dialog.getByLabel('Campaign Name').fill(campaignName);
    await dialog.getByLabel('Campaign ID').fill(campaignId);
    await dialog.getByLabel('Deliverables').fill('1 Reel, 3 Stories');
    await dialog.getByRole('button', { name: 'Campaign Live Dates' }).click();
    const next = dialog.getByRole('button', { name: /next month/i });
    await next.click();
    await next.click();
    const days = dialog.locator('.rdp-day_button:not([disabled])');
    await days.nth(2).click();
    await days.nth(8).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Campaign Live Dates' }).textContent()).toMatch(/^\w{3} \d{2}, \d{4} - \w{3} \d{2}, \d{4}$/);
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await toast('Campaign Created').getByText(`Campaign "${campaignName}" has been created successfully`).waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'detached' });
    await card().waitFor();
    expect(await card().getByText(campaignId, { exact: true }).isVisible()).toBe(true);
    expect(await card().getByText('Holiday push').isVisible()).toBe(true);
    expect(await card().getByText(/^\w{3} \d{1,2} - \w{3} \d{1,2}, \d{4}$|^\w{3} \d{1,2}, \d{4} - \w{3} \d{1,2}, \d{4}$/).isVisible()).toBe(true);
    // Once Drive resources exist, the three buttons become links.
    await card().getByRole('link', { name: 'Folder' }).waitFor({ timeout: 60_000 });
    await card().getByRole('link', { name: 'Influencers' }).waitFor({ timeout: 60_000 });
    await card().getByRole('link', { name: 'Outreach' }).waitFor({ timeout: 60_000 });
    expect(await card().getByText('Creating campaign resources...').count()).toBe(0);
  });

  it('adds a contact, toggles its tracking and removes it', async () => {
    await nav('Contacts').hover();
    await nav('Contacts').click();
    await page.getByRole('heading', { name: 'Add Individual Contact' }).waitFor({ timeout: 15_000 });
    const form = page.getByRole('form', { name: 'Add Individual Contact' });
    await form.getByLabel('Campaign').selectOption(campaignId);
    await form.getByLabel('Email').fill('  Nova.Star@Example.com ');
    await form.getByLabel('Talent Name').fill('Nova Star');
    await form.getByRole('button', { name: 'Add Contact' }).click();
    const row = page.getByTestId('contact-row').filter({ hasText: 'nova.star@example.com' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByText('Tracking', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('region', { name: `${campaignId} - ${campaignName}` }).waitFor();

    await row.getByRole('switch').click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await toast('Tracking Updated').getByText('Tracking disabled for Nova Star').waitFor({ timeout: 15_000 });

    await row.getByRole('button', { name: 'Remove nova.star@example.com' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Processed data is kept').waitFor();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await toast('Contact Removed').waitFor({ timeout: 15_000 });
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText('No contacts found. Add contacts using the forms above or import from Google Sheets.').waitFor();
  });

  it('checks sheet access and imports the longlist', async () => {
    const form = page.getByRole('form', { name: 'Import from Google Sheets' });
    const url = form.getByLabel('Google Sheets URL');
    await url.fill('https://docs.google.com/spreadsheets/d/1doesNotExist000000000000000000000/edit');
    await form.getByText('❌ Sheet not found or deleted').waitFor({ timeout: 15_000 });
    await url.fill(truth.longlist.url);
    await form.getByText(`✓ Found: ${truth.longlist.title}`).waitFor({ timeout: 15_000 });
    expect(await form.getByLabel('Sheet Tab').inputValue()).toBe(truth.longlist.tabs[0]!.title);
    const submit = form.getByRole('button', { name: 'Import Longlist' });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Campaign').selectOption(campaignId);
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await toast('Longlist Imported').waitFor({ timeout: 60_000 });
    expect(await url.inputValue()).toBe('');
    const group = page.getByRole('region', { name: `${campaignId} - ${campaignName}` });
    await group.waitFor({ timeout: 15_000 });
    await expect.poll(() => group.getByTestId('contact-row').count(), { timeout: 15_000 }).toBe(truth.longlist.tabs[0]!.counts.new + truth.longlist.tabs[0]!.counts.already_tracked);
  });

  it('deletes the campaign: deleting at once, then gone', async () => {
    await nav('Campaigns').click();
    await card().waitFor({ timeout: 15_000 });
    await card().getByRole('button', { name: `Delete campaign ${campaignName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Campaign Deletion' });
    await confirm.getByText('This action cannot be undone!').waitFor();
    expect(await confirm.getByText(campaignId, { exact: true }).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete Campaign' }).click();
    await card().getByText('Deleting campaign...').waitFor({ timeout: 5_000 });
    await toast('Campaign Deletion Initiated').waitFor({ timeout: 15_000 });
    await card().waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByText('No Campaigns Yet').waitFor();
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    const origin = new URL(app.url).origin;
    const { problems } = tracked;
    expect(problems.cspViolations.filter((text) => text.includes(origin))).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    // The not-found sheet check answers 404 on purpose.
    const appErrors = unexpectedConsoleErrors(problems, [EXPECTED_401, /status of 404/]).filter((text) => text.includes(origin));
    expect(appErrors).toEqual([]);
  });
});
