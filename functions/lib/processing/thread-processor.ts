import { AiInvalidOutput, AiOutputTruncated, OpenAIRequestRejected } from '../ai/errors';
import { GoogleNotFound } from '../google/errors';
import type { Address, GmailClient, ParsedMessage } from '../google/gmail';
import { isConditionalFailure } from '../identity/store-errors';
import { logger, errorMessage } from '../logger';
import type { Settings } from '../settings/store';
import type { ThreadRef } from '../store/entities/job';
import { messageSummaryEntity } from '../store/entities/message-summary';
import { threadEntity, type KeyDate, type ThreadItem } from '../store/entities/thread';
import { nowIso } from '../store/keys';
import { contactsInThread, type ContactIndex } from './agency-context';
import { Transient } from './errors';
import type { QueryBounds } from './gmail-queries';
import type { ModelCaller } from './model';
import { addTrackedConversation } from './monitor-registry';
import { deriveOutreach } from './outreach-status';
import {
  DATES_SCHEMA,
  datesPrompt,
  fullThreadPrompt,
  incrementalThreadPrompt,
  mergeDates,
  messageSummaryPrompt,
  THREAD_SUMMARY_SCHEMA,
  validDates,
  type PromptMessage,
  type ThreadSummaryAnswer,
} from './prompts';

export type ThreadWork = {
  agencyName: string;
  jobId: string;
  settings: Settings;
  index: ContactIndex;
  call: ModelCaller;
  gmailFor: (mailbox: string) => Promise<GmailClient>;
  /** date_range_processing.include_full_thread false: only messages inside this window are summarised */
  window?: QueryBounds;
  onSubject?: (subject: string) => Promise<void>;
};

export type ThreadOutcome = {
  result: 'missing' | 'ignored' | 'unchanged' | 'updated';
  tokens: number;
  messages: number;
  campaigns: string[];
};

export const gmailLink = (ref: ThreadRef) => `https://mail.google.com/mail/u/${ref.mailbox}/#all/${ref.threadId}`;

const show = (a: Address | undefined) => (a ? (a.name ? `${a.name} <${a.email}>` : a.email) : '');
const toPrompt = (m: ParsedMessage): PromptMessage => ({
  from: show(m.from),
  to: [...m.to, ...m.cc].map(show).join(', '),
  date: new Date(m.internalDate).toISOString(),
  subject: m.subject,
  text: m.text || m.snippet,
});

const addressesOf = (messages: ParsedMessage[]) => {
  const out = new Set<string>();
  for (const m of messages) for (const a of [m.from, ...m.to, ...m.cc]) if (a?.email) out.add(a.email.toLowerCase());
  return out;
};

/** Date extraction is a bonus: an answer cut at its token limit or unusable keeps the dates known so far. */
const extractDates = async (call: ModelCaller, fresh: ParsedMessage[]): Promise<{ dates: KeyDate[]; tokens: number }> => {
  try {
    const answer = await call('date_validation', datesPrompt(fresh.map(toPrompt)), DATES_SCHEMA as never);
    return { dates: validDates(answer.json), tokens: answer.tokens };
  } catch (error) {
    if (error instanceof AiOutputTruncated || error instanceof AiInvalidOutput || error instanceof OpenAIRequestRejected) {
      logger.warn('date extraction skipped', { reason: error.message });
      return { dates: [], tokens: 0 };
    }
    throw error;
  }
};

/**
 * One thread: fetch it, map it to tracked contacts, summarise only its new messages, update the
 * thread summary (incrementally when allowed), extract dates, derive the outreach status and
 * save it all with one conditional write.
 */
export const processThread = async (work: ThreadWork, ref: ThreadRef): Promise<ThreadOutcome> => {
  const none = (result: ThreadOutcome['result']): ThreadOutcome => ({ result, tokens: 0, messages: 0, campaigns: [] });
  const gmail = await work.gmailFor(ref.mailbox);
  let fetched;
  try {
    fetched = await gmail.getThread(ref.threadId, 'full');
  } catch (error) {
    if (error instanceof GoogleNotFound) return none('missing');
    throw error;
  }
  const messages = fetched.messages.filter((m) => !m.labelIds.includes('DRAFT'));
  if (messages.length === 0) return none('ignored');
  const subject = messages[0]!.subject || fetched.snippet.slice(0, 80);
  await work.onSubject?.(subject);

  const participants = addressesOf(messages);
  const text = `${subject}\n${messages.map((m) => m.text.slice(0, 2_000)).join('\n')}`;
  const contacts = contactsInThread(work.index, { addresses: participants, text });
  if (contacts.length === 0) return none('ignored');

  const { agencyName } = work;
  const key = { agencyName, mailbox: ref.mailbox, threadId: ref.threadId };
  const [{ data: stored }, { data: storedSummaries }] = await Promise.all([
    threadEntity().get(key).go({ consistent: true }),
    messageSummaryEntity().query.byAgency(key).go({ pages: 'all' }),
  ]);
  const processed = new Set(stored?.processedIds ?? []);
  const window = work.window;
  const inWindow = (m: ParsedMessage) => !window || ((window.afterMs === undefined || m.internalDate >= window.afterMs) && (window.beforeMs === undefined || m.internalDate < window.beforeMs));
  const fresh = messages.filter((m) => !processed.has(m.id) && inWindow(m));
  if (fresh.length === 0) return none(stored ? 'unchanged' : 'ignored');

  let tokens = 0;
  let summarised = 0;
  const summaries = new Map(storedSummaries.map((s) => [s.messageId, s.summary]));
  const agencySide = new Set([...work.index.agencyAddresses, ref.mailbox.toLowerCase()]);
  const directionOf = (m: ParsedMessage) => (m.from && agencySide.has(m.from.email.toLowerCase()) ? 'outbound' : 'inbound') as 'inbound' | 'outbound';

  // Each new message once: its summary is saved before anything else can fail.
  for (const m of fresh) {
    if (summaries.has(m.id)) continue;
    const answer = await work.call('individual_message_summary', messageSummaryPrompt(toPrompt(m)));
    tokens += answer.tokens;
    summarised += 1;
    const summary = answer.content.trim() || m.snippet;
    summaries.set(m.id, summary);
    try {
      await messageSummaryEntity()
        .create({ ...key, messageId: m.id, from: show(m.from), sentAt: new Date(m.internalDate).toISOString(), direction: directionOf(m), summary, tokensUsed: answer.tokens, createdAt: nowIso() })
        .go({ response: 'none' });
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  const context = {
    subject,
    talents: contacts.map((c) => (c.talentName ? `${c.talentName} <${c.email}>` : c.email)),
    campaigns: [...new Set(contacts.map((c) => c.campaignId))],
  };
  const freshIds = new Set(fresh.map((m) => m.id));
  const considered = messages.filter((m) => processed.has(m.id) || freshIds.has(m.id));
  const mode = work.settings.processing_mode;
  const full = () =>
    work.call<ThreadSummaryAnswer>(
      'thread_summary',
      fullThreadPrompt(context, considered.map((m) => ({ message: toPrompt(m), ...(processed.has(m.id) ? { summary: summaries.get(m.id) ?? '' } : {}) }))),
      THREAD_SUMMARY_SCHEMA as never,
    );
  let answer: Awaited<ReturnType<typeof full>>;
  if (mode.incremental_processing_enabled && considered.length >= mode.min_messages_for_incremental && stored?.summary) {
    try {
      answer = await work.call<ThreadSummaryAnswer>(
        'thread_summary',
        incrementalThreadPrompt(context, stored.summary, fresh.map((m) => ({ message: toPrompt(m), summary: summaries.get(m.id) ?? '' }))),
        THREAD_SUMMARY_SCHEMA as never,
      );
    } catch (error) {
      if (!mode.fallback_on_error) throw error;
      logger.warn('incremental summary failed; full pass instead', { thread: ref.threadId, reason: errorMessage(error) });
      answer = await full();
    }
  } else {
    answer = await full();
  }
  tokens += answer.tokens;
  const summary = (answer.json?.summary ?? answer.content).trim();

  const found = await extractDates(work.call, fresh);
  tokens += found.tokens;
  const dates = mergeDates((stored?.dates as KeyDate[] | undefined) ?? [], found.dates);

  const directed = messages.map((m) => ({ direction: directionOf(m), at: m.internalDate }));
  const outreach = deriveOutreach(directed, answer.json?.outreach_status);
  const latest = (direction: 'inbound' | 'outbound') => {
    const at = Math.max(0, ...directed.filter((d) => d.direction === direction).map((d) => d.at));
    return at > 0 ? new Date(at).toISOString() : undefined;
  };
  const now = nowIso();
  const campaignIds = context.campaigns;
  const item = {
    ...key,
    version: (stored?.version ?? 0) + 1,
    subject,
    processedIds: [...new Set([...(stored?.processedIds ?? []), ...fresh.map((m) => m.id)])],
    summary,
    dates,
    status: outreach.status,
    whoseTurn: outreach.whoseTurn,
    ...(latest('inbound') ? { lastInboundAt: latest('inbound') } : {}),
    ...(latest('outbound') ? { lastOutboundAt: latest('outbound') } : {}),
    lastMessageAt: new Date(Math.max(...messages.map((m) => m.internalDate))).toISOString(),
    messageCount: messages.length,
    contactEmails: contacts.map((c) => c.email),
    campaignIds,
    primaryCampaignId: campaignIds[0]!,
    gmailLink: gmailLink(ref),
    tokensUsed: (stored?.tokensUsed ?? 0) + tokens,
    lastJobId: work.jobId,
    createdAt: stored?.createdAt ?? now,
    updatedAt: now,
  } satisfies Partial<ThreadItem>;
  try {
    // Optimistic concurrency: only the version we read may be replaced.
    await threadEntity()
      .put(item)
      .where((attr, op) => (stored ? op.eq(attr.version, stored.version) : op.notExists(attr.version)))
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) throw new Transient(`Thread ${ref.threadId} changed while it was processed`);
    throw error;
  }
  if (!stored) await addTrackedConversation(agencyName).catch((error: unknown) => logger.warn('tracked conversation count not updated', { error: String(error) }));
  return { result: 'updated', tokens, messages: summarised, campaigns: campaignIds };
};
