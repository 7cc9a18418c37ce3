/**
 * `npm start`: the whole product locally. PORT (3000), HOST (127.0.0.1) and DATA_DIR (./.data)
 * configure it; Ctrl-C stops it cleanly.
 */
import { LOCAL_OPENAI_KEY } from '../../test/emulators/openai/keys';
import { startRuntime } from './runtime';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const runtime = await startRuntime({
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
  dataDir: process.env.DATA_DIR,
  emulators: { persist: true },
});

const google = runtime.emulators.google ? `Google emulator ${runtime.emulators.google.url}` : 'real Google';
const openai = runtime.emulators.openai ? `OpenAI emulator ${runtime.emulators.openai.url}` : 'real OpenAI';
const key = runtime.emulators.openai ? `\n  OpenAI key for the emulator (the "Configure OpenAI API" screen): ${LOCAL_OPENAI_KEY}` : '';
console.log(`\nThreadline is running at ${runtime.url}\n  data: ${runtime.dataDir}\n  ${google}; ${openai}${key}\n  invitation e-mails: ${process.env.LOCAL_OUTBOX_DIR}\n`);

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
