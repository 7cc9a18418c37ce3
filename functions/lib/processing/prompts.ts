import type { ChatMessage } from '../ai/openai';
import { OUTREACH_STATUSES, type KeyDate } from '../store/entities/thread';

/**
 * What the product asks the model, per purpose. Message text goes to the model once: when its
 * message is new. Later passes use the stored per-message summaries and the previous summary.
 */
const MESSAGE_TEXT_MAX = 6_000;

/** The reply itself, without the quoted history below it (which was summarised already). */
export const stripQuoted = (text: string): string => {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (/^On .{4,200}wrote:\s*$/.test(line.trim()) || /^-{2,}\s*Original Message\s*-{2,}/i.test(line.trim())) break;
    if (line.trimStart().startsWith('>')) continue;
    out.push(line);
  }
  return out.join('\n').trim().slice(0, MESSAGE_TEXT_MAX);
};

export type PromptMessage = { from: string; to: string; date: string; subject: string; text: string };

const header = (m: PromptMessage) => `From: ${m.from}\nTo: ${m.to}\nDate: ${m.date}\nSubject: ${m.subject}`;

export const messageSummaryPrompt = (m: PromptMessage): ChatMessage[] => [
  {
    role: 'system',
    content:
      'You summarise one e-mail of an influencer-marketing agency\'s outreach to talent. In one or two short sentences say who asks or offers what: rates, deliverables, dates, decisions. No greeting, no preamble.',
  },
  { role: 'user', content: `${header(m)}\n\n${stripQuoted(m.text)}` },
];

export const THREAD_SUMMARY_SCHEMA = {
  name: 'thread_summary',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['summary', 'outreach_status', 'next_step'],
    properties: {
      summary: { type: 'string', description: 'Where the outreach stands: offer, rates, deliverables, dates, decisions.' },
      outreach_status: { type: 'string', enum: [...OUTREACH_STATUSES] },
      next_step: { type: 'string', description: 'Who must do what next, in one sentence.' },
    },
  },
} as const;

export type ThreadSummaryAnswer = { summary: string; outreach_status: string; next_step: string };

export type SummaryContext = { subject: string; talents: string[]; campaigns: string[] };

const contextLines = (c: SummaryContext) =>
  [`Subject: ${c.subject}`, c.talents.length ? `Talent: ${c.talents.join(', ')}` : '', c.campaigns.length ? `Campaign: ${c.campaigns.join(', ')}` : '']
    .filter(Boolean)
    .join('\n');

const THREAD_SYSTEM =
  'You track an influencer-marketing agency\'s outreach to talent. Summarise the e-mail thread for the agency in a short paragraph: the offer, rates, deliverables, agreed or proposed dates and where the conversation stands. Classify outreach_status as awaiting_reply (no answer from the talent side yet), replied, negotiating (rates or terms under discussion), confirmed (agreed) or declined.';

/** Full pass: each message either as its full text (new) or as its stored summary (already seen). */
export const fullThreadPrompt = (context: SummaryContext, items: { message: PromptMessage; summary?: string }[]): ChatMessage[] => [
  { role: 'system', content: THREAD_SYSTEM },
  {
    role: 'user',
    content: `${contextLines(context)}\n\nMessages, oldest first:\n\n${items
      .map(({ message, summary }, i) =>
        summary !== undefined
          ? `[${i + 1}] From: ${message.from} | ${message.date}\n(summary) ${summary}`
          : `[${i + 1}] From: ${message.from} | ${message.date}\n${stripQuoted(message.text)}`,
      )
      .join('\n\n')}`,
  },
];

/** Incremental pass: the previous summary plus the summaries of the new messages only. */
export const incrementalThreadPrompt = (context: SummaryContext, previous: string, added: { message: PromptMessage; summary: string }[]): ChatMessage[] => [
  { role: 'system', content: `${THREAD_SYSTEM} Update the previous summary with the new messages; keep what still holds.` },
  {
    role: 'user',
    content: `${contextLines(context)}\n\nPrevious summary:\n${previous}\n\nNew messages, oldest first:\n\n${added
      .map(({ message, summary }, i) => `[${i + 1}] From: ${message.from} | ${message.date}\n${summary}`)
      .join('\n\n')}`,
  },
];

export const DATE_KINDS = ['proposed_posting', 'confirmed_posting', 'go_live', 'deadline', 'other'] as const;
export const MAX_DATES_PER_CALL = 4;

export const DATES_SCHEMA = {
  name: 'key_dates',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['dates'],
    properties: {
      dates: {
        type: 'array',
        maxItems: MAX_DATES_PER_CALL,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['date', 'kind', 'source_sentence'],
          properties: {
            date: { type: 'string', description: 'YYYY-MM-DD' },
            kind: { type: 'string', enum: [...DATE_KINDS] },
            source_sentence: { type: 'string', description: 'The sentence the date comes from, shortened.' },
          },
        },
      },
    },
  },
} as const;

export const datesPrompt = (messages: PromptMessage[]): ChatMessage[] => [
  {
    role: 'system',
    content: `List at most ${MAX_DATES_PER_CALL} dates that matter for the campaign in these e-mails: proposed or confirmed posting dates, go-live dates and deadlines. Not the e-mails' own sent dates. Each as YYYY-MM-DD with its kind and a short source sentence.`,
  },
  { role: 'user', content: messages.map((m) => `${header(m)}\n\n${stripQuoted(m.text)}`).join('\n\n---\n\n') },
];

/** Model dates, kept only when they are real calendar days. */
export const validDates = (answer: unknown): KeyDate[] => {
  const list = (answer as { dates?: unknown })?.dates;
  if (!Array.isArray(list)) return [];
  return list
    .filter((d): d is KeyDate => typeof d?.date === 'string' && typeof d?.kind === 'string')
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date) && new Date(`${d.date}T00:00:00Z`).toISOString().startsWith(d.date))
    .map((d) => ({ date: d.date, kind: d.kind, source_sentence: String(d.source_sentence ?? '').slice(0, 300) }));
};

export const mergeDates = (previous: KeyDate[], added: KeyDate[]): KeyDate[] => {
  const byKey = new Map(previous.map((d) => [`${d.date}|${d.kind}`, d]));
  for (const d of added) byKey.set(`${d.date}|${d.kind}`, d);
  return [...byKey.values()].sort((a, b) => a.date.localeCompare(b.date)).slice(-20);
};

export const campaignAggregationPrompt = (
  campaign: { name: string; id: string },
  rows: { talent: string; status: string; whoseTurn: string; summary: string }[],
): ChatMessage[] => [
  {
    role: 'system',
    content: 'Write a short status of an influencer-marketing campaign\'s outreach for the agency (three sentences at most): how many talents confirmed, are negotiating or declined, and what is waiting on the agency.',
  },
  {
    role: 'user',
    content: `Campaign: ${campaign.name} (${campaign.id})\n\n${rows
      .map((r) => `- ${r.talent}: ${r.status}, ${r.whoseTurn === 'agency' ? "agency's turn" : "talent's turn"}. ${r.summary.slice(0, 300)}`)
      .join('\n')}`,
  },
];
