import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truth } from '../fixtures/seed';
import { seedContacts, type SeedContact } from '../support/contact-seed';
import type { AppServer } from './app-server';
import { appProblems, NO_PROBLEMS, type TrackedPage } from './browser';
import { addCampaignWithContacts, signInWithNewAgency } from './journeys';
import { callPageApi, seriousAxeFindings } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * Search over every contact, not the page loaded (issue 24 point 2). Set-up: the longlist's owner
 * signs in and sets up an agency with two campaigns; 300 contacts (three pages of the listing)
 * are written straight into the runtime's store, the talent looked for sorting last. Then: the
 * Contacts screen's search box finds that talent, which the first page does not show; the
 * dashboard's Process Email picker finds it by typing part of its name, chosen by keyboard.
 * The store is seeded in-process: this file needs the runtime startApp starts (not E2E_APP_URL).
 */
let suite: Suite;
let app: AppServer;
let tracked: TrackedPage;
let page: Page;

const CONTACTS = 300;
const TARGET: SeedContact = { campaignId: 'zz-late', email: 'zz.quintero@studio.test', talentName: 'Zoë Quintero', emailOwner: 'Ana Ruiz (Bright Talent)' };
const LABEL = 'Zoë Quintero (zz.quintero@studio.test)';

beforeAll(async () => {
  suite = await openSuite();
  ({ app, tracked, page } = suite);
  await signInWithNewAgency(page, app.url, truth.longlist.owner);
  await addCampaignWithContacts(page, { campaign_id: 'aa-early', campaign_name: 'Early', client_name: 'Glow' }, []);
  await addCampaignWithContacts(page, { campaign_id: 'zz-late', campaign_name: 'Late', client_name: 'Glow' }, []);
  const status = await callPageApi<{ agency_name?: string }>(page, 'GET', '/auth/status');
  const agencyName = status.body.agency_name;
  expect(agencyName, JSON.stringify(status.body)).toBeTruthy();
  const contacts: SeedContact[] = Array.from({ length: CONTACTS - 1 }, (_, i) => {
    const n = String(i).padStart(3, '0');
    return { campaignId: i % 2 ? 'zz-late' : 'aa-early', email: `creator${n}@e2e.test`, talentName: `Creator ${n}` };
  });
  await seedContacts(agencyName!, [...contacts, TARGET]);
  // Written behind the app's back (no change pulse): a fresh page reads them.
  await page.reload();
  await page.getByRole('heading', { name: 'Email Processing', exact: true }).waitFor({ timeout: 30_000 });
});

afterAll(() => suite?.close());

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

describe('finding a contact beyond the first page', () => {
  it('finds it with the Contacts search box, which asks the server', async () => {
    await nav('Contacts').click();
    await page.getByText(`Showing 100 of ${CONTACTS} contacts`, { exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(TARGET.email).count()).toBe(0);

    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/campaigns/contacts/tracking' && url.searchParams.has('q')) asked.push(url.searchParams.get('q')!);
    });
    await page.getByLabel('Search contacts').pressSequentially('quinte', { delay: 30 });
    const row = page.getByTestId('contact-row').filter({ hasText: TARGET.email });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByText('Zoë Quintero').count()).toBe(1);
    expect(await page.getByTestId('contact-row').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'zz-late - Late' }).count()).toBe(1);
    // Debounced: not one request per key typed.
    expect(asked.length).toBeLessThan(6);
    expect(asked.at(-1)).toBe('quinte');

    // Accents and case aside, the manager too.
    await page.getByLabel('Search contacts').fill('ANA RUIZ');
    await expect.poll(() => page.getByTestId('contact-row').count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel('Search contacts').fill('');
    await page.getByText(`Showing 100 of ${CONTACTS} contacts`, { exact: false }).waitFor({ timeout: 15_000 });
  });

  it('finds it with the Process Email picker by typing part of its name, chosen with the keyboard', async () => {
    await nav('Email Processing').click();
    const picker = page.getByRole('combobox', { name: 'Contact' });
    await expect.poll(() => picker.isEnabled(), { timeout: 30_000 }).toBe(true);
    await picker.click();
    await picker.pressSequentially('quint', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Contact' });
    await listbox.getByRole('option', { name: LABEL }).waitFor({ timeout: 15_000 });
    expect(await listbox.getByRole('option').allTextContents()).toEqual([LABEL]);
    expect(await picker.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousAxeFindings(page, { include: '[data-testid="contact-picker-popup"]' })).toEqual([]);

    await page.keyboard.press('ArrowDown');
    expect(await picker.getAttribute('aria-activedescendant')).toBe(await listbox.getByRole('option', { name: LABEL }).getAttribute('id'));
    await page.keyboard.press('Enter');
    expect(await picker.inputValue()).toBe(LABEL);
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: 'Process Email' }).isEnabled()).toBe(true);
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    expect(appProblems(tracked.problems, app.url)).toEqual(NO_PROBLEMS);
  });
});
