/**
 * Standalone Google emulator: npx tsx test/emulators/google/main.ts [--port 4010] [--host 127.0.0.1]
 *   [--seed none] [--quota 15000] [--latency 0] [--auto-select maya@brightwave-agency.com]
 * Env: GOOGLE_EMULATOR_PORT, GOOGLE_EMULATOR_HOST, GOOGLE_EMULATOR_AUTO_SELECT. Prints its URL and the local OAuth client.
 */
import { LOCAL_OAUTH_CLIENT, startGoogleEmulator } from './server';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const port = Number(arg('port') ?? process.env.GOOGLE_EMULATOR_PORT ?? 0);
const host = arg('host') ?? process.env.GOOGLE_EMULATOR_HOST ?? '127.0.0.1';
const seed = arg('seed') === 'none' ? 'none' : 'default';
const quota = arg('quota');
const latency = arg('latency');
const autoSelect = arg('auto-select') ?? process.env.GOOGLE_EMULATOR_AUTO_SELECT;

const emulator = await startGoogleEmulator({
  host,
  port,
  seed,
  ...(quota ? { quotaUnitsPerMinute: Number(quota) } : {}),
  ...(latency ? { latencyMs: Number(latency) } : {}),
});

if (autoSelect) emulator.autoSelectAccount(autoSelect);
console.log(emulator.url);
console.error(
  `Google emulator listening on ${emulator.url}\n` +
    `  OIDC issuer: ${emulator.url}/.well-known/openid-configuration\n` +
    `  OAuth client: ${LOCAL_OAUTH_CLIENT.clientId} / ${LOCAL_OAUTH_CLIENT.clientSecret} (any loopback redirect_uri)\n` +
    `  accounts: ${[...emulator.state.accounts.keys()].join(', ')}\n` +
    `  control API: ${emulator.url}/__emulator`,
);

const stop = () => {
  void emulator.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
