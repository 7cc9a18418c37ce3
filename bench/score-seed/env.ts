/**
 * The clocks and tier the test suites pin (vitest.config.ts, pinnedClocks), set before any product
 * module is loaded: the product and the OpenAI emulator stand on the suites' fixed day, and the
 * product paces model calls as a tier-5 key, so the seeded year runs in minutes. A caller's own
 * environment wins.
 */
const PINNED_DAY = '2026-11-23T12:00:00Z';
const SHEETS_WINDOW_MS = '2000';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.THREADLINE_NOW ??= PINNED_DAY;
process.env.OPENAI_EMULATOR_NOW ??= PINNED_DAY;
process.env.SHEETS_QUOTA_WINDOW_MS ??= SHEETS_WINDOW_MS;
process.env.SHEETS_EMULATOR_QUOTA_WINDOW_MS ??= SHEETS_WINDOW_MS;
process.env.OPENAI_TIER ??= '5';
process.env.LOG_LEVEL ??= 'WARN';

export {};
