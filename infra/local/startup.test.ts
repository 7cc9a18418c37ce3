import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startRuntime } from './runtime';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

type Outcome = { status: number; retryAfter: string | null } | { error: string };

/** One request as curl --max-time 5 would make it: an answer, a refused connection, or a hang (a timeout). */
const probe = async (url: string): Promise<Outcome> => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { error: (error as Error).name === 'TimeoutError' ? 'timeout' : (cause?.code ?? (error as Error).name) };
  }
};

describe('npm start: a request during start-up', () => {
  it('is answered 503 with Retry-After or refused while the runtime starts, never left hanging; served once ready', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'threadline-startup-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/auth/status`;
    const outcomes: Outcome[] = [];
    let starting = true;
    // a client that keeps knocking from before the server listens until start-up is over
    const knocking = (async () => {
      while (starting) {
        outcomes.push(await probe(url));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    let duringStartup: Outcome | undefined;
    const runtime = await startRuntime({
      port,
      dataDir,
      quiet: true,
      monitorIntervalMs: false,
      // held after listen and before the handlers are attached: the window that used to hang
      beforeReady: async () => {
        duringStartup = await probe(url);
      },
    });
    starting = false;
    await knocking;
    try {
      expect(duringStartup).toEqual({ status: 503, retryAfter: '1' });
      expect(outcomes.filter((outcome) => 'error' in outcome && outcome.error === 'timeout')).toEqual([]);
      for (const outcome of outcomes) {
        if ('error' in outcome) expect(outcome.error).toBe('ECONNREFUSED');
        else expect([200, 503]).toContain(outcome.status);
      }
      expect(await probe(url)).toMatchObject({ status: 200 });
    } finally {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
