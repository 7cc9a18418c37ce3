import { mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationListResponse, type ConversationJson } from '../../shared/schemas/conversations';
import { campaignReportResponse, type CampaignReportJson } from '../../shared/schemas/reports';
import { truth } from '../fixtures/seed';
import { addCampaignWithContacts, processRange, signInWithNewAgency } from './journeys';
import type { AppServer } from './app-server';
import { callPageApi, seriousAxeFindings } from './page-tools';
import { openSuite, type Suite } from './suite';

/**
 * The campaign report through the real backend and the emulators: the seeded Glow Serum Q1
 * campaign is created with its talents and its mailbox processed over the seeded season, then the
 * report is opened from the board and checked against the conversations API.
 */
let suite: Suite;
let app: AppServer;
let page: Page;

const seeded = truth.campaigns.find((campaign) => campaign.campaign_id === 'glow-serum-q1')!;
const talents = truth.contacts.filter((contact) => contact.campaign_id === seeded.campaign_id);
const reportPath = `/campaigns/${seeded.campaign_id}/report`;
const SCREENSHOT_DIR = join(tmpdir(), 'threadline-e2e-screenshots', 'campaign-report');

beforeAll(async () => {
  suite = await openSuite();
  ({ app, page } = suite);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await signInWithNewAgency(page, app.url, seeded.lead);
  const { lead: _lead, support: _support, ...fields } = seeded;
  await addCampaignWithContacts(page, fields, talents.map(({ email, talent_name, email_owner }) => ({ email, talent_name, email_owner })));
  await processRange(page, { start_date: '2026-01-05', end_date: '2026-03-20' });
});

afterAll(() => suite?.close());

const apiRows = async (): Promise<ConversationJson[]> => {
  const answer = await callPageApi(page, 'GET', `/api/v3/conversations?campaign_id=${seeded.campaign_id}&limit=500`);
  expect(answer.status).toBe(200);
  return conversationListResponse.parse(answer.body).items;
};

const apiReport = async (): Promise<CampaignReportJson> => {
  const answer = await callPageApi(page, 'GET', `/api/v3/campaigns/${seeded.campaign_id}/report`);
  expect(answer.status).toBe(200);
  return campaignReportResponse.parse(answer.body).report;
};

const ready = () => page.getByRole('table', { name: 'Funnel' }).waitFor({ timeout: 30_000 });

describe('campaign report', () => {
  it('opens from the board\'s view switch', async () => {
    await page.goto(`${app.url}/campaigns/${seeded.campaign_id}`);
    await page.getByRole('link', { name: 'Report' }).click();
    await page.waitForURL((url) => url.pathname === reportPath);
    await page.getByRole('heading', { level: 1, name: `${seeded.campaign_name} · Report` }).waitFor({ timeout: 15_000 });
    await ready();
  });

  it('counts the funnel as the conversations API counts statuses, and sums the agreed latest fees', async () => {
    const [rows, report] = await Promise.all([apiRows(), apiReport()]);
    const count = (statuses: string[]) => rows.filter((row) => statuses.includes(row.status)).length;
    expect(report.funnel.map((step) => step.count)).toEqual([
      rows.length,
      rows.length - count(['not_contacted']),
      count(['replied', 'negotiating', 'confirmed']),
      count(['negotiating', 'confirmed']),
      count(['confirmed']),
    ]);
    expect(report.asides.map((aside) => aside.count)).toEqual([count(['declined']), count(['awaiting_reply'])]);
    const agreed = new Map<string, number>();
    for (const row of rows) {
      const fee = row.latest_fee;
      if (fee && (fee.state === 'agreed' || fee.state === 'invoiced')) agreed.set(fee.currency, Math.round(((agreed.get(fee.currency) ?? 0) + fee.amount) * 100) / 100);
    }
    expect(new Map(report.spend.by_currency.filter((total) => total.agreed_count > 0).map((total) => [total.currency, total.agreed]))).toEqual(agreed);

    // The page shows the same counts, each linking to the board filtered to its rows.
    const funnel = page.getByRole('table', { name: 'Funnel' });
    const confirmed = funnel.getByRole('row', { name: /^Confirmed/ });
    expect(await confirmed.getByRole('link').getAttribute('href')).toBe(`/campaigns/${seeded.campaign_id}?status=confirmed`);
    // The link's first line is the figure; a screen reader hears where it leads after it.
    expect((await confirmed.getByRole('link').innerText()).split('\n')[0]!.trim()).toBe(String(count(['confirmed'])));
  });

  it('lists the campaign\'s go-live dates on the calendar', async () => {
    const rows = await apiRows();
    const goLives = rows.filter((row) => row.status !== 'declined').flatMap((row) => row.dates.filter((date) => date.kind === 'go_live').map((date) => `${date.date}|${row.contact_email}`));
    const report = await apiReport();
    expect(report.calendar.flatMap((week) => week.entries.filter((entry) => entry.kind === 'go_live').map((entry) => `${entry.date}|${entry.contact_email}`)).sort()).toEqual(goLives.sort());
  });

  it('fits 1280 and 390 px without sideways scroll, with no serious or critical axe finding', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await ready();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `report-${width}.png`), fullPage: true });
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth, `report at ${width}px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
      expect(await seriousAxeFindings(page, { include: 'main', tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })).toEqual([]);
    }
  });

  it('prints to PDF on A4 and Letter without the app\'s navigation', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    for (const format of ['A4', 'Letter'] as const) {
      const path = join(SCREENSHOT_DIR, `report-${format}.pdf`);
      await page.pdf({ path, format, printBackground: false });
      expect((await stat(path)).size).toBeGreaterThan(10_000);
    }
    await page.emulateMedia({ media: 'screen' });
  });
});
