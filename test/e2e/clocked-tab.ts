import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from './browser';

/**
 * A second tab on the same sign-in whose timers run on Playwright's fake clock, so a test counts
 * what an idle tab asks over 20 s of the page's time in a couple of seconds of ours. The clock
 * belongs to a browser context, so the tab gets its own Chromium with the suite's cookies: the
 * suite's page keeps real time for the tests that wait on the server.
 */
export type ClockedTab = {
  page: Page;
  /** The app's own API paths the tab asks while `ms` of its time pass, in order. */
  apiRequestsDuring(ms: number): Promise<string[]>;
  /** Tells the page its tab went to the background (or came back), as the browser would. */
  setHidden(hidden: boolean): Promise<void>;
  close(): Promise<void>;
};

/** Page time advanced per step: the tab's timers fire, then its requests get real time to answer. */
const STEP_MS = 1_000;
const ANSWER_WAIT_MS = 150;
const PAUSE_AHEAD_MS = 500;

export const openClockedTab = async (from: Browser, url: string): Promise<ClockedTab> => {
  const browser = await launchBrowser();
  try {
    await browser.context.addCookies(await from.context.cookies());
    await browser.context.clock.install();
    const { page } = await browser.newPage();
    await page.goto(url);
    const origin = new URL(url).origin;
    return {
      page,
      async apiRequestsDuring(ms) {
        const asked: string[] = [];
        const record = (request: { url(): string }) => {
          const { origin: at, pathname } = new URL(request.url());
          if (at === origin && pathname.startsWith('/api/')) asked.push(pathname);
        };
        // stop the page's time a moment ahead (its clock runs on meanwhile, and pausing in its
        // past is refused); from there it moves only by the steps below
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + PAUSE_AHEAD_MS);
        page.on('request', record);
        for (let passed = 0; passed < ms; passed += STEP_MS) {
          await page.clock.runFor(Math.min(STEP_MS, ms - passed));
          await new Promise((resolve) => setTimeout(resolve, ANSWER_WAIT_MS));
        }
        page.off('request', record);
        return asked;
      },
      async setHidden(hidden) {
        await page.evaluate((state) => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
          document.dispatchEvent(new Event('visibilitychange'));
        }, hidden ? 'hidden' : 'visible');
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
};
