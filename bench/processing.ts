/**
 * Processing benchmark: `npx tsx bench/processing.ts` (or `npm run bench`).
 *
 * Runs the real local runtime (same ASL, same handlers, the shared limiters in dynalite) against
 * the emulators, the OpenAI emulator enforcing a tier-1 key (500 requests/min, 200,000
 * tokens/min, counted at admission as prompt + max tokens) and the product configured for the
 * same tier. Fresh one-message talent threads are added to the seeded mailboxes for each run, so
 * every run does the full work of a first read.
 *
 * Prints, from the emulators' logs: threads/min at 1 s and at 300 ms model latency against each
 * bound (Gmail per-user quota, the OpenAI tier's RPM and TPM, the job's threads in flight = Lambda
 * concurrency), the binding one named and the fraction reached; Gmail quota units, model calls
 * and tokens per thread for a first run, an unchanged re-run and one new message. Numbers, not
 * pass/fail.
 */
import { GMAIL_USER_UNITS_PER_MINUTE } from '../functions/lib/google/gmail-quota';
import { OPENAI_TIERS } from '../functions/lib/limits/openai-limits';
import { PARALLEL_LANES, THREADS_IN_FLIGHT, THREADS_IN_FLIGHT_PER_JOB } from '../functions/lib/processing/throughput';
import { monitorRegistryEntity } from '../functions/lib/store/entities/monitor-registry';
import type { GoogleEmulator } from '../test/emulators/google/server';
import { LOCAL_OPENAI_KEY } from '../test/emulators/openai/keys';
import type { OpenAIEmulator } from '../test/emulators/openai/server';
import { truth } from '../test/fixtures/seed';
import { boot } from '../test/integration/harness';
import { createAgency, signIn } from '../test/integration/identity-helpers';

const CAMPAIGN = 'glow-serum-q1';
const GMAIL_LATENCY_MS = 50;
const TIER = 1;
/** threads per throughput run: > a minute of work at the tier-1 bound (~40 threads/min) */
const THREADS_PER_RUN = Number(process.env.BENCH_THREADS ?? 50);
const NEW_MESSAGE_THREADS = 6;

type Mark = { gmail: number; ai: number };
type Measure = {
  seconds: number;
  threads: number;
  threadsPerMinute: number;
  calls: number;
  refused: number;
  /** answers that used their whole cap (cut at 'length': asked again, see model.ts / analyse.ts) */
  cut: number;
  tokensUsed: number;
  tokensAdmitted: number;
  gmailUnits: number;
  sheetWrites: number;
};

const per = (n: number, threads: number) => (threads ? n / threads : 0);

export const runProcessingBench = async (): Promise<void> => {
  // The product paces itself to the tier the emulator enforces.
  process.env.OPENAI_TIER = String(TIER);
  const limits = OPENAI_TIERS[TIER]!;
  const booted = await boot({ retryIntervalMs: 50 });
  const google = booted.runtime.emulators.google as unknown as GoogleEmulator;
  const openai = booted.runtime.emulators.openai as unknown as OpenAIEmulator;
  try {
    const lead = truth.campaigns.find((c) => c.campaign_id === CAMPAIGN)!.lead;
    const staff = await signIn(booted.runtime, lead);
    const { agency } = await createAgency(staff, truth.agency.name);
    await staff.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    const { lead: _lead, support: _support, ...campaign } = truth.campaigns.find((c) => c.campaign_id === CAMPAIGN)!;
    await staff.api.post('/api/campaigns/add', campaign);
    await booted.runtime.settleAsync();
    const contacts = truth.contacts.filter((contact) => contact.campaign_id === CAMPAIGN);
    for (const c of contacts) {
      await staff.api.post('/api/campaigns/contacts/add', { email: c.email, talent_name: c.talent_name, email_owner: c.email_owner, campaign_id: c.campaign_id });
    }
    google.setLatency(GMAIL_LATENCY_MS);
    openai.setRateLimits(limits);

    const mark = (): Mark => ({ gmail: google.log.length, ai: openai.log.length });
    const measure = (from: Mark, ms: number, threads: number): Measure => {
      const gmail = google.log.slice(from.gmail);
      const chats = openai.log.slice(from.ai).filter((e) => e.path === '/v1/chat/completions');
      const ok = chats.filter((e) => e.status === 200);
      return {
        seconds: ms / 1000,
        threads,
        threadsPerMinute: threads / (ms / 60_000),
        calls: ok.length,
        refused: chats.filter((e) => e.status === 429).length,
        cut: ok.filter((e) => {
          const body = e.body as { max_completion_tokens?: number; max_tokens?: number };
          const cap = body.max_completion_tokens ?? body.max_tokens;
          return cap !== undefined && (e.usage?.completion_tokens ?? 0) >= cap;
        }).length,
        tokensUsed: ok.reduce((sum, e) => sum + (e.usage?.total_tokens ?? 0), 0),
        tokensAdmitted: ok.reduce((sum, e) => sum + (e.admittedTokens ?? 0), 0),
        gmailUnits: gmail.filter((e) => e.api === 'gmail').reduce((sum, e) => sum + (e.quotaUnits ?? 0), 0),
        sheetWrites: gmail.filter((e) => /values\.(batchUpdate|append|update)$/.test(e.operation) && e.status === 200).length,
      };
    };
    const runJob = async (start: () => Promise<unknown>, threads: number) => {
      const from = mark();
      const t0 = performance.now();
      await start();
      await booted.runtime.engine.settle();
      return measure(from, performance.now() - t0, threads);
    };

    /** `count` new one-message threads from campaign talents to the lead's (connected) mailbox, dated inside [start, start + 5 days). */
    let serial = 0;
    const addThreads = (start: string, count: number) => {
      const added: { mailbox: string; threadId: string; from: string; subject: string }[] = [];
      for (let i = 0; i < count; i += 1) {
        const c = contacts[i % contacts.length]!;
        serial += 1;
        const date = new Date(Date.parse(`${start}T09:00:00Z`) + (i % 5) * 86_400_000 + i * 60_000);
        const subject = `Glow Serum collab #${serial}`;
        const body = `Hi! Thanks for the Glow Serum brief (request ${serial}). My fee is $${1_000 + serial * 10} for one reel and two stories, usage 30 days. I can post on 2026-04-${String(1 + (serial % 27)).padStart(2, '0')} and send the draft a week before. Let me know if that works!`;
        const { threadId } = google.addMessage({ mailbox: lead, from: `${c.talent_name} <${c.email}>`, to: [lead], subject, body, date });
        added.push({ mailbox: lead, threadId, from: c.email, subject });
      }
      return added;
    };
    const rangeOf = (start: string) => ({ start_date: start, end_date: new Date(Date.parse(start) + 5 * 86_400_000).toISOString().slice(0, 10) });

    // 1 s per model call: first run, unchanged re-run, one new message.
    openai.setLatency(1_000);
    const slowThreads = addThreads('2026-03-02', THREADS_PER_RUN);
    const slow = await runJob(() => staff.api.post('/api/v3/process/interval', rangeOf('2026-03-02')), slowThreads.length);
    const again = await runJob(() => staff.api.post('/api/v3/process/interval', rangeOf('2026-03-02')), slowThreads.length);

    const due = () => monitorRegistryEntity.patch({ agencyName: agency.name }).set({ nextCheckAt: new Date(Date.now() - 1000).toISOString() }).go();
    await due();
    await booted.runtime.runMonitorTick(); // baseline: stores each mailbox's historyId
    const replied = slowThreads.slice(0, NEW_MESSAGE_THREADS);
    for (const t of replied) {
      google.addMessage({ mailbox: t.mailbox, threadId: t.threadId, from: t.from, to: [t.mailbox], subject: `Re: ${t.subject}`, body: 'Quick update: can we move the post to 2026-05-03? Fee unchanged.' });
    }
    await due();
    const oneNew = await runJob(() => booted.runtime.runMonitorTick(), replied.length);

    // 300 ms per model call: a fresh set of threads.
    openai.setLatency(300);
    const fastThreads = addThreads('2026-03-16', THREADS_PER_RUN);
    const fast = await runJob(() => staff.api.post('/api/v3/process/interval', rangeOf('2026-03-16')), fastThreads.length);

    const mailboxes = new Set(slowThreads.map((t) => t.mailbox)).size;
    const bounds = (m: Measure, latencyMs: number) => {
      const callsPerThread = per(m.calls, m.threads);
      // a thread's model calls run one after another; Gmail and DynamoDB add about a second
      const secondsPerThread = (callsPerThread * latencyMs) / 1000 + 1;
      const list = [
        { name: `Gmail quota (${GMAIL_USER_UNITS_PER_MINUTE.toLocaleString('en-US')} units/user/min x ${mailboxes} mailboxes)`, perMinute: (GMAIL_USER_UNITS_PER_MINUTE * mailboxes) / per(m.gmailUnits, m.threads) },
        { name: `OpenAI tier ${TIER} RPM (${limits.requestsPerMinute})`, perMinute: limits.requestsPerMinute / callsPerThread },
        { name: `OpenAI tier ${TIER} TPM (${limits.tokensPerMinute.toLocaleString('en-US')}, admitted)`, perMinute: limits.tokensPerMinute / per(m.tokensAdmitted, m.threads) },
        { name: `Lambda concurrency (${PARALLEL_LANES} lanes x ${THREADS_IN_FLIGHT} threads, ~${secondsPerThread.toFixed(1)} s/thread)`, perMinute: (THREADS_IN_FLIGHT_PER_JOB * 60) / secondsPerThread },
      ];
      const binding = list.reduce((a, b) => (b.perMinute < a.perMinute ? b : a));
      return { list, binding };
    };

    const f1 = (n: number) => n.toFixed(1);
    console.log(`Gmail ${GMAIL_LATENCY_MS} ms per call; OpenAI emulator enforcing tier ${TIER} (${limits.requestsPerMinute} RPM, ${limits.tokensPerMinute.toLocaleString('en-US')} TPM, admission = prompt + max tokens); product OPENAI_TIER=${TIER}`);
    for (const [label, m, latency] of [
      ['1 s model latency', slow, 1_000],
      ['300 ms model latency', fast, 300],
    ] as const) {
      const { list, binding } = bounds(m, latency);
      console.log(`\n${label}: ${m.threads} threads in ${f1(m.seconds)} s = ${f1(m.threadsPerMinute)} threads/min (${m.calls} calls, ${m.cut} cut at their cap and asked again, ${m.refused} answered 429)`);
      for (const b of list) console.log(`  bound ${b.name.padEnd(62)} ${f1(b.perMinute).padStart(8)} threads/min${b === binding ? '  <- binding' : ''}`);
      console.log(`  reached ${((100 * m.threadsPerMinute) / binding.perMinute).toFixed(0)} % of the binding bound (${binding.name})`);
    }

    const row = (name: string, m: Measure) =>
      `${name.padEnd(28)} ${String(m.threads).padStart(7)} ${f1(per(m.gmailUnits, m.threads)).padStart(12)} ${f1(per(m.calls, m.threads)).padStart(12)} ${per(m.tokensUsed, m.threads).toFixed(0).padStart(12)} ${per(m.tokensAdmitted, m.threads).toFixed(0).padStart(15)} ${String(m.sheetWrites).padStart(12)}`;
    console.log(`\n${'per thread'.padEnd(28)} ${'threads'.padStart(7)} ${'Gmail units'.padStart(12)} ${'model calls'.padStart(12)} ${'tokens used'.padStart(12)} ${'tokens admitted'.padStart(15)} ${'sheet writes'.padStart(12)}`);
    console.log(row('first run (1 s latency)', slow));
    console.log(row('first run (300 ms latency)', fast));
    console.log(row('unchanged re-run', again));
    console.log(row(`one new message (x ${replied.length})`, oneNew));
    console.log('threads = threads listed in the range (the re-run lists the same threads); tokens admitted = what the rate limit counts (prompt estimate + max tokens); sheet writes are per job, not per thread.');
  } finally {
    await booted.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runProcessingBench();
}
