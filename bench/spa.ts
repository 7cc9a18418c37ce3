/**
 * First-load benchmark of the built SPA: `npx tsx bench/spa.ts [distDir]` (or `npm run bench`).
 *
 * Reads the build (web/dist by default; `npm run build:web` makes it), follows index.html's
 * script, modulepreload and stylesheet tags and each first-load script's static imports (what
 * the browser fetches before the first paint), and sums their brotli sizes at quality 11, as
 * CloudFront serves them. Fails above the budget of 150 KB.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { PROJECT_ROOT } from '../infra/constructs/paths';

export const FIRST_LOAD_LIMIT_BYTES = 150 * 1024;
const DEFAULT_DIST = join(PROJECT_ROOT, 'web', 'dist');

export type FirstLoadFile = { path: string; rawBytes: number; brotliBytes: number };

const brotliSize = (content: Buffer): number =>
  brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  }).length;

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

export const firstLoadFiles = (distDir: string): FirstLoadFile[] => {
  const html = readFileSync(join(distDir, 'index.html'));
  const files: FirstLoadFile[] = [{ path: '/index.html', rawBytes: html.length, brotliBytes: brotliSize(html) }];
  const seen = new Set<string>(['/index.html']);
  const queue = htmlFirstLoadPaths(html.toString('utf8'));
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const file = join(distDir, path);
    if (!existsSync(file)) throw new Error(`index.html loads ${path}, which is not in ${distDir}`);
    const content = readFileSync(file);
    files.push({ path, rawBytes: content.length, brotliBytes: brotliSize(content) });
    if (path.endsWith('.js')) queue.push(...staticImports(content.toString('utf8'), path));
  }
  return files;
};

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** Returns false when the first load is over the budget or there is no build to measure. */
export const runSpaBench = async (distDir: string = process.env.SPA_DIST_DIR ?? DEFAULT_DIST): Promise<boolean> => {
  const dir = resolve(distDir);
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`FAIL: no SPA build at ${dir}: run npm run build:web first`);
    return false;
  }
  const files = firstLoadFiles(dir).sort((a, b) => b.brotliBytes - a.brotliBytes);
  const width = Math.max(...files.map((file) => file.path.length));
  console.log(`${'first-load file'.padEnd(width)}  raw (KB)  brotli (KB)`);
  for (const file of files) console.log(`${file.path.padEnd(width)}  ${kb(file.rawBytes).padStart(8)}  ${kb(file.brotliBytes).padStart(11)}`);
  const raw = files.reduce((sum, file) => sum + file.rawBytes, 0);
  const brotli = files.reduce((sum, file) => sum + file.brotliBytes, 0);
  const ok = brotli <= FIRST_LOAD_LIMIT_BYTES;
  console.log(
    `\nfirst load: ${files.length} files, ${kb(raw)} KB raw, ${kb(brotli)} KB brotli (q11) — ` +
      `${ok ? 'PASS' : 'FAIL'} (budget ${kb(FIRST_LOAD_LIMIT_BYTES)} KB brotli)`,
  );
  return ok;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ok = await runSpaBench(process.argv[2]);
  process.exit(ok ? 0 : 1);
}
