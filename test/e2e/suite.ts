import type { Page } from 'playwright-core';
import { startApp, type AppServer } from './app-server';
import { launchBrowser, type Browser, type TrackedPage } from './browser';

/**
 * What every e2e file stands on, opened in its beforeAll and closed in its afterAll: one product
 * runtime and one Chromium with a tracked page, the file's own, so a file runs alone and in any
 * order. The seeded ways in (sign-in, a campaign with its talents, a processed range) are in
 * journeys.ts, called from the same beforeAll.
 */
export type Suite = {
  app: AppServer;
  browser: Browser;
  tracked: TrackedPage;
  page: Page;
  close(): Promise<void>;
};

type SuiteOptions = {
  /** The runtime to start (default startApp; a file that drives the runtime itself passes its own). */
  start?: () => Promise<AppServer>;
  viewport?: { width: number; height: number };
};

export const openSuite = async ({ start = startApp, viewport }: SuiteOptions = {}): Promise<Suite> => {
  const app = await start();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const tracked = await browser.newPage();
    if (viewport) await tracked.page.setViewportSize(viewport);
    const opened = browser;
    return {
      app,
      browser: opened,
      tracked,
      page: tracked.page,
      async close() {
        await opened.close();
        await app.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await app.close();
    throw error;
  }
};
