import { permitsMessage, type MailboxConsent } from '../mailboxes/consent';
import { GoogleNotFound } from '../google/errors';
import type { GmailClient, ParsedMessage } from '../google/gmail';
import { gmailThreadLink } from '../google/links';
import { isConditionalFailure } from '../identity/store-errors';
import { messages as catalogue } from '../../../shared/messages';
import { errorMessage, logger } from '../logger';
import { Transient } from '../processing/errors';
import { addTrackedConversation } from '../processing/monitor-registry';
import type { QueryBounds } from '../processing/gmail-queries';
import type { ModelCaller } from '../processing/model';
import type { Settings } from '../settings/store';
import { conversationThreadEntity, type ConversationThreadItem } from '../store/entities/conversation-thread';
import type { ThreadRef } from '../store/entities/job';
import { mailMessageEntity, type MailMessageItem } from '../store/entities/mail-message';
import { threadEntity } from '../store/entities/thread';
import { nowIso } from '../store/keys';
import { noteFailedThread } from '../processing/job-store';
import { clip, STORED_LIMITS } from '../mail/limits';
import { analyseMessage, extractDates, type DatedMessage, type Failure } from './analyse';
import { applyAttribution } from './apply-attribution';
import { trackedAddresses } from './directory';
import { fullThreadPrompt, incrementalThreadPrompt, THREAD_SUMMARY_SCHEMA, type PromptMessage, type ThreadSummaryAnswer } from './prompts';
import { agencyCurrency, agencyLocale } from './regional-settings';
import { canonicalAddress, isStaffAddress } from './rules/addresses';
import { messageSide, reachesOtherSide } from './rules/sides';
import { lastStatedCurrency } from './rules/fees';
import { fromParsed, fromStored, participantsOf } from './rule-messages';
import { getMessages, messageKeyOf, newThreadKey } from './store';
import type { AgencyDirectory } from './types';

export type ThreadWork = {
  agencyName: string;
  jobId: string;
  settings: Settings;
  directory: AgencyDirectory;
  call: ModelCaller;
  gmailFor: (mailbox: string) => Promise<GmailClient>;
  /** the mailbox owner's limits; undefined only where no consent applies (tests of the pipeline alone) */
  consent?: MailboxConsent;
  /** date_range_processing.include_full_thread false: only messages inside this window are analysed */
  window?: QueryBounds;
  onSubject?: (subject: string) => Promise<void>;
  /** where a thread that could not be processed is recorded; default: on the job (its status says so) */
  onFailure?: (failure: ThreadFailure) => Promise<void>;
};

/** A thread one job could not process, and why, in words a person can read. */
export type ThreadFailure = { ref: ThreadRef; subject: string; reason: string };

export type ThreadOutcome = {
  result: 'missing' | 'ignored' | 'unchanged' | 'updated' | 'failed';
  tokens: number;
  messages: number;
  campaigns: string[];
  /** result 'failed': why, for people */
  reason?: string;
};

export const gmailLink = (ref: ThreadRef) => gmailThreadLink(ref.mailbox, ref.threadId);

const AUTO_SUMMARY = { auto_reply: 'Automatic reply', bounce: 'Delivery failure (bounce)' } as const;

const show = (a: { name?: string; email: string } | undefined) => (a ? (a.name ? `${a.name} <${a.email}>` : a.email) : '');

/**
 * Which conversation thread a mailbox copy belongs to: the one it was filed under before; else
 * the one holding one of its messages (the same Message-ID in a colleague's mailbox); else the
 * one holding a message it replies to or references, when that message is really stored and
 * someone outside the agency takes part in both (staff are in every thread, so they prove
 * nothing: a forged References header cannot pull mail into another talent's thread); else a
 * new one.
 */
const resolveThreadKey = async (
  agencyName: string,
  ref: ThreadRef,
  messages: ParsedMessage[],
  known: Map<string, MailMessageItem>,
  directory: AgencyDirectory,
): Promise<string> => {
  const { data: pointer } = await threadEntity.get({ agencyName, mailbox: ref.mailbox, threadId: ref.threadId }).go({ attributes: ['threadKey'] });
  if (pointer?.threadKey) return pointer.threadKey;
  for (const m of messages) {
    const own = known.get(messageKeyOf(m.messageId));
    if (own) return own.threadKey;
  }
  const staff = new Set([...directory.staff].map(canonicalAddress));
  const staffDomains = [...directory.staffDomains];
  const outside = (addresses: Iterable<string>) => new Set([...addresses].map(canonicalAddress).filter((a) => a && !isStaffAddress(a, staff, staffDomains)));
  const ours = outside(participantsOf(messages.map(fromParsed)));
  for (const m of messages) {
    for (const referenced of [m.inReplyTo, ...m.references].filter((id): id is string => Boolean(id))) {
      const stored = known.get(messageKeyOf(referenced));
      if (!stored) continue;
      const theirs = outside([stored.fromEmail ?? '', ...(stored.to ?? []), ...(stored.cc ?? [])].filter(Boolean));
      if (ours.size === 0 || [...theirs].some((address) => ours.has(address))) return stored.threadKey;
    }
  }
  return newThreadKey(agencyName, messages[0]!.messageId);
};

const inWindow = (window: QueryBounds | undefined, m: ParsedMessage) =>
  !window || ((window.afterMs === undefined || m.internalDate >= window.afterMs) && (window.beforeMs === undefined || m.internalDate < window.beforeMs));

/**
 * One mailbox copy of a Gmail thread: parse it, file it under its conversation thread, analyse
 * only messages no mailbox of the agency brought before, attribute the conversation, summarise,
 * extract key dates, save, and rebuild the conversations it belongs to.
 */
const processThreadOnce = async (work: ThreadWork, ref: ThreadRef): Promise<ThreadOutcome> => {
  const none = (result: ThreadOutcome['result']): ThreadOutcome => ({ result, tokens: 0, messages: 0, campaigns: [] });
  const { agencyName, settings } = work;
  const gmail = await work.gmailFor(ref.mailbox);
  let fetched;
  try {
    fetched = await gmail.getThread(ref.threadId, 'full');
  } catch (error) {
    if (error instanceof GoogleNotFound) return none('missing');
    throw error;
  }
  // Only what the mailbox's owner agreed to share (their from/after limits) is read at all.
  const parsed = fetched.messages.filter((m) => !m.labelIds.includes('DRAFT') && (!work.consent || permitsMessage(work.consent, m)));
  if (parsed.length === 0) return none('ignored');
  const tracked = trackedAddresses(work.directory);
  if (![...participantsOf(parsed.map(fromParsed))].some((address) => tracked.has(address))) {
    const { data: pointer } = await threadEntity.get({ agencyName, mailbox: ref.mailbox, threadId: ref.threadId }).go({ attributes: ['threadKey'] });
    if (!pointer) return none('ignored');
  }
  const subject = clip(parsed[0]!.subject || fetched.snippet.slice(0, 80), STORED_LIMITS.subject);
  await work.onSubject?.(subject);

  const referenced = parsed.flatMap((m) => [m.messageId, m.inReplyTo, ...m.references]).filter((id): id is string => Boolean(id));
  const known = await getMessages(agencyName, referenced.map(messageKeyOf));
  const threadKey = await resolveThreadKey(agencyName, ref, parsed, known, work.directory);
  const { data: stored } = await conversationThreadEntity.get({ agencyName, threadKey }).go({ consistent: true });
  const storedMessages = await getMessages(agencyName, (stored?.messageKeys ?? []).filter((key) => !known.has(key)));
  for (const [key, item] of known) if (item.threadKey === threadKey) storedMessages.set(key, item);

  // Each Message-ID once: a copy the agency already holds only records this mailbox.
  const copyOf = (m: ParsedMessage) => `${ref.mailbox}|${m.id}|${ref.threadId}`;
  const fresh: ParsedMessage[] = [];
  const newCopies: ParsedMessage[] = [];
  const seenIds = new Set<string>();
  for (const m of parsed) {
    const key = messageKeyOf(m.messageId);
    if (seenIds.has(key)) continue;
    seenIds.add(key);
    const existing = known.get(key) ?? storedMessages.get(key);
    if (existing) {
      if (!(existing.copies ?? []).includes(copyOf(m))) newCopies.push(m);
    } else if (inWindow(work.window, m)) fresh.push(m);
  }

  const ruleMessages = [...[...storedMessages.values()].map(fromStored), ...fresh.map(fromParsed)].sort((a, b) => a.sentAt - b.sentAt);
  const plan = await applyAttribution.plan(work.directory, ruleMessages, stored);
  if (plan.attribution.kind === 'none' && !stored) return none('ignored');

  const sideContext = { directory: work.directory, campaignIds: plan.campaignIds };
  const talentLabel = plan.talentLabel;
  const campaignLabel = plan.campaignLabel;
  const promptOf = (m: ParsedMessage, index: number): PromptMessage => ({
    index,
    from: show(m.from),
    to: [...m.to, ...m.cc].map(show).join(', '),
    date: new Date(m.internalDate).toISOString(),
    subject: m.subject,
    side: messageSide(fromParsed(m), sideContext),
    text: m.ownText || m.text || m.snippet,
  });

  let tokens = 0;
  let analysed = 0;
  const failures: Failure[] = [];
  const currencies = { agency: agencyCurrency(settings) };
  let threadCurrency = lastStatedCurrency([...storedMessages.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt)).flatMap((m) => m.fees ?? []));
  const created: MailMessageItem[] = [];
  for (const [i, m] of fresh.entries()) {
    const rule = fromParsed(m);
    const side = messageSide(rule, sideContext);
    const base = {
      agencyName,
      messageKey: messageKeyOf(m.messageId),
      messageId: m.messageId,
      threadKey,
      copies: [copyOf(m)],
      sentAt: new Date(m.internalDate).toISOString(),
      // Every field bounded (./limits.ts; the parse already bounds the mail's own fields).
      fromEmail: m.from?.email.toLowerCase() ?? '',
      fromName: clip(m.from?.name ?? '', STORED_LIMITS.name),
      to: m.to.slice(0, STORED_LIMITS.recipients).map((a) => a.email.toLowerCase()),
      cc: m.cc.slice(0, STORED_LIMITS.recipients).map((a) => a.email.toLowerCase()),
      subject: clip(m.subject, STORED_LIMITS.subject),
      ownText: clip(m.ownText, STORED_LIMITS.ownText),
      autoReply: m.autoReply,
      side,
      toOtherSide: reachesOtherSide(rule, sideContext),
      createdAt: nowIso(),
    };
    let item: MailMessageItem;
    if (m.autoReply !== 'none') {
      item = { ...base, summary: AUTO_SUMMARY[m.autoReply], fees: [], failures: [], tokensUsed: 0 } as MailMessageItem;
    } else {
      const analysis = await analyseMessage(work.call, settings, {
        prompt: promptOf(m, i + 1),
        messageId: m.messageId,
        ownText: m.ownText,
        context: { talent: talentLabel, campaign: campaignLabel },
        currencies: { ...currencies, ...(threadCurrency ? { thread: threadCurrency } : {}) },
      });
      tokens += analysis.tokens;
      analysed += 1;
      threadCurrency = lastStatedCurrency(analysis.fees) ?? threadCurrency;
      item = {
        ...base,
        summary: clip(analysis.summary || m.snippet, STORED_LIMITS.messageSummary),
        ...(analysis.intent ? { intent: analysis.intent } : {}),
        ...(analysis.intentQuote ? { intentQuote: analysis.intentQuote } : {}),
        fees: analysis.fees,
        failures: analysis.failure ? [analysis.failure] : [],
        tokensUsed: analysis.tokens,
      } as MailMessageItem;
    }
    // Saved as soon as it is read: whatever fails later, this message is never sent to the model again.
    try {
      await mailMessageEntity.create(item).go({ response: 'none' });
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
    created.push(item);
  }
  // Sides follow the directory as it is now (a client address marked since, a contact added).
  const resided = [...storedMessages.values()].filter((m) => {
    const rule = fromStored(m);
    return messageSide(rule, sideContext) !== m.side || reachesOtherSide(rule, sideContext) !== (m.toOtherSide ?? false);
  });
  await Promise.all(
    resided.map((m) => {
      const rule = fromStored(m);
      return mailMessageEntity
        .patch({ agencyName, messageKey: m.messageKey })
        .set({ side: messageSide(rule, sideContext), toOtherSide: reachesOtherSide(rule, sideContext) })
        .go({ response: 'none' });
    }),
  );
  await Promise.all(
    newCopies.map((m) =>
      mailMessageEntity.patch({ agencyName, messageKey: messageKeyOf(m.messageId) }).add({ copies: [copyOf(m)] }).go({ response: 'none' }),
    ),
  );

  // Key dates of the new human messages, each cited to its message.
  const humanFresh = fresh.filter((m) => m.autoReply === 'none');
  const dated: DatedMessage[] = humanFresh.map((m, i) => ({
    prompt: promptOf(m, i + 1),
    messageId: m.messageId,
    ownText: m.ownText,
    fullText: m.text,
    fromEmail: m.from?.email ?? '',
    sentAt: m.internalDate,
  }));
  const found = await extractDates(work.call, settings, dated, agencyLocale(settings));
  tokens += found.tokens;
  if (found.failure) failures.push(found.failure);

  // The thread summary: incremental from the previous one when allowed, else a full pass.
  let summary = stored?.summary ?? '';
  if (humanFresh.length > 0) {
    const all = [...storedMessages.values(), ...created].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
    const freshKeys = new Set(created.map((m) => m.messageKey));
    const asPrompt = (m: MailMessageItem, index: number): PromptMessage => ({
      index,
      from: m.fromName ? `${m.fromName} <${m.fromEmail ?? ''}>` : (m.fromEmail ?? ''),
      to: [...(m.to ?? []), ...(m.cc ?? [])].join(', '),
      date: m.sentAt,
      subject: m.subject ?? '',
      side: m.side,
      text: m.ownText ?? '',
    });
    const context = { subject, talents: [talentLabel], campaigns: [campaignLabel] };
    const mode = settings.processing_mode;
    const full = () =>
      work.call<ThreadSummaryAnswer>(
        'thread_summary',
        fullThreadPrompt(context, all.map((m, i) => ({ message: asPrompt(m, i + 1), ...(freshKeys.has(m.messageKey) ? {} : { summary: m.summary ?? '' }) }))),
        THREAD_SUMMARY_SCHEMA as never,
      );
    let answer: Awaited<ReturnType<typeof full>>;
    if (mode.incremental_processing_enabled && all.length >= mode.min_messages_for_incremental && stored?.summary) {
      try {
        answer = await work.call<ThreadSummaryAnswer>(
          'thread_summary',
          incrementalThreadPrompt(context, stored.summary, created.map((m, i) => ({ message: asPrompt(m, i + 1), summary: m.summary ?? '' }))),
          THREAD_SUMMARY_SCHEMA as never,
        );
      } catch (error) {
        if (!mode.fallback_on_error) throw error;
        answer = await full();
      }
    } else answer = await full();
    tokens += answer.tokens;
    summary = clip(String(answer.json?.summary ?? answer.content).trim(), STORED_LIMITS.threadSummary) || summary;
  }

  const messageKeys = [...new Set([...(stored?.messageKeys ?? []), ...created.map((m) => m.messageKey), ...[...storedMessages.keys()]])];
  const sentAtOf = new Map([...storedMessages.values(), ...created].map((m) => [m.messageKey, m.sentAt]));
  messageKeys.sort((a, b) => (sentAtOf.get(a) ?? '').localeCompare(sentAtOf.get(b) ?? ''));
  const dateSeen = new Set<string>();
  const dates = [...(stored?.dates ?? []), ...found.dates]
    .filter((d) => {
      const id = `${d.date}|${d.kind}|${d.messageId ?? ''}`;
      return dateSeen.has(id) ? false : (dateSeen.add(id), true);
    })
    .slice(-STORED_LIMITS.datesPerThread);
  const now = nowIso();
  const copy = `${ref.mailbox}|${ref.threadId}`;
  const times = [...sentAtOf.values()].sort();
  const next: ConversationThreadItem = {
    agencyName,
    threadKey,
    version: (stored?.version ?? 0) + 1,
    subject: clip(stored?.subject || subject, STORED_LIMITS.subject),
    messageKeys,
    copies: [...new Set([...(stored?.copies ?? []), copy])].sort(),
    participants: [...participantsOf(ruleMessages)].sort().slice(0, STORED_LIMITS.participants),
    ...plan.threadFields,
    ...(stored?.assignment ? { assignment: stored.assignment } : {}),
    summary,
    summarisedKeys: messageKeys,
    dates,
    failures: [...(stored?.failures ?? []), ...failures].slice(-STORED_LIMITS.failures),
    ...(times[0] ? { firstMessageAt: times[0] } : {}),
    ...(times.at(-1) ? { lastMessageAt: times.at(-1) } : {}),
    tokensUsed: (stored?.tokensUsed ?? 0) + tokens,
    createdAt: stored?.createdAt ?? now,
    updatedAt: now,
  } as ConversationThreadItem;
  const changed = fresh.length > 0 || newCopies.length > 0 || resided.length > 0 || !stored || plan.changed || !(stored.copies ?? []).includes(copy);
  if (changed) {
    try {
      await conversationThreadEntity
        .put(next)
        .where((attr, op) => (stored ? op.eq(attr.version, stored.version) : op.notExists(attr.version)))
        .go({ response: 'none' });
    } catch (error) {
      if (isConditionalFailure(error)) throw new Transient(`Conversation thread ${threadKey} changed while it was processed`);
      throw error;
    }
  }
  const conversations = changed ? await applyAttribution.commit(agencyName, stored, next) : [];

  // The mailbox copy's own record: what this job handled, for the monitor and the job's progress.
  const primary = conversations[0];
  const { data: pointer } = await threadEntity.get({ agencyName, mailbox: ref.mailbox, threadId: ref.threadId }).go();
  await threadEntity
    .put({
      agencyName,
      mailbox: ref.mailbox,
      threadId: ref.threadId,
      threadKey,
      version: (pointer?.version ?? 0) + 1,
      subject: next.subject ?? subject,
      processedIds: [...new Set([...(pointer?.processedIds ?? []), ...parsed.filter((m) => inWindow(work.window, m)).map((m) => m.id)])],
      summary,
      ...(primary?.status ? { status: primary.status } : {}),
      ...(primary?.whoseTurn ? { whoseTurn: primary.whoseTurn } : {}),
      ...(primary?.lastInboundAt ? { lastInboundAt: primary.lastInboundAt } : {}),
      ...(primary?.lastOutboundAt ? { lastOutboundAt: primary.lastOutboundAt } : {}),
      ...(next.lastMessageAt ? { lastMessageAt: next.lastMessageAt } : {}),
      messageCount: messageKeys.length,
      contactEmails: [...new Set((next.targets ?? []).map((t) => t.contactEmail))],
      campaignIds: plan.campaignIds,
      primaryCampaignId: plan.campaignIds[0] ?? '~na',
      gmailLink: gmailLink(ref),
      tokensUsed: (pointer?.tokensUsed ?? 0) + tokens,
      lastJobId: work.jobId,
      createdAt: pointer?.createdAt ?? now,
      updatedAt: now,
    })
    .go({ response: 'none' });
  if (!pointer) await addTrackedConversation(agencyName).catch((error: unknown) => logger.warn('tracked conversation count not updated', { error: errorMessage(error) }));
  // A copy that only adds a mailbox changes no content: the campaign's status line is not asked again.
  const contentChanged = fresh.length > 0 || resided.length > 0 || plan.changed || !stored;
  return { result: changed ? 'updated' : 'unchanged', tokens, messages: analysed, campaigns: contentChanged ? plan.campaignIds : [] };
};

/* ---------- one bad thread never fails the job ---------- */

// Names the state machine retries (infra/processing.asl.json): these are thrown as they are.
const RETRIED = new Set(['RateLimited', 'UpstreamError', 'Transient']);
// About the whole job or mailbox, not this thread (key, quota, Google access): thrown as they are.
const JOB_LEVEL = new Set(['OpenAIKeyInvalid', 'QuotaExceeded', 'GoogleAuthRevoked', 'GooglePermissionDenied', 'NoGoogleGrant', 'MissingApiKey', 'NoConnectedMailbox', 'WaitTooLong']);
// AWS and network failures that pass with time: thrown as Transient, so the state machine retries.
const AWS_TRANSIENT = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionConflictException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const NETWORK_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

type ErrorLike = { name?: string; code?: string; message?: string; cause?: unknown; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };

/** The error and the ones it wraps (ElectroDB wraps the SDK's), outermost first. */
const chainOf = (error: unknown): ErrorLike[] => {
  const chain: ErrorLike[] = [];
  for (let current: unknown = error; current && typeof current === 'object' && chain.length < 5; current = (current as ErrorLike).cause) chain.push(current as ErrorLike);
  return chain;
};

const isTransientInfrastructure = (e: ErrorLike): boolean =>
  Boolean(e.$retryable) ||
  AWS_TRANSIENT.has(e.name ?? '') ||
  NETWORK_CODES.has(e.code ?? '') ||
  (e.$metadata?.httpStatusCode ?? 0) >= 500;

const reasons = catalogue.processing.threadFailedReasons;

/** Why a thread failed, for people: never the raw error (that goes to the log). */
const readableReason = (chain: ErrorLike[]): string => {
  const names = new Set(chain.map((e) => e.name ?? ''));
  const text = chain.map((e) => e.message ?? '').join(' ');
  if (/item size has exceeded|item size to update has exceeded|exceeds? the maximum (?:allowed )?(?:item )?size/i.test(text)) return reasons.tooLarge;
  if (names.has('GoogleRequestRejected')) return reasons.gmailRefused;
  if (names.has('AiRequestRejected')) return reasons.modelRefused;
  if (names.has('AiInvalidOutput') || names.has('AiOutputTruncated')) return reasons.modelUnusable;
  return reasons.unexpected;
};

const recordOnJob = (work: ThreadWork) => async (failure: ThreadFailure) =>
  noteFailedThread(work.agencyName, work.jobId, catalogue.processing.threadFailed(failure.subject || failure.ref.threadId, failure.reason));

/**
 * One mailbox copy of a Gmail thread (processThreadOnce above), so that one bad thread never
 * fails the job: an error that is neither transient (retried by the state machine) nor about the
 * whole job is logged, recorded as a failed thread with a reason a person can read (by default on
 * the job, which the status reports), and the batch goes on with the next thread.
 */
export const processThread = async (work: ThreadWork, ref: ThreadRef): Promise<ThreadOutcome> => {
  let subject = '';
  try {
    return await processThreadOnce(
      {
        ...work,
        onSubject: async (current) => {
          subject = current;
          await work.onSubject?.(current);
        },
      },
      ref,
    );
  } catch (error) {
    const chain = chainOf(error);
    const outer = chain[0] ?? {};
    if (RETRIED.has(outer.name ?? '') || JOB_LEVEL.has(outer.name ?? '')) throw error;
    if (chain.some(isTransientInfrastructure)) throw new Transient(`Thread ${ref.threadId}: ${errorMessage(error)}`.slice(0, 500));
    const reason = readableReason(chain);
    logger.warn('thread not processed', { agency: work.agencyName, jobId: work.jobId, mailbox: ref.mailbox, threadId: ref.threadId, reason, error: errorMessage(error).slice(0, 500) });
    const failure: ThreadFailure = { ref, subject: clip(subject, STORED_LIMITS.subject), reason };
    await (work.onFailure ?? recordOnJob(work))(failure);
    return { result: 'failed', tokens: 0, messages: 0, campaigns: [], reason };
  }
};
