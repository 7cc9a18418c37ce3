import { needsFollowUp } from '../../../shared/conversation-status';
import {
  CORRECTABLE_FIELDS,
  type ConversationJson,
  type CorrectableField,
  type FeeJson,
  type KeyDateJson,
} from '../../../shared/schemas/conversations';
import type { ContactItem } from '../campaigns/contact-store';
import { gmailThreadLink } from '../google/links';
import type { CampaignItem } from '../store/entities/campaign';
import { NEEDS_ASSIGNMENT_SEGMENT, type ConversationItem } from '../store/entities/conversation';
import { nextDate, sortUpcoming } from './rules/dates';
import { latestFee } from './rules/fees';
import { conversationId, needsAssignmentId } from './store';

/**
 * The conversations read model: one conversation item (or none yet) with its contact and
 * campaign → the API's ConversationJson. Pure: no store calls, `now` given. Status, turn,
 * dates and fees come as the pipeline left them, a person's corrections already applied.
 */

/** Resolves a needs-assignment conversation's candidates to names. */
export type CandidateDirectory = {
  talentName(campaignId: string, contactEmail: string): string | undefined;
  campaignName(campaignId: string): string | undefined;
};

export type ReadModelInput = {
  item?: ConversationItem;
  contact?: ContactItem;
  campaign?: CampaignItem;
  now: number;
  followUpAfterDays: number;
  /** names for a needs-assignment conversation's candidates */
  directory?: CandidateDirectory;
  /**
   * A list row links the latest thread only (its copies, one per mailbox) and counts the rest: a
   * talent's manager can hold hundreds of threads, and only the detail shows them all.
   */
  threads?: 'all' | 'latest';
};

/** The stored shapes of the item's lists (conversation-parts.ts). */
type DateFactItem = { date: string; kind: KeyDateJson['kind']; quote?: string; messageId?: string | null; setBy: KeyDateJson['set_by'] };
type FeeFactItem = {
  amount: number;
  currency: string;
  unit: FeeJson['unit'];
  vatIncluded?: boolean | null;
  state: FeeJson['state'];
  quote?: string;
  messageId?: string | null;
  setBy: FeeJson['set_by'];
};
type CandidateItem = { contactEmail: string; campaignId: string };
type FailureItem = { purpose: string; message: string; at: string };
type SubjectItem = { copy: string; subject: string };


export const isNeedsAssignment = (item: Pick<ConversationItem, 'campaignId'> | undefined): boolean => item?.campaignId === NEEDS_ASSIGNMENT_SEGMENT;

/** Where a mailbox's copy of a thread opens: Gmail, or the emulator's viewer (functions/lib/google/links.ts). */
export const gmailThreadUrl = (mailbox: string, threadId: string): string => gmailThreadLink(mailbox, threadId);

/** "mailbox|gmailThreadId" → the link; undefined when malformed. */
export const threadLink = (copy: string): ConversationJson['threads'][number] | undefined => {
  const bar = copy.indexOf('|');
  if (bar <= 0 || bar === copy.length - 1) return undefined;
  const mailbox = copy.slice(0, bar);
  const threadId = copy.slice(bar + 1);
  return { mailbox, thread_id: threadId, gmail_url: gmailThreadUrl(mailbox, threadId) };
};

const toDateJson = (fact: DateFactItem): KeyDateJson => ({
  date: fact.date,
  kind: fact.kind,
  quote: fact.quote ?? '',
  message_id: fact.messageId ?? null,
  set_by: fact.setBy,
});

const toFeeJson = (fact: FeeFactItem): FeeJson => ({
  amount: fact.amount,
  currency: fact.currency,
  unit: fact.unit,
  vat_included: fact.vatIncluded ?? null,
  state: fact.state,
  quote: fact.quote ?? '',
  message_id: fact.messageId ?? null,
  set_by: fact.setBy,
});

/**
 * Waiting on the talent for at least the follow-up delay: the shared rule. Never for a declined
 * conversation, nor for a talent the agency never wrote to (no outbound message to the talent side).
 */
export const followUpDue = (row: Pick<ConversationJson, 'whose_turn' | 'turn_since' | 'status' | 'last_outbound_at'>, now: number, followUpAfterDays: number): boolean => {
  const since = row.turn_since ? Date.parse(row.turn_since) : Number.NaN;
  return needsFollowUp({
    whoseTurn: row.whose_turn,
    turnSince: Number.isNaN(since) ? null : since,
    now,
    followUpAfterDays,
    status: row.status,
    writtenTo: row.last_outbound_at !== null,
  });
};

const listOf = <T>(value: Iterable<T> | undefined | null): T[] => (value ? [...value] : []);

const correctedFieldsOf = (item: ConversationItem | undefined): CorrectableField[] => {
  const set = new Set<string>(listOf<string>(item?.correctedFields));
  return CORRECTABLE_FIELDS.filter((field) => set.has(field));
};

/**
 * One row of the board. A contact with no conversation item is "not contacted"; a
 * needs-assignment item has no campaign or e-mail of its own and names its candidates.
 */
export const toConversationJson = ({ item, contact, campaign, now, followUpAfterDays, directory, threads = 'all' }: ReadModelInput): ConversationJson => {
  const needsAssignment = isNeedsAssignment(item);
  const corrected = correctedFieldsOf(item);
  // The pipeline has already put a person's dates and fees in place of the model's (recompute.ts).
  const dates = sortUpcoming(listOf<DateFactItem>(item?.dates).map(toDateJson), now);
  const fees = listOf<FeeFactItem>(item?.fees).map(toFeeJson);
  const subjects = new Map(listOf<SubjectItem>(item?.threadSubjects).map((entry) => [entry.copy, entry.subject]));
  const links = (copies: Iterable<string> | undefined) =>
    listOf<string>(copies).flatMap((copy) => {
      const link = threadLink(copy);
      if (!link) return [];
      const subject = subjects.get(copy);
      return [subject ? { ...link, subject } : link];
    });
  const whoseTurn = item?.whoseTurn ?? null;
  const turnSince = item?.turnSince ?? null;
  const campaignId = needsAssignment ? null : (contact?.campaignId ?? item?.campaignId ?? null);
  const email = needsAssignment ? null : (contact?.email ?? item?.subjectKey ?? null);

  return {
    id: needsAssignment ? needsAssignmentId(item!.subjectKey) : conversationId(campaignId ?? '', email ?? ''),
    campaign_id: campaignId,
    campaign_name: needsAssignment ? '' : (campaign?.campaignName ?? ''),
    contact_email: email,
    talent_name: contact?.talentName ?? '',
    handle: contact?.handle ?? '',
    email_owner: contact?.emailOwner ?? '',
    // The candidates of a needs-assignment conversation are tracked talents.
    tracking: needsAssignment ? true : (contact?.trackingEnabled ?? false),
    status: item?.status ?? 'not_contacted',
    whose_turn: whoseTurn,
    turn_since: turnSince,
    last_inbound_at: item?.lastInboundAt ?? null,
    last_outbound_at: item?.lastOutboundAt ?? null,
    message_count: item?.messageCount ?? 0,
    subject: item?.subject ?? '',
    summary: item?.summary ?? '',
    next_date: nextDate(dates, now),
    dates,
    fees,
    latest_fee: latestFee(fees),
    attribution: {
      reason: item?.attributionReason ?? 'none',
      campaign_confirmed: item?.campaignConfirmed ?? true,
      ...(item?.attributionEvidence ? { evidence: item.attributionEvidence } : {}),
    },
    needs_assignment: needsAssignment,
    candidates: listOf<CandidateItem>(item?.candidates).map((candidate) => ({
      contact_email: candidate.contactEmail,
      talent_name: directory?.talentName(candidate.campaignId, candidate.contactEmail) ?? '',
      campaign_id: candidate.campaignId,
      campaign_name: directory?.campaignName(candidate.campaignId) ?? '',
    })),
    follow_up: followUpDue({ whose_turn: whoseTurn, turn_since: turnSince, status: item?.status ?? 'not_contacted', last_outbound_at: item?.lastOutboundAt ?? null }, now, followUpAfterDays),
    // An item stored before latestCopies existed links its first copy.
    threads: threads === 'all' ? links(item?.threadCopies) : item?.latestCopies ? links(item.latestCopies) : links(item?.threadCopies).slice(0, 1),
    thread_count: listOf<string>(item?.threadKeys).length,
    corrected_fields: corrected,
    failures: listOf<FailureItem>(item?.failures).map((failure) => ({ purpose: failure.purpose, message: failure.message, at: failure.at })),
    updated_at: item?.updatedAt ?? null,
  };
};

/** A directory over already-loaded contacts and campaigns. */
export const directoryOf = (contacts: Iterable<ContactItem>, campaigns: Iterable<CampaignItem>): CandidateDirectory => {
  const talents = new Map<string, string>();
  for (const contact of contacts) talents.set(conversationId(contact.campaignId, contact.email), contact.talentName ?? '');
  const names = new Map<string, string>();
  for (const campaign of campaigns) names.set(campaign.campaignId, campaign.campaignName);
  return {
    talentName: (campaignId, email) => talents.get(conversationId(campaignId, email)),
    campaignName: (campaignId) => names.get(campaignId),
  };
};
