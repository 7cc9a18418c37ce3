import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ConversationJson, ConversationSort } from '../../../../shared/schemas/conversations';
import { needsReply } from '../../../../shared/conversation-status';
import { getContact, type ContactItem } from '../../campaigns/contact-store';
import { campaignEntity } from '../../store/entities/campaign';
import { conversationEntity, type ConversationItem } from '../../store/entities/conversation';
import {
  addBoardCounts,
  boardEntryPartition,
  deleteBoardHeadIf,
  deleteBoardItems,
  getBoardHead,
  getBoardHeads,
  moveBoardCount,
  packEntryKey,
  putBoardEntries,
  putBoardHeadIf,
  unpackEntryKey,
  type BoardEntry,
} from '../../store/board-items';
import { Transient } from '../../tasks/transient';
import { toConversationJson } from '../read-model';
import { getConversationItems } from '../store';
import { orderOf, statusOrder } from './order';

/**
 * Keeps a row's projection in step with its contact and conversation: called after every write
 * to either. It reads them again (so it is right whoever called it, and twice is harmless) and
 * writes the row's entries, one per view, plus the queue entries it belongs to.
 */

/** The board's sorts that read the projection (by status reads the talent view status by status). */
export const BOARD_VIEWS = ['talent', 'waiting', 'last_inbound', 'last_outbound', 'next_date', 'fee'] as const satisfies readonly ConversationSort[];
export type BoardView = (typeof BOARD_VIEWS)[number];

/** The agency-wide queues, ordered by how long the turn has waited. */
export const QUEUE_VIEWS = ['needs_reply', 'awaiting_talent'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

/** The campaign and status segment of the queues' partitions (campaign ids never hold '*'). */
export const ANY = '*';

/** Whether a row belongs in a queue; follow-up's time condition is the reader's key condition. */
const inQueue = (view: QueueView, row: ConversationJson): boolean => {
  if (!row.tracking) return false;
  if (view === 'needs_reply') return needsReply({ whoseTurn: row.whose_turn, status: row.status });
  return row.whose_turn === 'talent' && row.status !== 'declined' && row.last_outbound_at !== null && row.turn_since !== null;
};

/** The status segment of the partitions that hold every status (statuses are lower-case words). */
export const ALL_STATUSES = '*';

/** A row as an entry holds it: compressed JSON (a page's read units are its entries' bytes). */
export const packRow = (row: ConversationJson): Uint8Array => deflateRawSync(Buffer.from(JSON.stringify(row), 'utf8'));
export const unpackRow = (packed: Uint8Array): ConversationJson => JSON.parse(inflateRawSync(packed).toString('utf8')) as ConversationJson;

/**
 * The entries of one row: each view under its status (a status filter merges a few partitions)
 * and under every status (the unfiltered board is one Query), by status under every status, and
 * the queues it belongs to.
 */
export const entriesOf = (agencyName: string, row: ConversationJson): BoardEntry[] => {
  const campaignId = row.campaign_id ?? '';
  const stored = packRow(row);
  const entry = (view: string, status: string, sk: string): BoardEntry => ({ pk: boardEntryPartition(agencyName, campaignId, view, status), sk, row: stored, st: row.status });
  const entries: BoardEntry[] = BOARD_VIEWS.flatMap((view) => [entry(view, row.status, orderOf(view, row)), entry(view, ALL_STATUSES, orderOf(view, row))]);
  entries.push(entry('status', ALL_STATUSES, statusOrder(row)));
  for (const view of QUEUE_VIEWS) {
    if (inQueue(view, row)) entries.push({ pk: boardEntryPartition(agencyName, ANY, view, ANY), sk: orderOf('waiting', row), row: stored, st: row.status });
  }
  return entries;
};

const ATTEMPTS = 25;

/** Projectors of one row that collide step aside for a random moment, so one of them gets through. */
const stepAside = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt, 10)));

/**
 * Projects one row. A head lists every entry key the row may have written: it is widened to the
 * new keys before they are written and narrowed once the old ones are gone, each step conditional
 * on the head's version, so a crash or a concurrent projector never leaves an entry nobody knows.
 */
export const projectBoardRow = async (agencyName: string, campaignId: string, email: string, now: number = Date.now()): Promise<void> => {
  let carried: string[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) await stepAside(attempt);
    const [contact, conversation, campaign, head] = await Promise.all([
      getContact(agencyName, campaignId, email),
      conversationEntity.get({ agencyName, campaignId, subjectKey: email }).go({ consistent: true }),
      campaignEntity.get({ agencyName, campaignId }).go(),
      getBoardHead(agencyName, campaignId, email),
    ]);
    const row =
      contact && campaign.data
        ? toConversationJson({ item: (conversation.data as ConversationItem | null) ?? undefined, contact, campaign: campaign.data, now, followUpAfterDays: 0, threads: 'latest' })
        : undefined;
    const entries = row ? entriesOf(agencyName, row) : [];
    const wanted = entries.map(packEntryKey);
    const version = head?.version ?? 0;
    if (!head && !row) return;
    const known = [...new Set([...(head?.keys ?? []), ...carried, ...wanted])];
    if (!(await putBoardHeadIf(agencyName, campaignId, email, version, { keys: known, version: version + 1, ...(row ? { status: row.status } : {}) }))) continue;
    await moveBoardCount(agencyName, campaignId, head?.status, row?.status);
    await putBoardEntries(entries);
    const keep = new Set(wanted);
    await deleteBoardItems(known.filter((key) => !keep.has(key)).map(unpackEntryKey));
    const settled = row
      ? await putBoardHeadIf(agencyName, campaignId, email, version + 1, { keys: wanted, version: version + 2, status: row.status })
      : await deleteBoardHeadIf(agencyName, campaignId, email, version + 1);
    if (settled) return;
    // Someone projected the row meanwhile: go again, carrying what this pass wrote so it is not lost.
    carried = [...new Set([...carried, ...wanted])];
  }
  throw new Transient(`board row ${campaignId}/${email} kept changing; try again`);
};

/** Projects several rows, a few at a time. */
export const projectBoardRows = async (agencyName: string, rows: readonly { campaignId: string; email: string }[], concurrency = 8): Promise<void> => {
  const queue = [...rows];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await projectBoardRow(agencyName, next.campaignId, next.email);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
};

/**
 * Rows a bulk import just created: most have no head and no conversation yet, so their entries
 * are written in batches, each head created only if still absent (else the row is projected the
 * careful way), and the counts moved once. A crash before a head is written leaves entries the
 * retried import writes again, the same.
 */
export const projectNewBoardRows = async (agencyName: string, campaignId: string, contacts: readonly ContactItem[], now: number = Date.now()): Promise<void> => {
  if (contacts.length === 0) return;
  const emails = contacts.map((contact) => contact.email);
  const [campaign, heads, conversations] = await Promise.all([
    campaignEntity.get({ agencyName, campaignId }).go(),
    getBoardHeads(agencyName, campaignId, emails),
    getConversationItems(agencyName, campaignId, emails),
  ]);
  if (!campaign.data) return;
  const careful: ContactItem[] = [];
  const fresh: { contact: ContactItem; row: ConversationJson; entries: BoardEntry[] }[] = [];
  for (const contact of contacts) {
    if (heads.has(contact.email)) {
      careful.push(contact);
      continue;
    }
    const row = toConversationJson({ item: conversations.get(contact.email), contact, campaign: campaign.data, now, followUpAfterDays: 0, threads: 'latest' });
    fresh.push({ contact, row, entries: entriesOf(agencyName, row) });
  }
  await putBoardEntries(fresh.flatMap((entry) => entry.entries));
  const counts: Record<string, number> = {};
  await Promise.all(
    fresh.map(async ({ contact, row, entries }) => {
      const created = await putBoardHeadIf(agencyName, campaignId, contact.email, 0, { keys: entries.map(packEntryKey), version: 2, status: row.status });
      if (created) counts[row.status] = (counts[row.status] ?? 0) + 1;
      else careful.push(contact);
    }),
  );
  await addBoardCounts(agencyName, campaignId, counts);
  await projectBoardRows(agencyName, careful.map((contact) => ({ campaignId, email: contact.email })));
};
