/**
 * Gmail push latency: `npx tsx bench/push-latency.ts` (or `npm run bench`).
 *
 * The real local runtime with Gmail push wired through the Google emulator and the 2-minute check
 * switched off: 20 replies injected one after another, each from a tracked talent, timed from the
 * emulator's insert to the thread showing in `GET /api/v3/conversations` (a Pub/Sub push, the
 * PushCheck, a monitor job, the model). Prints p50 and p90; the goal is p90 ≤ 15 s.
 */
import type { ConversationListResponse } from '../shared/schemas/conversations';
import type { GoogleEmulator } from '../test/emulators/google/server';
import { LOCAL_OPENAI_KEY } from '../test/emulators/openai/keys';
import { truth } from '../test/fixtures/seed';
import { boot } from '../test/integration/harness';
import { createAgency, signIn } from '../test/integration/identity-helpers';

const MESSAGES = Number(process.env.BENCH_PUSH_MESSAGES ?? 20);
const GOAL_P90_MS = 15_000;
const GIVE_UP_MS = 120_000;
const CAMPAIGN = truth.campaigns[0]!;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const runPushLatencyBench = async (): Promise<boolean> => {
  let ticks = 0;
  const booted = await boot({
    push: true,
    wrapTask: (taskId, run) => async (input) => {
      if (taskId === 'MonitorTick') ticks += 1;
      return run(input);
    },
  });
  const google = booted.runtime.emulators.google as unknown as GoogleEmulator;
  try {
    const owner = CAMPAIGN.lead;
    const staff = await signIn(booted.runtime, owner);
    await createAgency(staff, truth.agency.name);
    await staff.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    const { lead: _lead, support: _support, ...fields } = CAMPAIGN;
    await staff.api.post('/api/campaigns/add', fields);
    await booted.runtime.settleAsync();
    const contacts = truth.contacts.filter((c) => c.campaign_id === CAMPAIGN.campaign_id);
    for (const c of contacts) {
      await staff.api.post('/api/campaigns/contacts/add', { email: c.email, talent_name: c.talent_name, email_owner: c.email_owner, campaign_id: c.campaign_id });
    }
    if (!google.pubsub.watches.has(owner)) throw new Error('the mailbox is not watched: push is not wired');

    const visible = async (contactEmail: string, threadId: string) => {
      const list = await staff.api.get<ConversationListResponse>(`/api/v3/conversations?contact_email=${encodeURIComponent(contactEmail)}&limit=100`);
      return list.body.items?.some((c) => c.threads.some((t) => t.thread_id === threadId)) ?? false;
    };
    const latencies: number[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      const contact = contacts[i % contacts.length]!;
      const injected = performance.now();
      const added = google.addMessage({ mailbox: owner, from: `${contact.talent_name} <${contact.email}>`, to: [owner], subject: `Availability ${i + 1}`, body: `Hi, I can do the posting on the ${i + 3}th. Thanks!` });
      while (!(await visible(contact.email, added.threadId))) {
        if (performance.now() - injected > GIVE_UP_MS) throw new Error(`message ${i + 1} not visible after ${GIVE_UP_MS / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      latencies.push(performance.now() - injected);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p90 = percentile(sorted, 90);
    const deliveries = google.pubsub.deliveries;
    console.log(`push latency (new mail → GET /api/v3/conversations), ${MESSAGES} messages, 2-minute check off (${ticks} ticks ran):`);
    console.log(`  p50 ${(p50 / 1000).toFixed(2)} s, p90 ${(p90 / 1000).toFixed(2)} s, max ${(sorted.at(-1)! / 1000).toFixed(2)} s (goal p90 ≤ ${GOAL_P90_MS / 1000} s: ${p90 <= GOAL_P90_MS ? 'met' : 'MISSED'})`);
    console.log(`  Pub/Sub deliveries ${deliveries.length}, acknowledged ${deliveries.filter((d) => d.acked).length}, redelivered ${deliveries.filter((d) => d.attempts > 1).length}`);
    return ticks === 0;
  } finally {
    await booted.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.exit((await runPushLatencyBench()) ? 0 : 1);
}
