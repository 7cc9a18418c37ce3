import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGmailClient } from '../../functions/lib/google/gmail';
import { createGmailQuotaLimiter, createSharedGmailQuotaLimiter, gmailQuotaConfig, type GmailQuotaLimiter } from '../../functions/lib/google/gmail-quota';
import { KeyedTokenBucket } from '../../functions/lib/limits/token-bucket';
import { SharedBucket, type RateStore } from '../../functions/lib/limits/shared-bucket';
import { installPlatform } from '../../functions/lib/platform/platform';
import { ensureTable, startDynalite, type LocalDynamo } from '../../infra/local/dynamo';
import { TABLE_NAME } from '../../functions/lib/store/client';
import { startGoogleEmulator, type GoogleEmulator, type RequestLogEntry } from '../emulators/google/server';
import { contextFor } from '../contract/google-helpers';

/**
 * The limiter is shared: two limiter instances, as two concurrent Lambdas would hold, spend one
 * budget kept in DynamoDB (dynalite here), and a 429 one of them meets holds the other back.
 * The same code without sharing (one bucket per process) is run as a control: it overspends,
 * so these assertions can fail.
 */
let dynamo: LocalDynamo;
let dir: string;
const saved = { ...process.env };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'limits-'));
  dynamo = await startDynalite(dir);
  await ensureTable(dynamo.endpoint, TABLE_NAME);
  Object.assign(process.env, { DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'us-east-1' });
  installPlatform({});
});

afterAll(async () => {
  for (const key of ['DYNAMODB_ENDPOINT', 'AWS_REGION']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  installPlatform({});
  await dynamo.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The most units that passed in any window of `windowMs` (a pass = its time and units). */
const worstWindow = (passes: { at: number; units: number }[], windowMs: number): number => {
  let worst = 0;
  for (const start of passes) worst = Math.max(worst, passes.filter((p) => p.at >= start.at && p.at < start.at + windowMs).reduce((n, p) => n + p.units, 0));
  return worst;
};

/** Two "Lambdas" spending 1 unit at a time from their own store instance, as fast as allowed. */
const race = async (stores: RateStore[], key: string, callsEach: number) => {
  const passes: { at: number; units: number }[] = [];
  const t0 = performance.now();
  await Promise.all(
    stores.map(async (store) => {
      for (let i = 0; i < callsEach; i += 1) {
        await store.acquire(key, 1);
        passes.push({ at: performance.now(), units: 1 });
      }
    }),
  );
  return { passes, elapsedMs: performance.now() - t0 };
};

// 40 units per 1 s window: a 10-unit burst, then 30 a second.
const BUDGET = 40;
const WINDOW_MS = 1_000;
const bucket = { capacity: 10, refillPerMs: 30 / WINDOW_MS };

describe('shared rate limiter (DynamoDB)', () => {
  it('two instances never pass more than the one budget between them', async () => {
    const shared = await race([new SharedBucket({ ...bucket, scope: 'test-share' }), new SharedBucket({ ...bucket, scope: 'test-share' })], 'user@example.com', 35);
    // (pass times are taken when the awaiting caller resumes: a window 50 ms short absorbs that jitter)
    expect(worstWindow(shared.passes, WINDOW_MS - 50)).toBeLessThanOrEqual(BUDGET);
    // 70 units at 30 a second after the burst of 10: about 2 s, not the 0.8 s each alone would take.
    expect(shared.elapsedMs).toBeGreaterThan(1_800);

    // Control: a bucket per process (what the product had) lets both spend the whole budget.
    const apart = await race([new KeyedTokenBucket(bucket), new KeyedTokenBucket(bucket)], 'user@example.com', 35);
    expect(worstWindow(apart.passes, WINDOW_MS - 50)).toBeGreaterThan(BUDGET);
  });

  it("a 429 one instance meets holds the other back for the penalty's length", async () => {
    const a = new SharedBucket({ ...bucket, scope: 'test-penalty' });
    const b = new SharedBucket({ ...bucket, scope: 'test-penalty' });
    await b.acquire('key-1', 1);
    a.penalize('key-1', 1_200);
    // let the penalty reach the table (penalize answers at once, as the retry hook expects)
    await a.acquire('other-key', 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const t0 = performance.now();
    await b.acquire('key-1', 1);
    expect(performance.now() - t0).toBeGreaterThan(1_000);
    // keys are independent
    const t1 = performance.now();
    await b.acquire('key-2', 1);
    expect(performance.now() - t1).toBeLessThan(500);
  });

  it("spends an idle check's small Gmail call from the process allowance, with no table request", async () => {
    const limiter = createSharedGmailQuotaLimiter(gmailQuotaConfig({}));
    const store = limiter.bucket as SharedBucket;
    await limiter.spend('idle@example.com', 'users.history.list');
    await limiter.spend('idle@example.com', 'users.history.list');
    expect(store.requests).toBe(0);
  });

  it('reserves Gmail units in blocks: far fewer DynamoDB writes than calls', async () => {
    const store = new SharedBucket({ capacity: 1_500, refillPerMs: 13_500 / 60_000, scope: 'test-blocks', blockUnits: 50 });
    for (let i = 0; i < 100; i += 1) await store.acquire('maya@example.com', 10);
    expect(store.requests).toBeLessThanOrEqual(25);
  });
});

/**
 * Two jobs' worth of batches on one mailbox at once, each job in its own "Lambdas" (its own
 * limiter instance), against the Gmail emulator enforcing the per-user quota on a window
 * scaled to 2 s. The emulator's log must never show the quota exceeded.
 */
const MAYA = 'maya@brightwave-agency.com';
const UNITS = 400;
const GMAIL_WINDOW_MS = 2_000;

describe('Gmail quota across concurrent jobs on one mailbox', () => {
  let g: GoogleEmulator;
  beforeAll(async () => {
    process.env.GMAIL_EMULATOR_QUOTA_WINDOW_MS = String(GMAIL_WINDOW_MS);
    g = await startGoogleEmulator({ port: 0, seed: 'default', quotaUnitsPerMinute: UNITS });
    delete process.env.GMAIL_EMULATOR_QUOTA_WINDOW_MS;
  });
  afterAll(async () => {
    await g.close();
  });

  const config = gmailQuotaConfig({ GMAIL_UNITS_PER_MINUTE: String(UNITS), GMAIL_QUOTA_WINDOW_MS: String(GMAIL_WINDOW_MS) });
  const gmailUnits = (log: RequestLogEntry[]) => log.filter((e) => e.api === 'gmail' && e.quotaUnits).map((e) => ({ at: Date.parse(e.at), units: e.quotaUnits! }));
  const refusals = (log: RequestLogEntry[]) => log.filter((e) => e.api === 'gmail' && e.status === 429).length;

  /** One job: list the mailbox's threads, then read them in 4 batch "Lambdas" (own limiter each) of 5 threads in flight. */
  const job = async (limiter: () => GmailQuotaLimiter, refreshToken: string, threads: number) => {
    const client = () => createGmailClient({ ...contextFor(g.url, refreshToken, { maxAttempts: 1 }), mailbox: MAYA, limiter: limiter() });
    const listed = await client().listThreads('', { maxPages: 1, pageSize: 100 });
    const ids = Array.from({ length: threads }, (_, i) => listed.items[i % listed.items.length]!.id);
    const batches = Array.from({ length: 4 }, async (_, batch) => {
      const gmail = client();
      const mine = ids.filter((_, i) => i % 4 === batch);
      await Promise.all(Array.from({ length: 5 }, async (_, lane) => {
        for (let i = lane; i < mine.length; i += 5) await gmail.getThread(mine[i]!, 'full');
      }));
    });
    await Promise.all(batches);
  };

  it('shared limiter: two jobs at once never exceed the per-user quota (emulator log)', async () => {
    const { refresh_token } = await g.issueTokens(MAYA);
    const from = g.log.length;
    // Every batch Lambda builds its own limiter instance; they share only the table.
    await Promise.all([job(() => createSharedGmailQuotaLimiter(config), refresh_token!, 60), job(() => createSharedGmailQuotaLimiter(config), refresh_token!, 60)]);
    const log = g.log.slice(from);
    expect(gmailUnits(log).reduce((n, s) => n + s.units, 0)).toBeGreaterThanOrEqual(1_200);
    expect(refusals(log)).toBe(0);
    expect(worstWindow(gmailUnits(log), GMAIL_WINDOW_MS)).toBeLessThanOrEqual(UNITS);
  });

  it('control: limiters per process let the same two jobs run into the quota', async () => {
    await new Promise((resolve) => setTimeout(resolve, GMAIL_WINDOW_MS));
    const { refresh_token } = await g.issueTokens(MAYA);
    const from = g.log.length;
    const settled = await Promise.allSettled([job(() => createGmailQuotaLimiter(config), refresh_token!, 60), job(() => createGmailQuotaLimiter(config), refresh_token!, 60)]);
    expect(refusals(g.log.slice(from)) + settled.filter((s) => s.status === 'rejected').length).toBeGreaterThan(0);
  });
});
