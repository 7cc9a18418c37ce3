import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_401, launchBrowser, unexpectedConsoleErrors, type Browser, type TrackedPage } from './browser';
import { startApp, type AppServer } from './app-server';

let app: AppServer;
let browser: Browser;
let current: TrackedPage | undefined;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const open = async (path: string): Promise<TrackedPage> => {
  current = await browser.newPage();
  await current.page.goto(`${app.url}${path}`, { waitUntil: 'load' });
  return current;
};

afterEach(async () => {
  if (!current) return;
  const { page, problems } = current;
  current = undefined;
  await page.close();
  expect(problems.cspViolations, 'CSP violations').toEqual([]);
  expect(problems.pageErrors, 'uncaught page errors').toEqual([]);
  expect(unexpectedConsoleErrors(problems, [EXPECTED_401]), 'console errors').toEqual([]);
});

describe('SPA shell', () => {
  it('shows the sign-in screen titled with the product name when signed out', async () => {
    const { page } = await open('/');
    await page.getByRole('heading', { name: 'Threadline', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Threadline');
  });

  it('starts sign-in as a full page navigation to /auth/login, carrying the invite', async () => {
    const { page } = await open('/?invite=tok-1');
    let requested = '';
    await page.route('**/auth/login**', async (route) => {
      requested = route.request().url();
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'login' });
    });
    await page.getByText('accepting an agency invitation', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect.poll(() => requested, { timeout: 15_000 }).toBe(`${app.url}/auth/login?invite=tok-1`);
  });

  it('shows the auth error screen with the message from the query', async () => {
    const { page } = await open('/auth/error?message=Boom');
    await page.getByRole('heading', { name: 'Authentication Error' }).waitFor();
    expect(await page.getByText('Boom', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Return to app' }).isVisible()).toBe(true);
  });

  it('defaults the auth error text', async () => {
    const { page } = await open('/auth/error');
    await page.getByText('Authentication failed', { exact: true }).waitFor();
  });

  it('loads a deep link through client routing and asks to sign in', async () => {
    const { page } = await open('/campaigns');
    await page.getByRole('heading', { name: 'Threadline', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/campaigns');
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isVisible()).toBe(true);
  });

  it('sends /invite without a token to the auth error page', async () => {
    const { page } = await open('/invite');
    await page.getByText('Missing invite token', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/error');
  });

  it('shows a not-found page for unknown routes', async () => {
    const { page } = await open('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});
