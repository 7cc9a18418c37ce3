/**
 * `npm start`: the whole product locally. PORT (3000), HOST (127.0.0.1) and DATA_DIR (./.data)
 * configure it; Ctrl-C stops it cleanly.
 */
import { LOCAL_OPENAI_KEY } from '../../test/emulators/openai/keys';
import { seededWayIn, startBanner } from './banner';
import { startRuntime } from './runtime';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const runtime = await startRuntime({
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
  dataDir: process.env.DATA_DIR,
  emulators: { persist: true },
  // Gmail push through the emulator unless THREADLINE_PUSH=off (then the 2-minute check alone).
  push: process.env.THREADLINE_PUSH !== 'off',
});

/** With the Google emulator: its seeded staff and longlist, for the newcomer lines. */
const seeded = async () => {
  if (!runtime.emulators.google) return { staff: [], longlistUrl: null };
  const { seed } = await import('../../test/fixtures/seed');
  return seededWayIn(seed);
};

console.log(
  startBanner({
    url: runtime.url,
    dataDir: runtime.dataDir,
    googleEmulator: runtime.emulators.google?.url ?? null,
    openaiEmulator: runtime.emulators.openai?.url ?? null,
    openaiKey: runtime.emulators.openai ? LOCAL_OPENAI_KEY : null,
    outboxDir: process.env.LOCAL_OUTBOX_DIR,
    ...(await seeded()),
  }),
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping Threadline...`);
  await runtime.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
