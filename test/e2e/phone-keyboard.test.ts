import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truth } from '../fixtures/seed';
import type { AppServer } from './app-server';
import { appProblems, NO_PROBLEMS, type TrackedPage } from './browser';
import { addCampaignWithContacts, signInWithNewAgency } from './journeys';
import { seriousAxeFindings } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * Phone and keyboard. Set-up: the lead of the seed's Spanish hard cases signs in, sets up an
 * agency and adds a campaign with a few contacts (through the API). At 390×844 each page (dashboard,
 * campaigns, contacts, settings, queues) fits the window, has no serious or critical axe
 * finding, and is reached through the collapsed navigation menu by keyboard alone. At 1280 px a
 * tracking switch on the Contacts screen is reached with Tab and toggled with Space: it keeps
 * the focus through the optimistic update and the refetch. Screenshots go to the temp dir.
 */

const LEAD = 'daniel@brightwave-agency.com';
const CAMPAIGN = truth.hardCases.campaigns.find((campaign) => campaign.campaign_id === 'hc-verde-otono')!;
const CONTACTS = truth.hardCases.contacts.filter((contact) => contact.campaign_id === CAMPAIGN.campaign_id).slice(0, 3);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Each page: its path, its menu link and its level-1 heading. */
const PAGES = [
  { name: 'dashboard', path: '/', link: 'Email Processing', heading: 'Email Processing' },
  { name: 'campaigns', path: '/campaigns', link: 'Campaigns', heading: 'Campaigns' },
  { name: 'contacts', path: '/contacts', link: 'Contacts', heading: 'Contacts' },
  { name: 'settings', path: '/settings', link: 'Settings', heading: 'Settings' },
  { name: 'queues', path: '/queues', link: 'Queues', heading: 'Work Queues' },
] as const;

let suite: Suite;
let app: AppServer;
let tracked: TrackedPage;
let page: Page;
let shotsDir = '';

beforeAll(async () => {
  suite = await openSuite({ viewport: DESKTOP });
  ({ app, tracked, page } = suite);
  shotsDir = join(process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'threadline-e2e-screenshots'), 'phone-keyboard');
  await mkdir(shotsDir, { recursive: true });
  await signInWithNewAgency(page, app.url, LEAD);
  const { client_domain: _domain, ...fields } = CAMPAIGN;
  await addCampaignWithContacts(page, fields, CONTACTS);
});

afterAll(() => suite?.close());

const seriousViolations = () => seriousAxeFindings(page);

const overflow = () =>
  page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    // The widest culprits, to say what to fix when the check fails.
    wide: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)}`),
  }));

const menuButton = () => page.getByRole('button', { name: /navigation menu/ });
const mainNav = () => page.getByRole('navigation', { name: 'Main' });
const heading = (name: string) => page.getByRole('heading', { name, level: 1, exact: true });

/** Tab from wherever the focus is until `predicate` holds for the focused element. */
const tabUntil = async (predicate: string, limit = 120) => {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(predicate)) return;
  }
  throw new Error(`Tab never reached: ${predicate}`);
};

describe('phone and keyboard', () => {
  for (const [index, target] of PAGES.entries()) {
    it(`at 390 px: reaches ${target.name} through the menu by keyboard; no sideways scroll, no serious axe finding`, async () => {
      await page.setViewportSize(PHONE);
      if (index === 0) {
        // A fresh load: the contacts were added through the API.
        await page.goto(`${app.url}/settings`);
        await heading('Settings').waitFor({ timeout: 30_000 });
      }
      // The links are behind the menu button on a phone.
      expect(await mainNav().count()).toBe(0);
      const button = menuButton();
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.focus();
      await page.keyboard.press('Enter');
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await mainNav().waitFor();
      // Escape closes it and leaves the focus on the button; Enter opens it again.
      await page.keyboard.press('Escape');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBeTruthy();
      await page.keyboard.press('Enter');
      await mainNav().waitFor();
      const label = JSON.stringify(target.link);
      await tabUntil(`document.activeElement?.closest('nav') !== null && document.activeElement.textContent === ${label}`);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === target.path);
      await heading(target.heading).waitFor({ timeout: 30_000 });
      // The menu closed on navigation.
      await expect.poll(() => menuButton().getAttribute('aria-expanded')).toBe('false');
      if (target.name === 'contacts') await page.getByTestId('contact-row').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(shotsDir, `${target.name}-390.png`), fullPage: true });
      const layout = await overflow();
      expect(layout.scroll, `${target.name} at 390 px scrolls sideways: ${layout.wide.join(' | ')}`).toBeLessThanOrEqual(layout.inner);
      // Toasts come and go; the page is what is checked.
      await expect.poll(() => page.locator('li[data-type]').count(), { timeout: 15_000 }).toBe(0);
      expect(await seriousViolations(), `${target.name} at 390 px`).toEqual([]);
      // With the menu open too.
      await menuButton().click();
      await mainNav().waitFor();
      expect(await seriousViolations(), `${target.name} at 390 px, menu open`).toEqual([]);
      await page.keyboard.press('Escape');
    });
  }

  it('at 1280 px: Tab reaches a tracking switch, Space flips it, and the focus stays on it through the refetch', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${app.url}/contacts`);
    await heading('Contacts').waitFor({ timeout: 30_000 });
    await page.getByTestId('contact-row').first().waitFor({ timeout: 30_000 });
    // The links are in the bar again; the menu button is gone.
    await mainNav().getByRole('link', { name: 'Contacts', exact: true }).waitFor();
    expect(await menuButton().isVisible()).toBe(false);

    await page.locator('body').focus();
    await tabUntil(`document.activeElement?.getAttribute('role') === 'switch'`);
    const name = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(name).not.toBe('');
    const toggle = page.getByRole('switch', { name, exact: true });
    const before = await toggle.getAttribute('aria-checked');
    // A visible focus ring from the keyboard.
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(ring).not.toMatch(/^none|0px$/);

    const toggled = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/campaigns/contacts/tracking/toggle');
    const refetched = page.waitForResponse((response) => new URL(response.url()).pathname.includes('tracking') && response.request().method() === 'GET');
    await page.keyboard.press('Space');
    expect((await toggled).status()).toBe(200);
    await refetched;
    await page.waitForTimeout(300);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(before === 'true' ? 'false' : 'true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(name);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.screenshot({ path: join(shotsDir, 'contacts-switch-1280.png') });

    // Space again flips it back, the focus still there.
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(before);
    await page.waitForTimeout(1000);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    expect(appProblems(tracked.problems, app.url)).toEqual(NO_PROBLEMS);
  });
});
