import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import type { AppServer } from './app-server';
import { EXPECTED_401, unexpectedConsoleErrors, type TrackedPage } from './browser';
import { openSuite, type Suite } from './suite';

/**
 * The identity journey of a new user, through the real backend and the Google/OpenAI emulators:
 * sign in → no agency → create one → select it → configure the OpenAI key → see the app →
 * manage members → log out. One page, one session, steps in order.
 */
let suite: Suite;
let app: AppServer;
let tracked: TrackedPage;
let page: Page;

const local = `e2e-${randomUUID().slice(0, 8)}`;
const email = `${local}@acme.test`;

beforeAll(async () => {
  suite = await openSuite();
  ({ app, tracked, page } = suite);
});

afterAll(() => suite?.close());

const appOrigin = () => new URL(app.url).origin;

describe('identity flow', () => {
  it('signs in through the identity provider and lands on the agency selector', async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // The emulator's account picker: sign in as a brand-new account.
    await page.getByPlaceholder('Email').fill(email);
    await page.getByPlaceholder('Full name').fill('Eddie Tester');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Select Agency' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/agencies');
    expect(await page.getByText('Create your first agency to get started').isVisible()).toBe(true);
  });

  it('creates an agency with the pre-filled name', async () => {
    await page.getByRole('button', { name: 'Create New Agency' }).click();
    const name = page.getByPlaceholder('ex: threadline-agency');
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe(`${local}-agency`);
    await page.getByRole('button', { name: 'Create Agency' }).click();
    await page.getByText('Your agency is ready to use.').waitFor();
    await page.getByText('Your Agencies (1)').waitFor();
    expect(new URL(page.url()).pathname).toBe('/agencies');
  });

  it('selects the agency and is asked for the OpenAI key', async () => {
    await page.getByRole('button', { name: new RegExp(`${local}-agency`, 'i') }).click();
    await page.getByRole('heading', { name: 'Configure OpenAI API' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it("refuses a key the provider rejects, showing the server's message", async () => {
    const field = page.getByPlaceholder(/^sk-/);
    await field.fill('sk-proj-thisIsNotAValidKeyForTheEmulator000000000000000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/Incorrect API key provided|Invalid API key/).first().waitFor();
  });

  it('accepts a valid key and opens the app', async () => {
    await page.getByPlaceholder(/^sk-/).fill(LOCAL_OPENAI_KEY);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Email Processing', exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Process and monitor emails involving tracked contacts').isVisible()).toBe(true);
  });

  it('shows the current user in Agency Members and invites a teammate', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const me = page.getByTestId('active-member').filter({ hasText: email });
    await me.getByText('You', { exact: true }).waitFor();
    expect(await me.getByRole('button').count()).toBe(0);
    await page.getByPlaceholder('teammate@example.com').fill(`mate-${local}@acme.test`);
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText('Invitation Sent', { exact: true }).waitFor();
    const invite = page.getByTestId('pending-invite').filter({ hasText: `mate-${local}@acme.test` });
    await invite.waitFor();
    expect(await invite.getByText(/Expires (today|tomorrow|in \d+ days)/).isVisible()).toBe(true);
  });

  it('shows the user and agency in the user menu and logs out', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    expect(await page.getByTestId('current-agency').textContent()).toContain(`${local}-agency`);
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor({ timeout: 30_000 });
  });

  it('raised no CSP violations and no unexpected console errors on the app', () => {
    const { problems } = tracked;
    expect(problems.cspViolations.filter((text) => text.includes(appOrigin()))).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    const appErrors = unexpectedConsoleErrors(problems, [EXPECTED_401]).filter((text) => text.includes(appOrigin()));
    expect(appErrors).toEqual([]);
  });
});
