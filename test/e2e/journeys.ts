import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { callPageApi, type PageApiAnswer } from './page-tools';

/**
 * The seeded ways in that the e2e files share, each called from a file's beforeAll (suite.ts)
 * or, where the step is what a test is about, from that test. They wait with vi.waitFor, which
 * works in hooks too (expect.poll is for tests only).
 */

/**
 * The way in for suites about what comes after sign-in: a seeded staff account picks itself in
 * the emulator's account picker, creates the pre-filled agency, selects it and sets the OpenAI
 * key, ending on the dashboard. Returns the emulator's origin (suites that slow Google down need it).
 */
export const signInWithNewAgency = async (page: Page, appUrl: string, email: string): Promise<{ emulatorOrigin: string }> => {
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const account = page.locator(`a.account[data-email="${email}"]`);
  await account.waitFor({ timeout: 30_000 });
  const emulatorOrigin = new URL(page.url()).origin;
  await account.click();
  await page.getByRole('heading', { name: 'Select Agency' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create New Agency' }).click();
  await vi.waitFor(async () => expect(await page.getByPlaceholder('ex: threadline-agency').inputValue()).not.toBe(''), { timeout: 15_000, interval: 100 });
  await page.getByRole('button', { name: 'Create Agency' }).click();
  await page.getByText('Your Agencies (1)').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: /-agency/i }).first().click();
  await page.getByPlaceholder(/^sk-/).fill(LOCAL_OPENAI_KEY);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Email Processing', exact: true }).waitFor({ timeout: 30_000 });
  return { emulatorOrigin };
};

/**
 * A campaign and its talents through the API, as the signed-in person: the campaign is created
 * and waited for until its Drive resources are ready, then each contact body is added to it (as
 * given, with the campaign's id).
 */
export const addCampaignWithContacts = async (page: Page, campaign: { campaign_id: string } & Record<string, unknown>, contacts: readonly Record<string, unknown>[]): Promise<void> => {
  const created = await callPageApi(page, 'POST', '/api/campaigns/add', campaign);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await vi.waitFor(
    async () => expect((await callPageApi<{ campaign?: { status?: string } }>(page, 'GET', `/api/campaigns/${campaign.campaign_id}`)).body.campaign?.status).toBe('ready'),
    { timeout: 60_000, interval: 250 },
  );
  for (const contact of contacts) {
    const added = await callPageApi(page, 'POST', '/api/campaigns/contacts/add', { ...contact, campaign_id: campaign.campaign_id });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
};

type StatusAnswer = { is_processing: boolean; task_id: string | null; status?: string };

/** Starts a job with `start` and waits until that job has ended; it must have succeeded. */
export const runJob = async (page: Page, start: () => Promise<PageApiAnswer<unknown>>): Promise<void> => {
  const started = (await start()) as PageApiAnswer<{ task_id?: string }>;
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const taskId = started.body.task_id;
  expect(taskId, JSON.stringify(started.body)).toBeTruthy();
  // The ended job stays in the status for a few seconds (JUST_ENDED_MS), far longer than a poll.
  const ended = await vi.waitFor(
    async () => {
      const { body } = await callPageApi<StatusAnswer>(page, 'GET', '/api/v3/status');
      expect(body).toMatchObject({ is_processing: false, task_id: taskId });
      return body;
    },
    { timeout: 110_000, interval: 500 },
  );
  expect(ended.status, JSON.stringify(ended)).toBe('succeeded');
};

/** Processes the signed-in agency's mail of a date range (yyyy-MM-dd, both ends included) and waits for it. */
export const processRange = (page: Page, range: { start_date: string; end_date: string }): Promise<void> =>
  runJob(page, () => callPageApi(page, 'POST', '/api/v3/process/interval', range));
