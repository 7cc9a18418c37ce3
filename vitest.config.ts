import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Node 20 is this machine's runtime; Lambda runs a newer one, so the SDK's Node 20 notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// Model retirement follows a clock (OpenAI shuts gpt-5-nano down on 2026-12-11): the suites that run
// the product (or its model rules) stand on one fixed day, so they pass the same after that date.
// The tests about retirement move both clocks themselves.
const PINNED_DAY = '2026-11-23T12:00:00Z';
// Sheets allows 60 writes a minute per user: the emulator enforces it and the product's limiter keeps
// under it; in tests both count the same 60 per 2 s, so a suite is not throttled to a write a second.
const SHEETS_WINDOW_MS = '2000';
const pinnedClocks = {
  THREADLINE_NOW: PINNED_DAY,
  OPENAI_EMULATOR_NOW: PINNED_DAY,
  SHEETS_QUOTA_WINDOW_MS: SHEETS_WINDOW_MS,
  SHEETS_EMULATOR_QUOTA_WINDOW_MS: SHEETS_WINDOW_MS,
  // The product paces model calls to the key's OpenAI tier (default 1: 200,000 tokens a minute, a
  // few dozen threads); suites run as a tier-5 key so they are not throttled (bench/processing.ts measures tier 1).
  OPENAI_TIER: '5',
};

/** A small seeded shuffle (mulberry32): the same seed gives the same order. */
const shuffled = <T>(items: readonly T[], seed: number): T[] => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/**
 * Seconds each file took in a local run (`npm run test:durations` writes it): a clean clone, as in
 * CI, has no vitest cache, and without durations the longest files cannot go first.
 */
const committedDurations: Record<string, number> = JSON.parse(readFileSync(new URL('test/durations.json', import.meta.url), 'utf8'));

/**
 * An e2e file mostly waits (Chromium, the 1 s and 10 s status polls, the emulators): a whole file
 * keeps about a fifth of a core busy. Run last and one at a time, the e2e files left the second
 * core idle for some 9 minutes of `npm test`. Here they share the two workers with every other
 * file: one e2e file, then one of the others (longest first, as the last run timed them; a new
 * file first), and so on, so an e2e file tends to run beside a file that uses the CPU, and the
 * queue ends on short files that fill both workers to the end. A project whose config shuffles its
 * files (e2e: none may lean on another having run first) gets them in a seeded random order.
 */
class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const lastDuration = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const committed = committedDurations[key];
      return this.ctx.cache.getFileTestResults(key)?.duration ?? (committed === undefined ? Number.POSITIVE_INFINITY : committed * 1000);
    };
    const longestFirst = (a: TestSpecification, b: TestSpecification) => {
      const [da, db] = [lastDuration(a), lastDuration(b)];
      return da === db ? 0 : da > db ? -1 : 1;
    };
    const waiting = sorted.filter((spec) => spec.project.name === 'e2e');
    const rest = sorted.filter((spec) => spec.project.name !== 'e2e').sort(longestFirst);
    // A project's `sequence.shuffle.files` resolves to vitest's RandomSequencer (and a seed) in its own config.
    const own = waiting[0]?.project.config.sequence;
    const e2e = own && own.sequencer !== BaseSequencer ? shuffled(waiting, own.seed ?? Date.now()) : waiting;
    const queue: TestSpecification[] = [];
    for (let i = 0; i < Math.max(e2e.length, rest.length); i += 1) {
      if (e2e[i]) queue.push(e2e[i]!);
      if (rest[i]) queue.push(rest[i]!);
    }
    return queue;
  }
}

// One runner, every kind of test. `npm test` runs every project; CI must see all of them pass.
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    // vitest's default (available cores - 1) is one worker on these 2-core machines, so every file
    // waited for the one before; most of an e2e or integration file's time is waiting (browser,
    // timers, emulators), so two files at once nearly halve the run.
    maxWorkers: 2,
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          env: pinnedClocks,
          include: ['functions/**/*.test.ts', 'shared/**/*.test.ts', 'infra/local/**/*.test.ts', 'test/emulators/**/*.test.ts', 'test/fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // The web app's unit tests (jsdom where a file asks for it); product code keeps no test
          // branch, the set-up file gives the API client what the tests need.
          name: 'web',
          env: pinnedClocks,
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          env: pinnedClocks,
          include: ['test/contract/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          env: pinnedClocks,
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          env: pinnedClocks,
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Each file is one journey on its own runtime, port, data folder and browser profile, so
          // it runs beside any other file (InterleavedSequencer above); files in random order
          // prove none leans on another having run first.
          sequence: { shuffle: { files: true, tests: false } },
        },
      },
    ],
  },
});
