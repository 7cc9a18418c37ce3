import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { latestInviteToken } from '../integration/identity-helpers';
import type { AppServer } from './app-server';
import { EXPECTED_401, unexpectedConsoleErrors, type TrackedPage } from './browser';
import { openSuite, type Suite } from './suite';

/**
 * Two people in Chromium: the first creates an agency with two invitation rows (one without an
 * at-sign, skipped) and sets the key; the second accepts through the e-mailed link, signs in with
 * the invited account, creates an agency of their own and switches between the two.
 */
let suite: Suite;
let app: AppServer;
let owner: TrackedPage;
let invitee: TrackedPage;
const run = randomUUID().slice(0, 6);
const ownerEmail = `owner-${run}@acme.test`;
const inviteeEmail = `invitee-${run}@acme.test`;
const agencyName = `owner-${run}-agency`;

const signInAs = async (page: Page, email: string, name: string) => {
  await page.getByPlaceholder('Email').fill(email);
  await page.getByPlaceholder('Full name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
};

beforeAll(async () => {
  suite = await openSuite();
  ({ app, tracked: owner } = suite);
  if (!app.dataDir) throw new Error('this suite reads the local outbox: run it against the in-process app');
  invitee = await suite.browser.newPage();
});

afterAll(() => suite?.close());

describe('invitations between two people', () => {
  it('creates an agency with two invitation rows: the row without an at-sign is skipped', async () => {
    const page = owner.page;
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAs(page, ownerEmail, 'Olive Owner');
    await page.getByRole('heading', { name: 'Select Agency' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create New Agency' }).click();
    await page.getByRole('button', { name: 'Invite team members (optional)' }).click();
    await page.getByLabel('Email 1').fill(inviteeEmail);
    await page.getByRole('button', { name: 'Add another' }).click();
    await page.getByLabel('Email 2').fill('not-an-address');
    await page.getByRole('button', { name: 'Create Agency' }).click();
    await page.getByText('Your agency is ready! Invitations sent to 1 member(s).').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: new RegExp(agencyName, 'i') }).click();
    await page.getByPlaceholder(/^sk-/).fill(LOCAL_OPENAI_KEY);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Email Processing', exact: true }).waitFor({ timeout: 30_000 });
    expect(() => latestInviteToken(app.dataDir!, 'not-an-address')).toThrow();
  });

  it('the invitee accepts through the e-mailed link and lands in the agency', async () => {
    const token = latestInviteToken(app.dataDir!, inviteeEmail);
    const page = invitee.page;
    await page.goto(`${app.url}/invite?token=${token}`);
    await signInAs(page, inviteeEmail, 'Ivy Invitee');
    await page.getByRole('heading', { name: 'Email Processing', exact: true }).waitFor({ timeout: 30_000 });
    await page.goto(`${app.url}/agencies`);
    await page.getByText('Your Agencies (1)').waitFor({ timeout: 30_000 });
    expect(await page.getByText('Member').first().isVisible()).toBe(true);
  });

  it('the invitee creates an agency of their own and switches between the two', async () => {
    const page = invitee.page;
    await page.getByRole('button', { name: 'Create New Agency' }).click();
    await page.getByRole('button', { name: 'Create Agency' }).click();
    await page.getByText('Your Agencies (2)').waitFor({ timeout: 30_000 });
    // Creating switched the session to the new agency; choosing the first one switches back.
    await page.getByRole('button', { name: new RegExp(agencyName, 'i') }).click();
    await page.getByRole('heading', { name: 'Email Processing', exact: true }).waitFor({ timeout: 30_000 });
    const status = await page.evaluate(async () => (await fetch('/auth/status', { credentials: 'include' })).json());
    expect(status).toMatchObject({ authenticated: true, agency_name: agencyName, membership_role: 'member' });
    await page.goto(`${app.url}/agencies`);
    await page.getByRole('button', { name: new RegExp(`invitee-${run}-agency`, 'i') }).click();
    await page.getByRole('heading', { name: 'Configure OpenAI API' }).waitFor({ timeout: 30_000 });
    const own = await page.evaluate(async () => (await fetch('/auth/status', { credentials: 'include' })).json());
    expect(own).toMatchObject({ agency_name: `invitee-${run}-agency`, membership_role: 'owner' });
  });

  it('raised no CSP violations and no unexpected console errors', () => {
    for (const tracked of [owner, invitee]) {
      expect(tracked.problems.cspViolations).toEqual([]);
      expect(tracked.problems.pageErrors).toEqual([]);
      // Only the app's own errors count: the emulator's sign-in page has no favicon and avatar
      // images point at Google, which this machine cannot reach.
      const appErrors = unexpectedConsoleErrors(tracked.problems, [EXPECTED_401]).filter((text) => text.includes(new URL(app.url).origin));
      expect(appErrors).toEqual([]);
    }
  });
});
