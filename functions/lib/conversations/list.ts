import { createHash } from 'node:crypto';
import {
  type ConversationJson,
  type ConversationListQuery,
  type ConversationMessageJson,
  type ConversationStatus,
  type ConversationDetailResponse,
  type ConversationWhyJson,
  type SetBecauseJson,
} from '../../../shared/schemas/conversations';
import { contactsByEmail, getContact, listAgencyContacts, listCampaignContacts, type ContactItem } from '../campaigns/contact-store';
import { findCampaign, getCampaignOrThrow, listCampaignItems } from '../campaigns/campaigns';
import { BadRequest, NotFound } from '../http/errors';
import type { AgencyScope } from '../session/resolve';
import { readSettings } from '../settings/store';
import type { CampaignItem } from '../store/entities/campaign';
import { conversationEntity, NEEDS_ASSIGNMENT_SEGMENT, type ConversationItem } from '../store/entities/conversation';
import type { MailMessageItem } from '../store/entities/mail-message';
import { fold } from './rules/text';
import { needsReply } from './rules/turn-and-follow-up';
import { directoryOf, gmailThreadUrl, toConversationJson } from './read-model';
import { conversationId, getMessages, getThreads, parseConversationId } from './store';
import { dealTermsOf, deriveConversation, type SetBecause } from './recompute';
import { rowComparator } from './board/order';
import { emptyCounts, projectedPage } from './board/page';

/**
 * GET /api/v3/conversations: the contacts of a campaign (or of the agency) merged with their
 * conversation items, one row per contact per campaign, filtered, sorted and paged on the
 * server. Every read is a Query on the agency's partition (or its byTalent index).
 */

export const CONVERSATION_PAGE_DEFAULT = 50;

export type ConversationPage = {
  items: ConversationJson[];
  cursor: string | null;
  total: number;
  counts: Record<ConversationStatus, number>;
};

// ---------------------------------------------------------------- cursor

/** The query a cursor belongs to: every filter and the sort, not the page size or position. */
const queryHash = (query: ConversationListQuery): string => {
  const canonical = {
    campaign_id: query.campaign_id ?? null,
    contact_email: query.contact_email ?? null,
    status: query.status ? [...new Set(query.status)].sort() : null,
    turn: query.turn ?? null,
    follow_up: query.follow_up ?? null,
    needs_reply: query.needs_reply ?? null,
    tracking: query.tracking ?? null,
    needs_assignment: query.needs_assignment ?? null,
    q: query.q ? fold(query.q) : null,
    sort: query.sort ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 16);
};

export const encodeCursor = (offset: number, query: ConversationListQuery): string =>
  Buffer.from(JSON.stringify({ o: offset, h: queryHash(query) }), 'utf8').toString('base64url');

/** The offset a cursor points at; 400 when it is not one of ours or belongs to another query. */
export const decodeCursor = (cursor: string, query: ConversationListQuery): number => {
  const invalid = () => new BadRequest('Invalid cursor', { tip: 'Start again from the first page: the filters or sort changed.' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid();
  const { o, h } = parsed as { o?: unknown; h?: unknown };
  if (typeof o !== 'number' || !Number.isSafeInteger(o) || o < 0 || h !== queryHash(query)) throw invalid();
  return o;
};

// ---------------------------------------------------------------- filter

const searchText = (row: ConversationJson): string =>
  fold(
    [row.talent_name, row.contact_email ?? '', row.handle, row.email_owner, row.subject, row.summary, ...row.candidates.flatMap((candidate) => [candidate.talent_name, candidate.contact_email])].join('\n'),
  );

const matches = (row: ConversationJson, query: ConversationListQuery, needle: string | undefined): boolean => {
  // Needs-assignment conversations are their own list: only when asked for, and then only them.
  if (row.needs_assignment !== (query.needs_assignment === true)) return false;
  if (query.campaign_id !== undefined) {
    const inCampaign = row.needs_assignment ? row.candidates.some((candidate) => candidate.campaign_id === query.campaign_id) : row.campaign_id === query.campaign_id;
    if (!inCampaign) return false;
  }
  if (query.contact_email !== undefined) {
    const isTalent = row.needs_assignment ? row.candidates.some((candidate) => candidate.contact_email === query.contact_email) : row.contact_email === query.contact_email;
    if (!isTalent) return false;
  }
  if (query.status?.length && !query.status.includes(row.status)) return false;
  if (query.turn !== undefined && row.whose_turn !== query.turn) return false;
  if (query.follow_up !== undefined && row.follow_up !== query.follow_up) return false;
  if (query.needs_reply !== undefined && needsReply({ whoseTurn: row.whose_turn, status: row.status }) !== query.needs_reply) return false;
  if (query.tracking !== undefined && row.tracking !== (query.tracking === 'on')) return false;
  if (needle && !searchText(row).includes(needle)) return false;
  return true;
};

// ---------------------------------------------------------------- sort

// The rows' order is the projection's (board/order.ts): both ways of reading a page agree.

/**
 * The pure half of the list: filter, count, sort and cut one page. `now` is the moment the rows
 * were built for (their follow-up flags and next dates are already computed from it).
 */
export const filterSortPage = (rows: readonly ConversationJson[], query: ConversationListQuery, _now: number = Date.now()): ConversationPage => {
  const needle = query.q ? fold(query.q) : undefined;
  const filtered = rows.filter((row) => matches(row, query, needle));
  const counts = emptyCounts();
  for (const row of filtered) counts[row.status] += 1;
  const sorted = [...filtered].sort(rowComparator(query.sort));
  const offset = query.cursor ? decodeCursor(query.cursor, query) : 0;
  const limit = query.limit ?? CONVERSATION_PAGE_DEFAULT;
  const items = sorted.slice(offset, offset + limit);
  const cursor = offset + limit < sorted.length ? encodeCursor(offset + limit, query) : null;
  return { items, cursor, total: filtered.length, counts };
};

// ---------------------------------------------------------------- load

/** One row per contact (with its item, if any), plus a row per needs-assignment item given. */
export const mergeRows = (input: {
  contacts: readonly ContactItem[];
  items: readonly ConversationItem[];
  campaigns: readonly CampaignItem[];
  needsAssignment?: readonly ConversationItem[];
  /** resolves candidates; defaults to `contacts` */
  candidateContacts?: readonly ContactItem[];
  now: number;
  followUpAfterDays: number;
}): ConversationJson[] => {
  const { contacts, items, campaigns, now, followUpAfterDays } = input;
  const itemById = new Map(items.filter((item) => item.campaignId !== NEEDS_ASSIGNMENT_SEGMENT).map((item) => [conversationId(item.campaignId, item.subjectKey), item]));
  const campaignById = new Map(campaigns.map((campaign) => [campaign.campaignId, campaign]));
  const rows = contacts.map((contact) =>
    toConversationJson({
      item: itemById.get(conversationId(contact.campaignId, contact.email)),
      contact,
      campaign: campaignById.get(contact.campaignId),
      now,
      followUpAfterDays,
      threads: 'latest',
    }),
  );
  if (input.needsAssignment?.length) {
    const directory = directoryOf(input.candidateContacts ?? contacts, campaigns);
    for (const item of input.needsAssignment) rows.push(toConversationJson({ item, now, followUpAfterDays, directory, threads: 'latest' }));
  }
  return rows;
};

export const queryConversationItems = async (agencyName: string, campaignId?: string): Promise<ConversationItem[]> =>
  (await conversationEntity
    .query.byAgency(campaignId === undefined ? { agencyName } : { agencyName, campaignId })
    .go({ pages: 'all' })).data as ConversationItem[];

const itemsOfTalent = async (agencyName: string, email: string): Promise<ConversationItem[]> =>
  (await conversationEntity.query.byTalent({ agencyName, subjectKey: email }).go({ pages: 'all' })).data as ConversationItem[];

export const followUpAfterDays = async (scope: AgencyScope): Promise<number> => (await readSettings(scope)).processing_limits.follow_up_after_days;

/**
 * The rows a query can match, read with as few Queries as its filters allow: one campaign's
 * contacts and items by sort-key prefix, one talent's through byTalent, else the agency's.
 */
const loadRows = async (scope: AgencyScope, query: ConversationListQuery, now: number, days: number, campaign?: CampaignItem): Promise<ConversationJson[]> => {
  const agencyName = scope.agencyName;
  if (query.needs_assignment) {
    // Needs-assignment rows only: their candidates are named from the agency's contacts.
    const [items, contacts, campaigns] = await Promise.all([queryConversationItems(agencyName, NEEDS_ASSIGNMENT_SEGMENT), listAgencyContacts(agencyName), listCampaignItems(scope)]);
    return mergeRows({ contacts: [], items: [], campaigns, needsAssignment: items, candidateContacts: contacts, now, followUpAfterDays: days });
  }
  if (campaign) {
    const [contacts, items] = await Promise.all([listCampaignContacts(agencyName, campaign.campaignId), queryConversationItems(agencyName, campaign.campaignId)]);
    return mergeRows({ contacts, items, campaigns: [campaign], now, followUpAfterDays: days });
  }
  if (query.contact_email !== undefined) {
    const [contacts, items, campaigns] = await Promise.all([contactsByEmail(agencyName, query.contact_email), itemsOfTalent(agencyName, query.contact_email), listCampaignItems(scope)]);
    return mergeRows({ contacts, items, campaigns, now, followUpAfterDays: days });
  }
  const [contacts, items, campaigns] = await Promise.all([listAgencyContacts(agencyName), queryConversationItems(agencyName), listCampaignItems(scope)]);
  return mergeRows({ contacts, items, campaigns, now, followUpAfterDays: days });
};

export const listConversations = async (scope: AgencyScope, query: ConversationListQuery, now: number = Date.now()): Promise<ConversationPage> => {
  const days = await followUpAfterDays(scope);
  // A campaign's board and the queues are read a page at a time from the projection when it can serve them.
  // An unknown campaign is a 404 whichever way the page is read; its item is read once.
  const campaign = query.campaign_id === undefined ? undefined : await getCampaignOrThrow(scope, query.campaign_id);
  const projected = await projectedPage(scope.agencyName, query, query.limit ?? CONVERSATION_PAGE_DEFAULT, now, days);
  if (projected) {
    const { readUnits: _readUnits, ...page } = projected;
    return page;
  }
  // A bad cursor is refused before any read.
  if (query.cursor) decodeCursor(query.cursor, query);
  return filterSortPage(await loadRows(scope, query, now, days, campaign), query, now);
};

// ---------------------------------------------------------------- one conversation

export const conversationNotFound = () => new NotFound('Conversation not found');

/** The conversation of one contact in one campaign; 404 when the e-mail is not a contact of it. */
export const contactConversation = async (scope: AgencyScope, campaignId: string, email: string, now: number, days?: number) => {
  const agencyName = scope.agencyName;
  const [contact, item, campaign, followUp] = await Promise.all([
    getContact(agencyName, campaignId, email),
    conversationEntity.get({ agencyName, campaignId, subjectKey: email }).go({ consistent: true }),
    findCampaign(scope, campaignId),
    days === undefined ? followUpAfterDays(scope) : Promise.resolve(days),
  ]);
  if (!contact) return undefined;
  const found = (item.data as ConversationItem | null) ?? undefined;
  return { item: found, contact, campaign, json: toConversationJson({ item: found, contact, campaign, now, followUpAfterDays: followUp }) };
};

/** A needs-assignment conversation, its candidates named. */
const needsAssignmentConversation = async (scope: AgencyScope, threadKey: string, now: number) => {
  const agencyName = scope.agencyName;
  const { data } = await conversationEntity.get({ agencyName, campaignId: NEEDS_ASSIGNMENT_SEGMENT, subjectKey: threadKey }).go({ consistent: true });
  if (!data) return undefined;
  const item = data as ConversationItem;
  const candidates: { contactEmail: string; campaignId: string }[] = [...(item.candidates ?? [])];
  const [contacts, campaigns, days] = await Promise.all([
    Promise.all(candidates.map((candidate) => getContact(agencyName, candidate.campaignId, candidate.contactEmail))),
    listCampaignItems(scope),
    followUpAfterDays(scope),
  ]);
  const directory = directoryOf(
    contacts.filter((contact): contact is ContactItem => Boolean(contact)),
    campaigns,
  );
  return { item, json: toConversationJson({ item, now, followUpAfterDays: days, directory }) };
};

/** One conversation by its API id; 404 "Conversation not found" for an unknown one. */
export const loadConversation = async (scope: AgencyScope, id: string, now: number) => {
  const parsed = parseConversationId(id);
  const found =
    parsed.kind === 'needs_assignment' ? await needsAssignmentConversation(scope, parsed.threadKey, now) : await contactConversation(scope, parsed.campaignId, parsed.email, now);
  if (!found) throw conversationNotFound();
  return found;
};

/** A message's link: its first mailbox copy ("mailbox|gmailMessageId|gmailThreadId"). */
const messageLink = (copies: Iterable<string> | undefined): { mailbox: string; gmail_url: string } => {
  const first = [...(copies ?? [])].sort()[0];
  if (!first) return { mailbox: '', gmail_url: '' };
  const [mailbox = '', messageId = '', threadId = ''] = first.split('|');
  const target = threadId || messageId;
  return { mailbox, gmail_url: mailbox && target ? gmailThreadUrl(mailbox, target) : '' };
};

const fromOf = (message: MailMessageItem): string => {
  const name = (message.fromName ?? '').trim();
  const email = (message.fromEmail ?? '').trim();
  return name && email ? `${name} <${email}>` : name || email;
};

const toMessageJson = (message: MailMessageItem): ConversationMessageJson => ({
  message_id: message.messageId,
  date: message.sentAt,
  from: fromOf(message),
  side: message.side,
  summary: message.summary ?? '',
  intent: message.intent ?? null,
  auto_reply: message.autoReply,
  ...messageLink(message.copies),
});

/** The message and words behind a shown value, as the timeline shows them. */
const toSetBecauseJson = (because: SetBecause | null): SetBecauseJson | null =>
  because
    ? {
        set_by: because.setBy,
        message_id: because.message?.messageId ?? null,
        date: because.message?.sentAt ?? because.at ?? null,
        from: because.message ? fromOf(because.message) : '',
        quote: because.quote,
      }
    : null;

/** The timeline of a conversation's threads (every message once, oldest first) and why it shows its status, turn and fee. */
export const conversationTimeline = async (
  agencyName: string,
  item: ConversationItem | undefined,
  campaign?: CampaignItem,
): Promise<{ messages: ConversationMessageJson[]; why: ConversationWhyJson }> => {
  const threadKeys: string[] = [...(item?.threadKeys ?? [])];
  if (!item || threadKeys.length === 0) return { messages: [], why: { status: null, whose_turn: null, latest_fee: null } };
  const threads = await getThreads(agencyName, threadKeys);
  const messages = await getMessages(agencyName, threads.flatMap((thread) => thread.messageKeys ?? []));
  // The same derivation the pipeline stores, run again only here: the board never pays for it.
  const { why } = deriveConversation(item, threads, messages, dealTermsOf(campaign));
  return {
    messages: [...messages.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.messageKey.localeCompare(b.messageKey)).map(toMessageJson),
    why: { status: toSetBecauseJson(why.status), whose_turn: toSetBecauseJson(why.whoseTurn), latest_fee: toSetBecauseJson(why.latestFee) },
  };
};

/** GET /api/v3/conversations/{id}: the conversation, its messages and why it shows its status, turn and fee. */
export const conversationDetail = async (
  scope: AgencyScope,
  id: string,
  now: number = Date.now(),
): Promise<Omit<ConversationDetailResponse, 'success'>> => {
  const found = await loadConversation(scope, id, now);
  const campaign = 'campaign' in found ? found.campaign : undefined;
  return { conversation: found.json, ...(await conversationTimeline(scope.agencyName, found.item, campaign)) };
};
