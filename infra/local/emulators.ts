import { join } from 'node:path';
import { productNow } from '../../functions/lib/ai/clock';

/**
 * Chooses, per provider, the real service or the project's emulator. With GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET set, Google is real; with THREADLINE_OPENAI=real (or an OPENAI_BASE_URL),
 * OpenAI is. Otherwise both emulators start on loopback and the same clients are pointed at them.
 */
export type EmulatorChoice = {
  host?: string;
  dataDir?: string;
  google?: 'real' | Record<string, unknown>;
  openai?: 'real' | Record<string, unknown>;
  /** keep the Google emulator's Drive, Sheets and grants in dataDir across restarts (npm start) */
  persist?: boolean;
};

type Closable = { url: string; close(): Promise<void> };

export type Emulators = {
  /** environment the handlers read (GOOGLE_API_ROOT, GOOGLE_OAUTH_ISSUER, OPENAI_BASE_URL, ...) */
  env: Record<string, string>;
  google?: Closable & Record<string, unknown>;
  openai?: Closable & Record<string, unknown>;
  close(): Promise<void>;
};

export const wantsRealGoogle = (choice: EmulatorChoice): boolean =>
  choice.google === 'real' || (choice.google === undefined && Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET));

export const wantsRealOpenAI = (choice: EmulatorChoice): boolean =>
  choice.openai === 'real' || (choice.openai === undefined && (process.env.THREADLINE_OPENAI === 'real' || Boolean(process.env.OPENAI_BASE_URL)));

export const startEmulators = async (choice: EmulatorChoice = {}): Promise<Emulators> => {
  const host = choice.host ?? '127.0.0.1';
  const env: Record<string, string> = {};
  let google: Emulators['google'];
  let openai: Emulators['openai'];

  if (wantsRealGoogle(choice)) {
    env.GOOGLE_OAUTH_ISSUER = process.env.GOOGLE_OAUTH_ISSUER ?? 'https://accounts.google.com';
  } else {
    const { startGoogleEmulator, LOCAL_OAUTH_CLIENT } = await import('../../test/emulators/google/server');
    const options = typeof choice.google === 'object' ? choice.google : {};
    const snapshotFile = choice.persist && choice.dataDir ? join(choice.dataDir, 'google-emulator.json') : undefined;
    const start = (port: number) => startGoogleEmulator({ host, port, ...(snapshotFile ? { snapshotFile } : {}), ...options });
    // A kept Drive keeps the links the product wrote into sheets (the viewer's address): a steady
    // port keeps them working across restarts; any free port when that one is taken.
    const steady = choice.persist ? Number(process.env.GOOGLE_EMULATOR_PORT ?? 3010) : 0;
    google = (await start(steady).catch((error: unknown) => {
      if (steady && (error as { code?: string }).code === 'EADDRINUSE') return start(0);
      throw error;
    })) as unknown as Emulators['google'];
    Object.assign(env, {
      GOOGLE_API_ROOT: google!.url,
      GOOGLE_OAUTH_ISSUER: google!.url,
      GOOGLE_CLIENT_ID: LOCAL_OAUTH_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: LOCAL_OAUTH_CLIENT.clientSecret,
    });
  }

  if (!wantsRealOpenAI(choice)) {
    const { startOpenAIEmulator } = await import('../../test/emulators/openai/server');
    const options = typeof choice.openai === 'object' ? choice.openai : {};
    // Run together, the emulator keeps the product's clock (THREADLINE_NOW, read at each call):
    // standing past a shutdown date moves both the product and the models OpenAI serves.
    openai = (await startOpenAIEmulator({ host, port: 0, now: () => productNow(), ...options })) as unknown as Emulators['openai'];
    env.OPENAI_BASE_URL = openai!.url;
  }

  return {
    env,
    google,
    openai,
    async close() {
      await Promise.all([google?.close(), openai?.close()]);
    },
  };
};
