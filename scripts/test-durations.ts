/**
 * `npm run test:durations`: writes test/durations.json from the last local run's vitest cache.
 * CI runs on a clean clone with no cache, so without this file the sequencer cannot put the long
 * files first and the run ends on one long file while the other worker idles.
 */
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = 'node_modules/.vite/vitest';
const OUT = 'test/durations.json';

type CacheFile = { results: [string, { duration?: number }][] };

const durations: Record<string, number> = {};
for (const dir of existsSync(CACHE) ? readdirSync(CACHE) : []) {
  const file = join(CACHE, dir, 'results.json');
  if (!existsSync(file)) continue;
  for (const [key, result] of (JSON.parse(readFileSync(file, 'utf8')) as CacheFile).results) {
    const path = key.slice(key.indexOf(':') + 1);
    // whole seconds: the order only needs the rough size, and the file stays stable run to run
    if (existsSync(path) && result.duration) durations[key] = Math.max(durations[key] ?? 0, Math.round(result.duration / 1000));
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(OUT, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${OUT}: ${Object.keys(sorted).length} files`);
