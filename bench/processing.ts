/**
 * Processing benchmark: `npx tsx bench/processing.ts` (or `npm run bench`).
 *
 * Runs the real local runtime (same ASL, same handlers) against the emulators with realistic
 * latencies (Gmail 50 ms per call, OpenAI 300 ms per completion) on the seeded mailbox, and
 * prints: threads per minute against the per-user Gmail quota bound, model tokens per thread
 * for a first run and for an incremental run (one new message per thread, found by the
 * monitor), Gmail quota units per thread and sheet writes per job. Numbers, not pass/fail.
 */
import { GMAIL_USER_UNITS_PER_MINUTE } from '../functions/lib/google/gmail-quota';
import { monitorRegistryEntity } from '../functions/lib/store/entities/monitor-registry';
import { threadEntity, type ThreadItem } from '../functions/lib/store/entities/thread';
import type { GoogleEmulator } from '../test/emulators/google/server';
import { LOCAL_OPENAI_KEY } from '../test/emulators/openai/keys';
import type { OpenAIEmulator } from '../test/emulators/openai/server';
import { truth } from '../test/fixtures/seed';
import { boot } from '../test/integration/harness';
import { createAgency, signIn } from '../test/integration/identity-helpers';

const CAMPAIGN = 'glow-serum-q1';
const RANGE = { start_date: '2026-01-05', end_date: '2026-02-20' };
const GMAIL_LATENCY_MS = 50;
const OPENAI_LATENCY_MS = 300;
const INCREMENTAL_THREADS = 6;

type Window = { gmail: number; ai: number };

export const runProcessingBench = async (): Promise<void> => {
  const booted = await boot({ retryIntervalMs: 50 });
  const google = booted.runtime.emulators.google as unknown as GoogleEmulator;
  const openai = booted.runtime.emulators.openai as unknown as OpenAIEmulator;
  try {
    const owner = truth.campaigns.find((c) => c.campaign_id === CAMPAIGN)!.lead;
    const staff = await signIn(booted.runtime, owner);
    const { agency } = await createAgency(staff, truth.agency.name);
    await staff.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    const { lead: _lead, support: _support, ...campaign } = truth.campaigns.find((c) => c.campaign_id === CAMPAIGN)!;
    await staff.api.post('/api/campaigns/add', campaign);
    await booted.runtime.settleAsync();
    for (const c of truth.contacts.filter((contact) => contact.campaign_id === CAMPAIGN)) {
      await staff.api.post('/api/campaigns/contacts/add', { email: c.email, talent_name: c.talent_name, email_owner: c.email_owner, campaign_id: c.campaign_id });
    }
    google.setLatency(GMAIL_LATENCY_MS);
    openai.setLatency(OPENAI_LATENCY_MS);

    const mark = (): Window => ({ gmail: google.log.length, ai: openai.log.length });
    const measure = (from: Window, ms: number, threads: number) => {
      const gmail = google.log.slice(from.gmail);
      const ai = openai.log.slice(from.ai).filter((e) => e.path === '/v1/chat/completions' && e.status === 200);
      const units = gmail.filter((e) => e.api === 'gmail').reduce((sum, e) => sum + (e.quotaUnits ?? 0), 0);
      const tokens = ai.reduce((sum, e) => sum + (e.usage?.total_tokens ?? 0), 0);
      const sheetWrites = gmail.filter((e) => /values\.(batchUpdate|append|update)$/.test(e.operation) && e.status === 200).length;
      return {
        seconds: ms / 1000,
        threads,
        threadsPerMinute: threads / (ms / 60_000),
        completions: ai.length,
        tokensPerThread: threads ? tokens / threads : 0,
        gmailUnitsPerThread: threads ? units / threads : 0,
        quotaBoundThreadsPerMinute: units ? GMAIL_USER_UNITS_PER_MINUTE / (units / threads) : Infinity,
        sheetWrites,
      };
    };
    const runJob = async (start: () => Promise<unknown>) => {
      const from = mark();
      const t0 = performance.now();
      await start();
      await booted.runtime.engine.settle();
      const status = (await staff.api.get<{ progress: { threads_completed: number } | null; status?: string }>('/api/v3/status')).body;
      return measure(from, performance.now() - t0, status.progress?.threads_completed ?? 0);
    };

    const first = await runJob(() => staff.api.post('/api/v3/process/interval', RANGE));
    const again = await runJob(() => staff.api.post('/api/v3/process/interval', RANGE));

    // Incremental: one new talent reply in a few stored threads, found by the monitor.
    const threads = ((await threadEntity().query.byAgency({ agencyName: agency.name }).go({ pages: 'all' })).data as ThreadItem[])
      .filter((t) => (t.messageCount ?? 0) >= 3)
      .slice(0, INCREMENTAL_THREADS);
    const due = () => monitorRegistryEntity().patch({ agencyName: agency.name }).set({ nextCheckAt: new Date(Date.now() - 1000).toISOString() }).go();
    await due();
    await booted.runtime.runMonitorTick(); // baseline: stores each mailbox's historyId
    for (const t of threads) {
      google.addMessage({ mailbox: t.mailbox, threadId: t.threadId, from: t.contactEmails![0]!, to: [t.mailbox], subject: `Re: ${t.subject}`, body: 'Thanks! Happy with the brief, can we post on 2026-12-03 instead?' });
    }
    await due();
    const incremental = await runJob(() => booted.runtime.runMonitorTick());

    const row = (name: string, m: ReturnType<typeof measure>) =>
      `${name.padEnd(22)} ${String(m.threads).padStart(7)} ${m.seconds.toFixed(1).padStart(7)} ${m.threadsPerMinute.toFixed(1).padStart(10)} ${m.quotaBoundThreadsPerMinute.toFixed(0).padStart(12)} ${m.gmailUnitsPerThread.toFixed(1).padStart(11)} ${String(m.completions).padStart(6)} ${m.tokensPerThread.toFixed(0).padStart(13)} ${String(m.sheetWrites).padStart(12)}`;
    console.log(`latencies: Gmail ${GMAIL_LATENCY_MS} ms, OpenAI ${OPENAI_LATENCY_MS} ms; Map concurrency 2; Gmail quota ${GMAIL_USER_UNITS_PER_MINUTE} units/user/minute`);
    console.log(`${'run'.padEnd(22)} ${'threads'.padStart(7)} ${'seconds'.padStart(7)} ${'threads/min'.padStart(10)} ${'quota bound'.padStart(12)} ${'units/thread'.padStart(11)} ${'calls'.padStart(6)} ${'tokens/thread'.padStart(13)} ${'sheet writes'.padStart(12)}`);
    console.log(row('first run (date range)', first));
    console.log(row('same range again', again));
    console.log(row(`monitor, +1 msg x ${threads.length}`, incremental));
    console.log(
      'quota bound = threads/min one mailbox could sustain if Gmail quota were the only limit; sheet writes = values.batchUpdate/append calls (outreach tracker + campaigns tracker).',
    );
  } finally {
    await booted.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runProcessingBench();
}
