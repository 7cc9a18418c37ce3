import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime, RuntimeOptions } from '../../infra/local/runtime';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_DIST = resolve(PROJECT_ROOT, 'web', 'dist');

/** dataDir (the outbox of invitation e-mails is under it) is unknown for an external app. */
export type AppServer = { url: string; dataDir?: string; close(): Promise<void> };

/** Builds the SPA once when web/dist is missing (`npm test` builds it first). */
export const ensureWebBuilt = async (): Promise<void> => {
  if (existsSync(join(WEB_DIST, 'index.html'))) return;
  const { build } = await import('vite');
  await build({ configFile: resolve(PROJECT_ROOT, 'web', 'vite.config.ts'), logLevel: 'warn' });
};

/** The in-process runtime beside the app, for files that drive it (its monitor tick, its emulators). */
export type LocalApp = AppServer & { dataDir: string; runtime: Runtime };

/**
 * The whole product in-process (infra/local/runtime.ts), on a free port with a scratch data dir
 * and the 2-minute timer off, serving a copy of web/dist, so a build elsewhere in the tree during
 * the run cannot pull lazy chunks away. `options` add to the runtime's (push, timers).
 */
export const startLocalApp = async (options: Partial<RuntimeOptions> = {}): Promise<LocalApp> => {
  await ensureWebBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-e2e-data-'));
  const webRoot = join(dataDir, 'web');
  await cp(WEB_DIST, webRoot, { recursive: true });
  const { startRuntime } = await import('../../infra/local/runtime');
  const runtime = await startRuntime({ host: '127.0.0.1', port: 0, dataDir, webRoot, quiet: true, monitorIntervalMs: false, ...options });
  return {
    url: runtime.url,
    dataDir,
    runtime,
    async close() {
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** The product to test: E2E_APP_URL points the tests at an app that is already running instead (a dev server, a stage). */
export const startApp = async (): Promise<AppServer> => {
  const external = process.env.E2E_APP_URL;
  if (external) return { url: external.replace(/\/+$/, ''), close: async () => undefined };
  return startLocalApp();
};
