/**
 * First signed-in page benchmark of the built SPA: `npx tsx bench/spa.ts [distDir]` (or `npm run bench`).
 *
 * Measured by loading the page, not by reading the build: it starts the local runtime the e2e
 * tests use (infra/local/runtime.ts, serving a copy of web/dist, with the Google and OpenAI
 * emulators), signs a seeded staff account in through the emulator's account picker in Chromium
 * (playwright-core, /usr/bin/chromium), creates and selects an agency and sets its OpenAI key,
 * as a person does once. Then a new page (the same cookies and local storage, the HTTP cache
 * emptied: a returning user after a new deploy) opens the app's root, the dashboard,
 * and every document, script and stylesheet the app's own origin serves until the network has
 * been idle on the dashboard is counted at its brotli size (quality 11, as the budget has always
 * been counted; CloudFront serves them compressed). Data (the API's JSON) and the emulator's
 * pages are not. Fails above the budget of 150 KB.
 *
 * It also prints the shell (what index.html loads before any script runs), read from the build,
 * which says how much of the page is the part every route pays.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { PROJECT_ROOT } from '../infra/constructs/paths';
import { LOCAL_OPENAI_KEY } from '../test/emulators/openai/keys';
import { startLocalApp } from '../test/e2e/app-server';
import { launchBrowser } from '../test/e2e/browser';

export const FIRST_LOAD_LIMIT_BYTES = 150 * 1024;
const DEFAULT_DIST = join(PROJECT_ROOT, 'web', 'dist');
/** One of the seeded staff accounts of the Google emulator (README, "First five minutes"). */
const STAFF_EMAIL = 'maya@brightwave-agency.com';
/** After the network goes idle, how long no new code may arrive before the page counts as loaded. */
const QUIET_MS = 2_000;
const STEP_TIMEOUT_MS = 60_000;

export type FirstLoadFile = { path: string; rawBytes: number; brotliBytes: number };

const brotliSize = (content: Buffer): number =>
  brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  }).length;

const measured = (path: string, content: Buffer): FirstLoadFile => ({ path, rawBytes: content.length, brotliBytes: brotliSize(content) });

/* ---------- the shell, read from the build ---------- */

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** Same-origin asset paths the HTML loads before anything runs (icons and images are not on the critical path). */
export const htmlFirstLoadPaths = (html: string): string[] => {
  const paths: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const url = isScript ? attribute(tag, 'src') : rel === 'stylesheet' || rel === 'modulepreload' ? attribute(tag, 'href') : undefined;
    if (url && url.startsWith('/') && !url.startsWith('//')) paths.push(url);
  }
  return paths;
};

/** Static `import ... from "./x.js"` / `import "./x.js"` of a minified chunk; dynamic import() is on demand. */
export const staticImports = (code: string, fromPath: string): string[] => {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g)) {
    const specifier = match[1]!;
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/')) {
      found.push(specifier.startsWith('/') ? specifier : posix.join(posix.dirname(fromPath), specifier));
    }
  }
  return found;
};

/** index.html and what it loads statically: the part of every page's first load no route decides. */
export const shellFiles = (distDir: string): FirstLoadFile[] => {
  const html = readFileSync(join(distDir, 'index.html'));
  const files: FirstLoadFile[] = [measured('/index.html', html)];
  const seen = new Set<string>(['/index.html']);
  const queue = htmlFirstLoadPaths(html.toString('utf8'));
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const file = join(distDir, path);
    if (!existsSync(file)) throw new Error(`index.html loads ${path}, which is not in ${distDir}`);
    const content = readFileSync(file);
    files.push(measured(path, content));
    if (path.endsWith('.js')) queue.push(...staticImports(content.toString('utf8'), path));
  }
  return files;
};

/* ---------- the first signed-in page, loaded in Chromium ---------- */

/** The one-time way in: account picker, a new agency (its name is filled in), select it, set the key. */
const signInWithNewAgency = async (page: Page, appUrl: string): Promise<void> => {
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.locator(`a.account[data-email="${STAFF_EMAIL}"]`).click({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Create New Agency' }).click({ timeout: STEP_TIMEOUT_MS });
  const name = page.getByPlaceholder('ex: threadline-agency');
  await page.waitForFunction((input) => (input as HTMLInputElement | null)?.value !== '', await name.elementHandle({ timeout: STEP_TIMEOUT_MS }), { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Create Agency' }).click();
  await page.getByRole('button', { name: /-agency/i }).first().click({ timeout: STEP_TIMEOUT_MS });
  await page.getByPlaceholder(/^sk-/).fill(LOCAL_OPENAI_KEY, { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Continue' }).click();
  await dashboardShown(page);
};

const dashboardShown = (page: Page) => page.getByRole('heading', { name: 'Email Processing', exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });

/** Code and styles (and the document) the app's origin served; the API's data is not code. */
const isCounted = (response: Response, origin: string): boolean =>
  new URL(response.url()).origin === origin && ['document', 'script', 'stylesheet'].includes(response.request().resourceType());

/** Everything of the app's origin a signed-in person's browser, cache empty, downloads for the dashboard. */
export const measureSignedInPage = async (distDir: string): Promise<FirstLoadFile[]> => {
  const app = await startLocalApp({ webRoot: distDir });
  const browser = await launchBrowser();
  try {
    const { page: signInPage } = await browser.newPage();
    await signInWithNewAgency(signInPage, app.url);
    // The same session (cookies, local storage), nothing cached from the sign-in.
    const { page } = await browser.newPage();
    await signInPage.close();
    await (await browser.context.newCDPSession(page)).send('Network.clearBrowserCache');
    const origin = new URL(app.url).origin;
    const files = new Map<string, Promise<FirstLoadFile>>();
    let lastCode = performance.now();
    page.on('response', (response) => {
      if (!isCounted(response, origin)) return;
      const path = new URL(response.url()).pathname;
      lastCode = performance.now();
      if (!files.has(path)) files.set(path, response.body().then((body) => measured(path, body)));
    });
    await page.goto(`${app.url}/`);
    await dashboardShown(page);
    await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS });
    // Idle-time prefetches (the next pages' code) count too: wait until none has come for a while.
    while (performance.now() - lastCode < QUIET_MS) await page.waitForTimeout(250);
    return await Promise.all(files.values());
  } finally {
    await browser.close();
    await app.close();
  }
};

/* ---------- report ---------- */

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const total = (files: FirstLoadFile[], key: 'rawBytes' | 'brotliBytes') => files.reduce((sum, file) => sum + file[key], 0);

const printFiles = (title: string, files: FirstLoadFile[]): void => {
  const sorted = [...files].sort((a, b) => b.brotliBytes - a.brotliBytes);
  const width = Math.max(title.length, ...sorted.map((file) => file.path.length));
  console.log(`${title.padEnd(width)}  raw (KB)  brotli (KB)`);
  for (const file of sorted) console.log(`${file.path.padEnd(width)}  ${kb(file.rawBytes).padStart(8)}  ${kb(file.brotliBytes).padStart(11)}`);
};

/** Returns false when the first signed-in page is over the budget or there is no build to measure. */
export const runSpaBench = async (distDir: string = process.env.SPA_DIST_DIR ?? DEFAULT_DIST): Promise<boolean> => {
  const dir = resolve(distDir);
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`FAIL: no SPA build at ${dir}: run npm run build:web first`);
    return false;
  }
  // A copy, read and served: a build elsewhere in the tree during the run cannot change it.
  const copy = await mkdtemp(join(tmpdir(), 'threadline-spa-bench-'));
  let shell: FirstLoadFile[];
  let page: FirstLoadFile[];
  try {
    await cp(dir, copy, { recursive: true });
    shell = shellFiles(copy);
    page = await measureSignedInPage(copy);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
  printFiles('first signed-in page (dashboard)', page);
  const brotli = total(page, 'brotliBytes');
  const ok = brotli <= FIRST_LOAD_LIMIT_BYTES;
  console.log(
    `\nshell (index.html and its static imports): ${shell.length} files, ${kb(total(shell, 'brotliBytes'))} KB brotli` +
      `\nfirst signed-in page, loaded in Chromium up to network idle: ${page.length} files, ${kb(total(page, 'rawBytes'))} KB raw, ` +
      `${kb(brotli)} KB brotli (q11) — ${ok ? 'PASS' : 'FAIL'} (budget ${kb(FIRST_LOAD_LIMIT_BYTES)} KB brotli)`,
  );
  return ok;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ok = await runSpaBench(process.argv[2]);
  process.exit(ok ? 0 : 1);
}
