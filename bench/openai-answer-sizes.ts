/**
 * `npx tsx bench/openai-answer-sizes.ts`: how large the product's model calls are, measured on
 * the local runtime against the OpenAI emulator (takes a few minutes; not part of `npm run bench`).
 *
 *  1. The seeded agency's whole year: all three mailboxes, every campaign and contact, one
 *     Process Range job (as `npm run score:seed` B).
 *  2. First reads: 41 new one-message talent threads in one campaign (as bench/processing.ts).
 *
 * Calls per thread depend on the job's concurrency (processing/throughput.ts, from OPENAI_TIER):
 * copies of one conversation in several mailboxes read at the same time are each analysed.
 *
 * Prints per purpose: calls per thread, the prompt estimate the limiter counts
 * (ai/tokens.ts), and the answers' lengths in completion tokens (median, p99, longest), the
 * numbers behind ai/answer-caps.ts (MEASURED_ANSWER_TOKENS), ai/thread-demand.ts (FIRST_READ)
 * and bench/openai-throughput.ts (SEEDED_YEAR).
 */
import './score-seed/env';
import { estimatePromptTokens } from '../functions/lib/ai/tokens';
import type { GoogleEmulator } from '../test/emulators/google/server';
import type { OpenAIEmulator } from '../test/emulators/openai/server';
import { seed, truth } from '../test/fixtures/seed';
import { addCampaigns, addContacts, importLonglist, processRange, startAgency, type Agency } from './score-seed/agency';
import { seedDateSpan } from './score-seed/answer-key';

const STAFF = ['maya@brightwave-agency.com', 'daniel@brightwave-agency.com', 'priya@brightwave-agency.com'] as const;
const FIRST_READ_CAMPAIGN = 'glow-serum-q1';
const FIRST_READS = 40;

type Body = { model: string; messages: { content: string }[]; response_format?: { json_schema?: { name: string; schema: Record<string, unknown> } } };
type Call = { schema: string; model: string; prompt: number; answer: number };

const callsSince = (agency: Agency, from: number): Call[] =>
  (agency.booted.runtime.emulators.openai as unknown as OpenAIEmulator).log
    .slice(from)
    .filter((e) => e.path === '/v1/chat/completions' && e.status === 200)
    .map((e) => {
      const body = e.body as Body;
      const format = body.response_format?.json_schema;
      return { schema: format?.name ?? 'text', model: body.model, prompt: estimatePromptTokens(body.messages, format ? { schema: format.schema } : undefined), answer: e.usage?.completion_tokens ?? 0 };
    });

const logLength = (agency: Agency) => (agency.booted.runtime.emulators.openai as unknown as OpenAIEmulator).log.length;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] ?? 0;

const report = (title: string, threads: number, calls: Call[]) => {
  console.log(`\n${title}: ${threads} threads, ${calls.length} model calls`);
  console.log(`${'answer schema (model)'.padEnd(40)} ${'per thread'.padStart(10)} ${'prompt mean'.padStart(11)} ${'answer median'.padStart(13)} ${'p99'.padStart(5)} ${'longest'.padStart(7)}`);
  const groups = new Map<string, Call[]>();
  for (const call of calls) {
    const name = `${call.schema} (${call.model})`;
    groups.set(name, [...(groups.get(name) ?? []), call]);
  }
  for (const [name, group] of groups) {
    const answers = group.map((c) => c.answer).sort((a, b) => a - b);
    const promptMean = group.reduce((n, c) => n + c.prompt, 0) / group.length;
    console.log(
      `${name.padEnd(40)} ${(group.length / threads).toFixed(2).padStart(10)} ${promptMean.toFixed(0).padStart(11)} ${String(quantile(answers, 0.5)).padStart(13)} ${String(quantile(answers, 0.99)).padStart(5)} ${String(answers.at(-1) ?? 0).padStart(7)}`,
    );
  }
};

const seededYear = async () => {
  const agency = await startAgency(STAFF[0], [STAFF[1], STAFF[2]]);
  try {
    await addCampaigns(agency, truth.campaigns.map((c) => c.campaign_id));
    await addContacts(agency, truth.contacts);
    await importLonglist(agency, 'holiday-glam-2026', 'Longlist');
    const from = logLength(agency);
    const job = await processRange(agency, seedDateSpan(seed), () => undefined);
    report('Seeded agency year', job.threadsCompleted ?? 0, callsSince(agency, from));
  } finally {
    await agency.booted.stop();
  }
};

const firstReads = async () => {
  const lead = truth.campaigns.find((c) => c.campaign_id === FIRST_READ_CAMPAIGN)!.lead;
  const agency = await startAgency(lead);
  try {
    await addCampaigns(agency, [FIRST_READ_CAMPAIGN]);
    const contacts = truth.contacts.filter((c) => c.campaign_id === FIRST_READ_CAMPAIGN);
    await addContacts(agency, contacts);
    const google = agency.booted.runtime.emulators.google as unknown as GoogleEmulator;
    for (let i = 0; i < FIRST_READS; i += 1) {
      const c = contacts[i % contacts.length]!;
      const n = i + 1;
      const body = `Hi! Thanks for the Glow Serum brief (request ${n}). My fee is $${1_000 + n * 10} for one reel and two stories, usage 30 days. I can post on 2026-04-${String(1 + (n % 27)).padStart(2, '0')} and send the draft a week before. Let me know if that works!`;
      const date = new Date(Date.parse('2026-03-02T09:00:00Z') + (i % 5) * 86_400_000 + i * 60_000);
      google.addMessage({ mailbox: lead, from: `${c.talent_name} <${c.email}>`, to: [lead], subject: `Glow Serum collab #${n}`, body, date });
    }
    const from = logLength(agency);
    const job = await processRange(agency, { start_date: '2026-03-02', end_date: '2026-03-07' }, () => undefined);
    report('First reads of one-message threads', job.threadsCompleted ?? 0, callsSince(agency, from));
  } finally {
    await agency.booted.stop();
  }
};

await seededYear();
await firstReads();
