import { deriveStatusWithReasons, type DealTerms, type StatusEvent } from '../../../shared/conversation-status';
import type { AttributionReason, ConversationStatus } from '../../../shared/schemas/conversations';
import { Conflict } from '../http/errors';
import { isConditionalFailure } from '../store/conditional-write';
import type { ConversationThreadItem } from '../store/entities/conversation-thread';
import { conversationChangeEntity } from '../store/entities/conversation-change';
import { conversationEntity, NEEDS_ASSIGNMENT_SEGMENT, type ConversationItem } from '../store/entities/conversation';
import type { MailMessageItem } from '../store/entities/mail-message';
import { markSheetBehind } from '../processing/sheet-behind';
import { epochSeconds, nowIso } from '../store/keys';
import { conversationId, getMessages, getThreads, needsAssignmentId } from './store';
import { agreedOnlyAsAgencyStated, latestFee } from './rules/fees';
import { campaignEntity, type CampaignItem } from '../store/entities/campaign';
import { clip, STORED_LIMITS } from '../mail/limits';
import { Transient } from '../tasks/transient';
import { raisePulse } from '../store/pulse';
import { projectBoardRow } from './board/project';

/**
 * A rebuild that lost every write race: others rebuilt the conversation meanwhile, each from a
 * read after any change this caller had stored (their writes are conditional on the version they
 * read). A task retries it (Transient); a person's correction is already in what they stored.
 */
export class ConversationContended extends Transient {}

/**
 * Attaching a thread lost every race (the item created and removed around it): unlike a contended
 * rebuild, nothing shows the thread yet. A task retries it (Transient); a person's edit answers 409.
 */
export class ThreadNotAttached extends Transient {}

/**
 * A person's edit (a correction, an assignment) that lost every write race: 409, and their retry
 * reads what the others wrote. Never a 500: the edit is safe to send again.
 */
export const conversationChanged = (): Conflict => new Conflict('Someone else changed this conversation at the same moment. Please try again.');

/**
 * One conversation item rebuilt from the threads attributed to it, their messages (each
 * Message-ID once, whatever mailboxes hold it) and a person's corrections. Optimistic: the
 * write is conditional on the version read, and attaching a thread bumps that version, so a
 * rebuild that raced with new mail runs again rather than losing it.
 */
type Key = { agencyName: string; campaignId: string; subjectKey: string };

const REASON_RANK: Record<Exclude<AttributionReason, 'none'>, number> = { talent_address: 4, assigned: 3, manager_named: 2, manager_only: 1 };
const CHANGE_TTL_SECONDS = 30 * 24 * 3600;
const MAX_ATTEMPTS = 8;
/** a thread subject kept per mailbox copy: enough to name a Gmail link, bounded by the copies' count */
const COPY_SUBJECT_MAX = 150;

const conversationKey = (agencyName: string, campaignId: string, subjectKey: string): Key => ({ agencyName, campaignId, subjectKey });

/** Adds a thread to a conversation (creating the item at "Not contacted" if it has none yet). */
export const attachThread = async (agencyName: string, campaignId: string, subjectKey: string, threadKey: string): Promise<void> => {
  const key = conversationKey(agencyName, campaignId, subjectKey);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    try {
      await conversationEntity.patch(key).add({ threadKeys: [threadKey], version: 1 }).set({ updatedAt: nowIso() }).go({ response: 'none' });
      return;
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
    try {
      await conversationEntity
        .create({ ...key, version: 1, threadKeys: [threadKey], status: 'not_contacted', updatedAt: nowIso() })
        .go({ response: 'none' });
      return;
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }
  throw new ThreadNotAttached(`thread ${threadKey} could not be attached to ${campaignId}:${subjectKey}`);
};

type TargetReason = { reason: Exclude<AttributionReason, 'none'>; campaignConfirmed: boolean; evidence?: string };

const targetsFor = (thread: ConversationThreadItem, key: Key): TargetReason[] =>
  key.campaignId === NEEDS_ASSIGNMENT_SEGMENT
    ? thread.needsAssignment && thread.threadKey === key.subjectKey
      ? [{ reason: 'manager_only' as const, campaignConfirmed: false }]
      : []
    : (thread.targets ?? []).filter((t) => t.campaignId === key.campaignId && t.contactEmail === key.subjectKey);

const latestFirst = <T extends { lastMessageAt?: string }>(items: T[]) => [...items].sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''));

const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : undefined);

type Derived = Pick<
  ConversationItem,
  | 'status'
  | 'whoseTurn'
  | 'turnSince'
  | 'lastInboundAt'
  | 'lastOutboundAt'
  | 'lastMessageAt'
  | 'messageCount'
  | 'subject'
  | 'summary'
  | 'dates'
  | 'fees'
  | 'attributionReason'
  | 'attributionEvidence'
  | 'campaignConfirmed'
  | 'threadCopies'
  | 'latestCopies'
  | 'threadSubjects'
  | 'failures'
  | 'candidates'
  | 'needsAssignment'
>;

/** Pure: the conversation's state from its threads and their messages. */
/** The message and quote behind one shown value; `message` undefined when a person set it. */
export type SetBecause = { message?: MailMessageItem; quote: string; setBy: 'model' | 'person'; at?: string };
/** Why the conversation shows its status, turn and latest fee (null when nothing set it). */
export type Why = { status: SetBecause | null; whoseTurn: SetBecause | null; latestFee: SetBecause | null };

/** A campaign's names and deliverables: what a decline must name to end a confirmed deal. */
export const dealTermsOf = (campaign: Pick<CampaignItem, 'campaignName' | 'projectName' | 'clientName' | 'deliverables'> | undefined): DealTerms | undefined =>
  campaign
    ? { campaignName: campaign.campaignName, projectName: campaign.projectName ?? '', clientName: campaign.clientName, deliverables: campaign.deliverables ?? '' }
    : undefined;

/** The words of a message that show what it did: its intent's quote, else its first fee's. */
const quoteOf = (message: MailMessageItem | undefined): string => message?.intentQuote ?? message?.fees?.[0]?.quote ?? '';

export const deriveConversation = (
  item: ConversationItem,
  threads: ConversationThreadItem[],
  messages: Map<string, MailMessageItem>,
  deal?: DealTerms,
): { derived: Derived; relevant: string[]; why: Why } => {
  const key: Key = { agencyName: item.agencyName, campaignId: item.campaignId, subjectKey: item.subjectKey };
  const relevant = threads.filter((thread) => targetsFor(thread, key).length > 0);
  const ordered = [...new Set(relevant.flatMap((thread) => thread.messageKeys ?? []))]
    .map((messageKey) => messages.get(messageKey))
    .filter((m): m is MailMessageItem => Boolean(m))
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.messageKey.localeCompare(b.messageKey));

  const events: StatusEvent[] = ordered.map((m) => ({
    at: Date.parse(m.sentAt),
    side: m.side,
    autoReply: m.autoReply,
    ...(m.intent ? { intent: m.intent } : {}),
    ...(m.intentQuote ? { intentQuote: m.intentQuote } : {}),
    fees: (m.fees ?? []).map((fee) => ({ amount: fee.amount, currency: fee.currency, state: fee.state })),
    toOtherSide: m.toOtherSide ?? false,
  }));
  const corrected = new Set(item.correctedFields ?? []);
  const outcome = deriveStatusWithReasons(
    events,
    {
      ...(corrected.has('status') && item.correctedStatus ? { status: item.correctedStatus } : {}),
      ...(corrected.has('whose_turn') && item.correctedTurn ? { whoseTurn: item.correctedTurn } : {}),
      ...(item.correctedAt ? { correctedAt: Date.parse(item.correctedAt) } : {}),
    },
    deal,
  );
  const human = ordered.filter((m) => m.autoReply === 'none');
  const lastInbound = human.filter((m) => m.side === 'talent').at(-1);
  const lastOutbound = human.filter((m) => m.side === 'agency' && m.toOtherSide).at(-1);

  // A person's correction of a kind of fact hides what the model read before it; later mail may add beside it.
  const correctedAt = item.correctedAt ?? '';
  const sentAtOf = (messageId: string | undefined) => (messageId ? ordered.find((m) => m.messageId === messageId)?.sentAt ?? '' : '');
  const newestThreads = latestFirst(relevant);
  const modelDates = newestThreads
    .flatMap((thread) => thread.dates ?? [])
    .filter((d) => !corrected.has('dates') || sentAtOf(d.messageId) > correctedAt);
  const dateSeen = new Set<string>();
  const dates = [...(item.personDates ?? []), ...modelDates]
    .filter((d) => {
      const id = `${d.date}|${d.kind}`;
      return dateSeen.has(id) ? false : (dateSeen.add(id), true);
    })
    // a person's all, then the model's of the latest threads first, bounded (mail/limits.ts)
    .slice(0, (item.personDates?.length ?? 0) + STORED_LIMITS.datesPerConversation);
  const modelFees = ordered.flatMap((m) => m.fees ?? []).filter((f) => !corrected.has('fees') || sentAtOf(f.messageId) > correctedAt);
  const personFees = item.personFees ?? [];
  // An amount is agreed only when the agency stated it (or a person set it): decided over every fee, then bounded.
  const sideOf = (messageId: string | null | undefined) => (messageId ? ordered.find((m) => m.messageId === messageId)?.side : undefined);
  const settled = agreedOnlyAsAgencyStated([...personFees, ...modelFees], sideOf);
  const fees = [...settled.slice(0, personFees.length), ...settled.slice(personFees.length).slice(-STORED_LIMITS.feesPerConversation)];

  const reasons = relevant.flatMap((thread) => targetsFor(thread, key));
  const best = reasons.sort((a, b) => (REASON_RANK[b.reason] ?? 0) - (REASON_RANK[a.reason] ?? 0))[0];
  const latest = newestThreads[0];
  const failures = [...relevant.flatMap((thread) => thread.failures ?? []), ...ordered.flatMap((m) => m.failures ?? [])];
  const needsAssignment = item.campaignId === NEEDS_ASSIGNMENT_SEGMENT;
  const threadCopies = [...new Set(newestThreads.flatMap((thread) => [...(thread.copies ?? [])].sort()))].slice(0, STORED_LIMITS.copiesPerConversation);
  const subjectOfCopy = new Map(newestThreads.flatMap((thread) => (thread.copies ?? []).map((copy) => [copy, thread.subject ?? ''] as const)));
  const byPerson = (field: 'status' | 'whose_turn'): SetBecause | null =>
    corrected.has(field) ? { quote: '', setBy: 'person', ...(item.correctedAt ? { at: item.correctedAt } : {}) } : null;
  const byMessage = (index: number | null): SetBecause | null => (index === null ? null : { message: ordered[index], quote: quoteOf(ordered[index]), setBy: 'model' });
  const shownFee = latestFee(fees);
  const feeMessage = shownFee?.messageId ? ordered.find((m) => m.messageId === shownFee.messageId) : undefined;
  const why: Why = {
    status: outcome.statusEvent === null ? byPerson('status') : byMessage(outcome.statusEvent),
    whoseTurn: outcome.turnEvent === null ? byPerson('whose_turn') : byMessage(outcome.turnEvent),
    latestFee: shownFee ? { ...(feeMessage ? { message: feeMessage } : {}), quote: shownFee.quote ?? '', setBy: shownFee.setBy } : null,
  };
  return {
    why,
    relevant: relevant.map((thread) => thread.threadKey),
    derived: {
      status: outcome.status,
      whoseTurn: outcome.whoseTurn ?? undefined,
      turnSince: iso(outcome.turnSince),
      lastInboundAt: lastInbound?.sentAt,
      lastOutboundAt: lastOutbound?.sentAt,
      lastMessageAt: ordered.at(-1)?.sentAt,
      messageCount: ordered.length,
      subject: latest?.subject ?? '',
      summary: latest?.summary ?? '',
      dates,
      fees,
      attributionReason: needsAssignment ? 'none' : (best?.reason ?? 'none'),
      attributionEvidence: needsAssignment ? '' : (best?.evidence ?? ''),
      campaignConfirmed: needsAssignment ? false : reasons.every((r) => r.campaignConfirmed),
      // Latest thread first; its copies alone are what a list row links (read-model.ts).
      threadCopies,
      latestCopies: [...(latest?.copies ?? [])].sort(),
      // The timeline names each Gmail link by its thread's subject; bounded so a long subject cannot grow the item much.
      threadSubjects: threadCopies.flatMap((copy) => {
        const subject = clip(subjectOfCopy.get(copy) ?? '', COPY_SUBJECT_MAX);
        return subject ? [{ copy, subject }] : [];
      }),
      failures: failures.slice(-STORED_LIMITS.failures),
      candidates: needsAssignment ? (latest?.candidates ?? []) : [],
      needsAssignment,
    },
  };
};

const recordChanges = async (before: ConversationItem, after: Derived) => {
  const id = before.campaignId === NEEDS_ASSIGNMENT_SEGMENT ? needsAssignmentId(before.subjectKey) : conversationId(before.campaignId, before.subjectKey);
  if (before.campaignId === NEEDS_ASSIGNMENT_SEGMENT) return;
  const base = {
    agencyName: before.agencyName,
    conversationId: id,
    campaignId: before.campaignId,
    contactEmail: before.subjectKey,
    status: after.status,
    summary: (after.summary ?? '').slice(0, 500),
    expires_at_epoch: epochSeconds(Date.now()) + CHANGE_TTL_SECONDS,
  };
  const writes = [];
  if (after.lastInboundAt && after.lastInboundAt > (before.lastInboundAt ?? '')) writes.push({ ...base, kind: 'reply' as const, at: after.lastInboundAt });
  if (after.status !== before.status && before.version > 1) {
    writes.push({ ...base, kind: 'status' as const, at: nowIso(), previousStatus: before.status as ConversationStatus });
  }
  // Idempotent: the same change has the same key.
  await Promise.all(writes.map((change) => conversationChangeEntity.put(change).go({ response: 'none' })));
};

/** The campaign a conversation belongs to (none for a needs-assignment one). */
export const campaignOf = async (agencyName: string, campaignId: string): Promise<CampaignItem | undefined> =>
  campaignId === NEEDS_ASSIGNMENT_SEGMENT ? undefined : ((await campaignEntity.get({ agencyName, campaignId }).go()).data ?? undefined);

/**
 * Rebuilds a conversation; removes threads no longer attributed to it. Returns the item written
 * (undefined when there is none: a contact with no mail has no item).
 */
export const recomputeConversation = async (agencyName: string, campaignId: string, subjectKey: string): Promise<ConversationItem | undefined> => {
  const key = conversationKey(agencyName, campaignId, subjectKey);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const { data: item } = await conversationEntity.get(key).go({ consistent: true });
    if (!item) return undefined;
    const [threads, campaign] = await Promise.all([getThreads(agencyName, item.threadKeys ?? []), campaignOf(agencyName, campaignId)]);
    const messages = await getMessages(agencyName, threads.flatMap((thread) => thread.messageKeys ?? []));
    const { derived, relevant } = deriveConversation(item, threads, messages, dealTermsOf(campaign));
    if (campaignId === NEEDS_ASSIGNMENT_SEGMENT && relevant.length === 0) {
      await conversationEntity.delete(key).go({ response: 'none' });
      await raisePulse(agencyName, 'conversations');
      return undefined;
    }
    const next = { ...item, ...derived, threadKeys: relevant, version: item.version + 1, updatedAt: nowIso() } as ConversationItem;
    if (relevant.length === 0) delete (next as Partial<ConversationItem>).threadKeys;
    for (const field of ['whoseTurn', 'turnSince', 'lastInboundAt', 'lastOutboundAt', 'lastMessageAt'] as const) if (next[field] === undefined) delete next[field];
    try {
      await conversationEntity
        .put(next)
        .where((attr, op) => op.eq(attr.version, item.version))
        .go({ response: 'none' });
    } catch (error) {
      if (isConditionalFailure(error)) continue;
      throw error;
    }
    await Promise.all([recordChanges(item, derived), raisePulse(agencyName, 'conversations')]);
    if (campaignId !== NEEDS_ASSIGNMENT_SEGMENT) {
      await markSheetBehind(agencyName, campaignId);
      await projectBoardRow(agencyName, campaignId, subjectKey);
    }
    return next;
  }
  throw new ConversationContended(`conversation ${campaignId}:${subjectKey} kept changing while it was rebuilt`);
};
