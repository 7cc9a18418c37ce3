import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetailResponse } from '../../shared/schemas/conversations';
import { truth } from '../fixtures/seed';
import type { AppServer } from './app-server';
import { addCampaignWithContacts, signInWithNewAgency } from './journeys';
import { callPageApi, seriousAxeFindings } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * The screens a partnerships team lives in all day (issue 25), through the real backend and the
 * Google/OpenAI emulators. Set-up: the lead of the seed's Spanish hard cases signs in, sets up an
 * agency and creates the Verde Kitchen campaign with its talents; one more mail from Lucía carries
 * a 300-character link. Then: a date range typed on the dashboard runs a job whose toast and bar
 * write the days as people read them, show each phase as it passes and keep the result until it
 * is dismissed (at 1280 and at 390 px); the talent timeline names each Gmail thread by subject and
 * mailbox, each sender by side, and wraps a key-date quote holding the long link; every page at
 * 390 px without sideways scroll, axe with no serious or critical finding at 1280 and 390 px, and
 * a visible focus ring on every control the keyboard reaches on the board and the dashboard.
 *
 * The UK locale and currency part of the must-show (en-GB and GBP set in Settings, "12/03"
 * and "3k" read as 12 March and £3,000) is settings-screens.test.ts.
 */

const LEAD = 'daniel@brightwave-agency.com';
const CAMPAIGN = truth.hardCases.campaigns.find((campaign) => campaign.campaign_id === 'hc-verde-otono')!;
const CONTACTS = truth.hardCases.contacts.filter((contact) => contact.campaign_id === CAMPAIGN.campaign_id);
const LUCIA = CONTACTS.find((contact) => contact.email === 'lucia@luciaprieto.es')!;
/** The days that hold every Verde Kitchen case (28 Sep – 6 Oct 2026), as a person types them. */
const TYPED_RANGE = '2026-09-28 – 2026-10-06';
/** One unbroken 300-character link, as pasted from a brand's file share. */
/** Every working phase a range job goes through, as the ended bar lists them. */
const PASSED = ['Initializing', 'Fetching threads', 'Syncing Google Sheets', 'Finalizing'];
const LONG_LINK = `https://files.verdekitchen.es/briefs/${'a1B2c3D4e5'.repeat(30)}`.slice(0, 300);

let suite: Suite;
let app: AppServer;
let page: Page;
let shotsDir = '';

beforeAll(async () => {
  suite = await openSuite({ viewport: { width: 1280, height: 900 } });
  ({ app, page } = suite);
  shotsDir = join(process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'threadline-e2e-screenshots'), 'daily-use');
  await mkdir(shotsDir, { recursive: true });
  const { emulatorOrigin } = await signInWithNewAgency(page, app.url, LEAD);
  const { client_domain: _domain, ...fields } = CAMPAIGN;
  await addCampaignWithContacts(page, fields, CONTACTS);
  // Lucía sends the brief's link: her own address, inside the range the job reads.
  const added = await fetch(`${emulatorOrigin}/__emulator/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      mailbox: LEAD,
      from: `${LUCIA.talent_name} <${LUCIA.email}>`,
      to: [LEAD],
      subject: 'Brief de Verde Kitchen',
      body: `Hola Daniel,\n\nThe brief is here: ${LONG_LINK}\n\nI can post the first video on 2026-10-20.\n\nLucía`,
      date: '2026-10-05T09:30:00.000Z',
    }),
  });
  expect(added.ok, await added.clone().text()).toBe(true);
}, 240_000);

afterAll(() => suite?.close());

const callApi = <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => callPageApi<T>(page, method, path, body);
const toast = (title: string) => page.locator('li[data-type]').filter({ hasText: title });
const bar = () => page.getByTestId('processing-status-bar');
const result = () => page.getByTestId('job-result');
const timeline = () => page.getByTestId('timeline-conversation');

/** The page's width against the window, and the first few elements reaching past it (what to fix). */
const overflow = () =>
  page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > client + 0.5;
      })
      .slice(0, 6)
      .map((element) => `${element.tagName.toLowerCase()}[${String(element.getAttribute('class') ?? '').slice(0, 90)}] right=${Math.round(element.getBoundingClientRect().right)}`);
    return { scroll: document.documentElement.scrollWidth, client, wide };
  });

/** A screenshot, no sideways scroll and no serious axe finding, at 1280 and at 390 px. */
const checkScreen = async (name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
    const measured = await overflow();
    expect(measured.scroll, `${name} at ${width} px scrolls sideways: ${measured.wide.join(' | ')}`).toBeLessThanOrEqual(measured.client);
    expect(await seriousAxeFindings(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/**
 * Runs the typed range from the dashboard and watches the bar while it runs: every phase line it
 * shows (recorded in the page, so none is missed between two looks from here), a screenshot of
 * the bar for each new one, and the bar and result once the job ends.
 */
const runTypedRange = async (width: number) => {
  await page.goto(`${app.url}/`);
  await page.getByRole('heading', { name: 'Email Processing', level: 1 }).waitFor({ timeout: 30_000 });
  // The last job's bar has had its moment: what is recorded from here is this job's alone.
  await bar().waitFor({ state: 'detached', timeout: 30_000 });
  const typed = page.getByLabel('Or type or paste a range');
  await typed.fill(TYPED_RANGE);
  await typed.press('Enter');
  // The picker shows what was typed, as the spec writes a chosen range.
  await page.getByRole('button', { name: 'Sep 28, 2026 - Oct 06, 2026' }).waitFor();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { phasesSeen: string[] }).phasesSeen = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="status-phase"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Process Range' }).click();
  await toast('Processing Started').getByText('Processing emails from Sep 28, 2026 to Oct 6, 2026').waitFor({ timeout: 15_000 });
  await bar().waitFor({ timeout: 15_000 });
  // The bar names the job by its days as people read them (the year only when it is not this one).
  expect(await bar().getByTestId('status-label').textContent()).toMatch(/^Processing emails from Sep 28(, 2026)? - Oct 6(, 2026)?$/);

  const shot: string[] = [];
  for (let tick = 0; tick < 1200; tick += 1) {
    const state = await bar().getAttribute('data-state').catch(() => null);
    const phase = (await bar().getByTestId('status-phase').textContent({ timeout: 500 }).catch(() => null)) ?? '';
    if (phase && !shot.includes(phase)) {
      shot.push(phase);
      const slug = phase.replace(/\W+/g, '-').replace(/^-|-$/g, '').toLowerCase();
      await bar().screenshot({ path: join(shotsDir, `job-bar-${shot.length}-${slug}-${width}.png`) }).catch(() => undefined);
    }
    if (state === 'ended') break;
    await page.waitForTimeout(100);
  }
  await expect.poll(() => bar().getAttribute('data-state'), { timeout: 110_000 }).toBe('ended');
  return { seen: await page.evaluate(() => (window as unknown as { phasesSeen: string[] }).phasesSeen) };
};

describe('daily use: typed ranges, jobs that say what they do, a timeline that reads, phones', () => {
  it('a typed date range runs a job whose toast and bar show human dates, each phase, and a result that stays (1280 px)', async () => {
    const { seen } = await runTypedRange(1280);
    expect(seen[0], JSON.stringify(seen)).toMatch(/^(Starting|Initializing|Fetching threads)\.\.\.$/);
    expect(seen, JSON.stringify(seen)).toContain('Fetching threads...');
    expect(seen.at(-1)).toBe('Done');
    // Syncing the sheets is over in well under a poll here: the bar lists it as passed when it was not seen running.
    expect(await bar().getByTestId('status-phase').textContent()).toBe('Done');
    expect(await bar().getByRole('list', { name: 'Phases passed' }).getByRole('listitem').allTextContents()).toEqual(PASSED);
    await bar().screenshot({ path: join(shotsDir, 'job-bar-done-1280.png') });

    await result().waitFor({ timeout: 15_000 });
    expect(await result().getAttribute('data-outcome')).toBe('succeeded');
    expect(await result().textContent()).toContain('Processing emails from Sep 28');
    // A result is what the person waited for: it is still there long after a toast would have gone.
    await page.waitForTimeout(7_000);
    expect(await result().isVisible()).toBe(true);
    expect(await result().getByRole('link', { name: 'What changed' }).getAttribute('href')).toBe('/queues');
    await result().screenshot({ path: join(shotsDir, 'job-result-1280.png') });
    await result().getByRole('button', { name: 'Dismiss' }).click();
    await result().waitFor({ state: 'detached' });
  });

  it('the same at 390 px: each phase, the human dates and a result that stays, on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The same days again: nothing changed in them, so each phase may pass between two polls; the bar still lists every one.
    const { seen } = await runTypedRange(390);
    expect(seen.at(-1), JSON.stringify(seen)).toBe('Done');
    expect(await bar().getByRole('list', { name: 'Phases passed' }).getByRole('listitem').allTextContents()).toEqual(PASSED);
    await bar().screenshot({ path: join(shotsDir, 'job-bar-done-390.png') });
    await result().waitFor({ timeout: 15_000 });
    const measured = await overflow();
    expect(measured.scroll, `the job bar at 390 px: ${measured.wide.join(' | ')}`).toBeLessThanOrEqual(measured.client);
    await result().screenshot({ path: join(shotsDir, 'job-result-390.png') });
    await result().getByRole('button', { name: 'Dismiss' }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("names each Gmail thread by its subject and mailbox and each sender by side, and wraps a quote's 300-character link", async () => {
    const id = `${CAMPAIGN.campaign_id}:${LUCIA.email}`;
    const before = await callApi<ConversationDetailResponse>('GET', `/api/v3/conversations/${encodeURIComponent(id)}`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const threads = before.body.conversation.threads;
    expect(threads.length, JSON.stringify(threads)).toBeGreaterThan(0);
    expect(threads.every((thread) => thread.subject), JSON.stringify(threads)).toBe(true);
    // A person keeps the brief's link as the go-live's words: a key-date quote of one unbroken 300-character run.
    const corrected = await callApi('PATCH', `/api/v3/conversations/${encodeURIComponent(id)}`, { dates: [{ date: '2026-10-20', kind: 'go_live', quote: LONG_LINK }] });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);

    // From the Contacts screen (the e-mail's dot keeps /talents/… from a reload).
    await page.goto(`${app.url}/contacts`);
    await page.getByRole('link', { name: LUCIA.email, exact: true }).click({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: LUCIA.talent_name }).waitFor({ timeout: 30_000 });
    await timeline().getByTestId('timeline-message').first().waitFor({ timeout: 30_000 });

    const links = await timeline().getByRole('list', { name: 'Threads' }).getByRole('link').allTextContents();
    expect(links.sort()).toEqual(threads.map((thread) => `Open in Gmail: ${thread.subject} · daniel@`).sort());
    expect(links.some((label) => label.includes('Brief de Verde Kitchen')), JSON.stringify(links)).toBe(true);

    const senders = await timeline().getByTestId('message-sender').allTextContents();
    expect(senders, JSON.stringify(senders)).toContain('Talent');
    expect(senders.some((sender) => /^Manager · \S/.test(sender)), JSON.stringify(senders)).toBe(true);
    expect(senders, JSON.stringify(senders)).not.toContain('Unknown');
    await timeline().getByTestId('key-date').filter({ hasText: LONG_LINK.slice(0, 40) }).waitFor();

    await checkScreen('timeline');
  });

  it('every page at 390 px without sideways scroll, and no serious or critical axe finding at 1280 and 390 px', async () => {
    const pages: [string, string, string][] = [
      ['dashboard', '/', 'Email Processing'],
      ['campaigns', '/campaigns', 'Campaigns'],
      ['campaign-board', `/campaigns/${CAMPAIGN.campaign_id}`, CAMPAIGN.campaign_name],
      ['contacts', '/contacts', 'Contacts'],
      ['queues', '/queues', 'Work Queues'],
      ['settings', '/settings', 'Settings'],
      ['agencies', '/agencies', 'Select Agency'],
    ];
    for (const [name, path, heading] of pages) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await checkScreen(name);
    }
  });

  it('every control the keyboard reaches on the board and the dashboard shows a focus ring, the status chips included', async () => {
    const unringed = async () => {
      const missing: string[] = [];
      for (let step = 0; step < 80; step += 1) {
        await page.keyboard.press('Tab');
        const found = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          if (!active || active === document.body) return null;
          // A chip's checkbox draws its ring on the chip (the label around it).
          const hosts = [active, active.closest('label')].filter((host): host is HTMLElement => Boolean(host));
          const ringed = hosts.some((host) => {
            const style = getComputedStyle(host);
            return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
          });
          const name = active.getAttribute('aria-label') ?? active.closest('label')?.textContent ?? active.textContent ?? '';
          return { ringed, name: `${active.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"` };
        });
        if (found && !found.ringed) missing.push(found.name);
      }
      return [...new Set(missing)];
    };
    await page.goto(`${app.url}/campaigns/${CAMPAIGN.campaign_id}`);
    await page.getByRole('heading', { level: 1, name: CAMPAIGN.campaign_name }).waitFor({ timeout: 30_000 });
    await page.getByRole('group', { name: /status/i }).or(page.locator('fieldset')).first().waitFor();
    expect(await unringed()).toEqual([]);
    // The first status chip, reached by the keyboard: its ring is on the chip.
    await page.locator('fieldset input[type="checkbox"]').first().focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const chip = page.locator('fieldset label').first();
    expect(await chip.evaluate((label) => getComputedStyle(label).outlineStyle)).not.toBe('none');
    await chip.screenshot({ path: join(shotsDir, 'status-chip-focus-1280.png') });

    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { name: 'Email Processing', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await unringed()).toEqual([]);
  });
});
