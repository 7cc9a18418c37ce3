import { defineConfig } from 'vitest/config';

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

// One runner, every kind of test. `npm test` runs every project; CI must see all of them pass.
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    // vitest's default (available cores - 1) is one worker on these 2-core machines, so every file
    // waited for the one before; most of an e2e or integration file's time is waiting (browser,
    // timers, emulators), so two files at once nearly halve the run. e2e files still run one at a time.
    maxWorkers: 2,
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
          fileParallelism: false,
          // Each file is one journey on its own runtime; files in random order prove none leans
          // on another having run first.
          sequence: { shuffle: { files: true, tests: false } },
        },
      },
    ],
  },
});
