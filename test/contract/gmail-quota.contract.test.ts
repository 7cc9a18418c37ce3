import { afterEach, describe, expect, it } from 'vitest';
import { GoogleRateLimited } from '../../functions/lib/google/errors';
import { createGmailClient } from '../../functions/lib/google/gmail';
import { createGmailQuotaLimiter, gmailQuotaConfig } from '../../functions/lib/google/gmail-quota';
import { startGoogleEmulator, type GoogleEmulator, type RequestLogEntry } from '../emulators/google/server';
import { contextFor } from './google-helpers';

/**
 * Gmail's per-user quota: the emulator enforces units per sliding minute; the adapter's
 * per-mailbox limiter must keep a long run under it. The long run uses one virtual clock for
 * the emulator and the limiter, so minutes of traffic take a second of real time.
 */
const MAYA = 'maya@brightwave-agency.com';
let g: GoogleEmulator | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

/** The largest number of units spent in any 60-second window, from the emulator's own log. */
const worstMinute = (log: RequestLogEntry[]): number => {
  const spends = log.filter((e) => e.quotaUnits).map((e) => ({ at: Date.parse(e.at), units: e.quotaUnits! }));
  let worst = 0;
  for (const start of spends) worst = Math.max(worst, spends.filter((s) => s.at >= start.at && s.at < start.at + 60_000).reduce((n, s) => n + s.units, 0));
  return worst;
};

const firstThreadId = (emu: GoogleEmulator) => emu.seed!.mailboxes.find((m) => m.email === MAYA)!.messages[0]!.threadId;

describe('Gmail quota', () => {
  it('a burst over a small per-user budget gets 429 from the emulator', async () => {
    g = await startGoogleEmulator({ port: 0, seed: 'default', quotaUnitsPerMinute: 100 });
    const { refresh_token } = await g.issueTokens(MAYA);
    // No limiter worth the name and no retries: the raw burst Gmail would see.
    const gmail = createGmailClient({
      ...contextFor(g.url, refresh_token!, { maxAttempts: 1 }),
      mailbox: MAYA,
      limiter: createGmailQuotaLimiter(gmailQuotaConfig({ GMAIL_UNITS_PER_MINUTE: '1000000' })),
    });
    const id = firstThreadId(g);
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => gmail.getThread(id, 'minimal')));
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(rejected).toHaveLength(5);
    const error = (rejected[0] as PromiseRejectedResult).reason as GoogleRateLimited;
    expect(error).toBeInstanceOf(GoogleRateLimited);
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(g.log.filter((e) => e.status === 429)).toHaveLength(5);
    expect(g.log.find((e) => e.status === 429)).toMatchObject({ operation: 'gmail.users.threads.get', user: MAYA });
  });

  it('the limiter keeps a long run under the per-user budget of every sliding minute', async () => {
    let now = Date.parse('2026-11-15T12:00:00.000Z');
    const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
    g = await startGoogleEmulator({ port: 0, seed: 'default', quotaUnitsPerMinute: 600, clock: () => now });
    const { refresh_token } = await g.issueTokens(MAYA);
    const gmail = createGmailClient({
      ...contextFor(g.url, refresh_token!, { sleep: clock.sleep, random: () => 0 }),
      mailbox: MAYA,
      limiter: createGmailQuotaLimiter(gmailQuotaConfig({ GMAIL_UNITS_PER_MINUTE: '600' }), clock),
    });
    const id = firstThreadId(g);
    const started = now;
    // 1,340 units of mixed traffic against a 600-unit minute: well over two minutes at the limit.
    for (let i = 0; i < 120; i += 1) {
      await gmail.getThread(id, 'minimal'); // 10 units
      if (i % 3 === 0) await gmail.listHistory(g.seed!.mailboxes.find((m) => m.email === MAYA)!.historyId); // 2 units
      if (i % 2 === 0) await gmail.getProfile(); // 1 unit
    }
    const spent = g.log.reduce((n, e) => n + (e.quotaUnits ?? 0), 0);
    const minutes = (now - started) / 60_000;
    const worst = worstMinute(g.log);
    console.info(`gmail quota run: ${spent} units in ${minutes.toFixed(2)} virtual minutes, worst sliding minute ${worst}/600, 429s ${g.log.filter((e) => e.status === 429).length}`);
    expect(g.log.filter((e) => e.status === 429)).toHaveLength(0);
    expect(worst).toBeLessThanOrEqual(600);
    // Not needlessly slow either: at least 85% of the budget on average.
    expect(spent / minutes).toBeGreaterThan(0.85 * 600);
  });
});
