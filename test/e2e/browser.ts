import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What went wrong on a page, collected as it happens so a test can assert none. */
export type PageProblems = {
  consoleErrors: string[];
  cspViolations: string[];
  pageErrors: string[];
};

export type TrackedPage = { page: Page; problems: PageProblems };

export type Browser = {
  context: BrowserContext;
  newPage(): Promise<TrackedPage>;
  close(): Promise<void>;
};

const CSP_TAG = '[csp-violation]';

// Runs in every document before the app; a CDP-injected script is not subject to the page's CSP.
const reportCspViolations = (tag: string) => {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.warn(`${tag} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
  });
};

const isCspConsoleMessage = (text: string) =>
  text.startsWith(CSP_TAG) || /Content Security Policy/i.test(text);

/** A missing browser is a failure everywhere: CI installs it, a developer is told how. */
export const assertChromiumInstalled = (): void => {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.env.CI) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: CI must install the Debian package "chromium" before the e2e tests.`);
  }
  throw new Error(`Chromium is missing at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
};

export const trackPage = (page: Page): PageProblems => {
  const problems: PageProblems = { consoleErrors: [], cspViolations: [], pageErrors: [] };
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (isCspConsoleMessage(text)) problems.cspViolations.push(text);
    else if (message.type() === 'error') {
      const location = message.location();
      problems.consoleErrors.push(location.url ? `${text} (${location.url})` : text);
    }
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.stack ?? error.message));
  return problems;
};

/** Chrome logs every failed resource as a console error; the caller names the ones it expects. */
export const unexpectedConsoleErrors = (problems: PageProblems, allowed: readonly RegExp[] = []): string[] =>
  problems.consoleErrors.filter((text) => !allowed.some((pattern) => pattern.test(text)));

/** Expected while signed out: the status is 200, but agency calls answer 401. */
export const EXPECTED_401 = /status of 401/;

/**
 * What went wrong on the app's own pages (the emulator's pages and Google's images are not the
 * app's): CSP violations, uncaught page errors and console errors other than the expected ones.
 * A journey ends by expecting all three empty.
 */
export const appProblems = (problems: PageProblems, appUrl: string, allowed: readonly RegExp[] = [EXPECTED_401]) => {
  const origin = new URL(appUrl).origin;
  return {
    cspViolations: problems.cspViolations.filter((text) => text.includes(origin)),
    pageErrors: problems.pageErrors,
    consoleErrors: unexpectedConsoleErrors(problems, allowed).filter((text) => text.includes(origin)),
  };
};

export const NO_PROBLEMS = { cspViolations: [], pageErrors: [], consoleErrors: [] } as const;

/** Debian Chromium through playwright-core, with a fresh profile that is removed on close. */
export const launchBrowser = async (): Promise<Browser> => {
  assertChromiumInstalled();
  const profile = await mkdtemp(join(tmpdir(), 'threadline-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  await context.addInitScript(reportCspViolations, CSP_TAG);
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      return { page, problems: trackPage(page) };
    },
    async close() {
      await context.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
};
