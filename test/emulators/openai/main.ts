import { EMULATOR_TIERS } from './rate-limits';
import { LOCAL_OPENAI_KEY, startOpenAIEmulator } from './server';

/**
 * Standalone: `npx tsx test/emulators/openai/main.ts [--port 8788] [--latency 250] [--now 2026-12-12T00:00:00Z] [--tier 1]`.
 * Point the product at it with OPENAI_BASE_URL=<printed url> and use the printed key.
 */
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const port = Number(arg('port') ?? process.env.OPENAI_EMULATOR_PORT ?? 8788);
const latencyMs = Number(arg('latency') ?? 0);
const now = arg('now') ?? process.env.OPENAI_EMULATOR_NOW;
const tier = EMULATOR_TIERS[Number(arg('tier'))];
const emulator = await startOpenAIEmulator({ port, latencyMs, ...(now ? { now } : {}), ...(tier ? { rateLimits: tier } : {}) });
console.log(`OpenAI emulator listening at ${emulator.url}`);
console.log(`  OPENAI_BASE_URL=${emulator.url}`);
console.log(`  key: ${LOCAL_OPENAI_KEY}`);

const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
