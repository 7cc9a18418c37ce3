import { createHash } from 'node:crypto';
import { CONVERSATION_STATUSES, type ConversationJson, type ConversationListQuery, type ConversationStatus } from '../../../../shared/schemas/conversations';
import { BadRequest } from '../../http/errors';
import {
  boardEntryPartition,
  queryBoardEntries,
  setBoardFreshOn,
  type BoardEntry,
  type EntryQuery,
} from '../../store/board-items';
import { followUpDue } from '../read-model';
import { nextDate, sortUpcoming } from '../rules/dates';
import { ALL_STATUSES, ANY, BOARD_VIEWS, projectBoardRows, unpackRow, type BoardView } from './project';
import { agencyQueuesReady, campaignBoardReady } from './rebuild';
import { compareOrders, NO_VALUE_START, parseSort, type SortSpec } from './order';

/**
 * A board page read from the projection: a few Queries, each in the order the page shows, merged
 * across the statuses asked for. Served only for what the projection is shaped for (one campaign
 * by status and any board sort; the needs-reply and follow-up queues); anything else, and a
 * campaign whose rows are not all projected yet, is answered by the whole-campaign read.
 */

export type ProjectedPage = {
  items: ConversationJson[];
  cursor: string | null;
  total: number;
  counts: Record<ConversationStatus, number>;
  /** read units the page's Queries consumed (the bench reports them) */
  readUnits: number;
};

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- what it serves

type Plan =
  | { kind: 'campaign'; campaignId: string; statuses: ConversationStatus[]; spec: SortSpec }
  | { kind: 'queue'; view: 'needs_reply' | 'awaiting_talent' };

const onlyThese = (query: ConversationListQuery, allowed: readonly (keyof ConversationListQuery)[]): boolean =>
  (Object.keys(query) as (keyof ConversationListQuery)[]).every((key) => query[key] === undefined || allowed.includes(key));

export const planOf = (query: ConversationListQuery): Plan | undefined => {
  const spec = parseSort(query.sort);
  if (query.campaign_id !== undefined && onlyThese(query, ['campaign_id', 'status', 'sort', 'cursor', 'limit'])) {
    if (spec.key !== 'status' && !(BOARD_VIEWS as readonly string[]).includes(spec.key)) return undefined;
    const asked = query.status?.length ? new Set(query.status) : undefined;
    return { kind: 'campaign', campaignId: query.campaign_id, statuses: CONVERSATION_STATUSES.filter((status) => !asked || asked.has(status)), spec };
  }
  const queue = spec.key === 'waiting' && !spec.descending && query.tracking === 'on';
  if (queue && query.needs_reply === true && onlyThese(query, ['needs_reply', 'tracking', 'sort', 'cursor', 'limit'])) return { kind: 'queue', view: 'needs_reply' };
  if (queue && query.follow_up === true && onlyThese(query, ['follow_up', 'tracking', 'sort', 'cursor', 'limit'])) return { kind: 'queue', view: 'awaiting_talent' };
  return undefined;
};

// ---------------------------------------------------------------- cursor

type Position = { order: string; status?: number };

const queryHash = (query: ConversationListQuery): string =>
  createHash('sha256')
    .update(JSON.stringify({ p: 'board', c: query.campaign_id ?? null, s: query.status ? [...new Set(query.status)].sort() : null, n: query.needs_reply ?? null, f: query.follow_up ?? null, t: query.tracking ?? null, o: query.sort ?? null }))
    .digest('base64url')
    .slice(0, 16);

/** True for a cursor this reader wrote (the whole-campaign read writes offsets). */
export const isProjectedCursor = (cursor: string | undefined): boolean => {
  if (!cursor) return false;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { a?: unknown };
    return typeof parsed.a === 'string';
  } catch {
    return false;
  }
};

const encodePosition = (position: Position, query: ConversationListQuery): string =>
  Buffer.from(JSON.stringify({ a: position.order, ...(position.status !== undefined ? { s: position.status } : {}), h: queryHash(query) }), 'utf8').toString('base64url');

const decodePosition = (cursor: string, query: ConversationListQuery): Position => {
  const invalid = () => new BadRequest('Invalid cursor', { tip: 'Start again from the first page: the filters or sort changed.' });
  let parsed: { a?: unknown; s?: unknown; h?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    throw invalid();
  }
  if (typeof parsed.a !== 'string' || parsed.h !== queryHash(query)) throw invalid();
  if (parsed.s !== undefined && (typeof parsed.s !== 'number' || !Number.isInteger(parsed.s) || parsed.s < 0 || parsed.s >= CONVERSATION_STATUSES.length)) throw invalid();
  return { order: parsed.a, ...(typeof parsed.s === 'number' ? { status: parsed.s } : {}) };
};

// ---------------------------------------------------------------- streams

type Segment = Omit<EntryQuery, 'limit' | 'startKey'>;

/** One partition read lazily, segment after segment, a Query page at a time. */
class EntryStream {
  private buffer: BoardEntry[] = [];
  private segment = 0;
  private startKey: Record<string, unknown> | undefined;
  private done = false;
  readUnits = 0;

  constructor(
    private readonly segments: Segment[],
    private batch: number,
  ) {}

  async peek(): Promise<BoardEntry | undefined> {
    while (this.buffer.length === 0 && !this.done) {
      const segment = this.segments[this.segment];
      if (!segment) {
        this.done = true;
        break;
      }
      const page = await queryBoardEntries({ ...segment, limit: this.batch, ...(this.startKey ? { startKey: this.startKey } : {}) });
      this.readUnits += page.readUnits;
      this.buffer.push(...page.items);
      this.startKey = page.lastKey;
      if (!page.lastKey) {
        this.segment += 1;
        this.startKey = undefined;
      }
    }
    return this.buffer[0];
  }

  take(): BoardEntry | undefined {
    return this.buffer.shift();
  }

  /** Later pages are asked for in the size still missing. */
  wantNext(size: number): void {
    this.batch = Math.max(1, size);
  }
}

/** The segments of one partition from a position, in a sort's direction (rows without a value last, ascending). */
const segmentsOf = (pk: string, descending: boolean, after?: string): Segment[] => {
  if (!descending) return [{ pk, forward: true, ...(after !== undefined ? { after } : {}) }];
  const valueless: Segment = { pk, forward: true, after: after !== undefined && after >= NO_VALUE_START ? after : NO_VALUE_START };
  if (after !== undefined && after >= NO_VALUE_START) return [valueless];
  return [{ pk, forward: false, before: after ?? NO_VALUE_START }, valueless];
};

type Drained = { items: BoardEntry[]; more: boolean; readUnits: number };

/** Up to `limit` entries of one stream (those `within` the range), and whether one more follows. */
const drain = async (stream: EntryStream, limit: number, within: (entry: BoardEntry) => boolean = () => true): Promise<Drained> => {
  const next = async () => {
    const entry = await stream.peek();
    return entry && within(entry) ? entry : undefined;
  };
  const items: BoardEntry[] = [];
  while (items.length < limit && (await next())) items.push(stream.take()!);
  const more = items.length >= limit && Boolean(await next());
  return { items, more, readUnits: stream.readUnits };
};

/** Up to `limit` entries of several streams in the sort's order, each stream asked only for what may still be needed. */
const drainMerged = async (streams: EntryStream[], spec: SortSpec, limit: number): Promise<Drained> => {
  const items: BoardEntry[] = [];
  const lowest = async () => {
    let best: EntryStream | undefined;
    let bestEntry: BoardEntry | undefined;
    for (const stream of streams) {
      const head = await stream.peek();
      if (head && (!bestEntry || compareOrders(spec, { order: head.sk }, { order: bestEntry.sk }) < 0)) {
        best = stream;
        bestEntry = head;
      }
    }
    return best;
  };
  while (items.length < limit) {
    const best = await lowest();
    if (!best) break;
    items.push(best.take()!);
    for (const stream of streams) stream.wantNext(limit - items.length + 1);
  }
  const more = items.length >= limit && Boolean(await lowest());
  return { items, more, readUnits: streams.reduce((sum, stream) => sum + stream.readUnits, 0) };
};

// ---------------------------------------------------------------- rows

/** A stored row brought to the reading moment: its follow-up flag and next date depend on it. */
const rowAt = (entry: BoardEntry, now: number, followUpAfterDays: number): ConversationJson => {
  const row = unpackRow(entry.row);
  const dates = sortUpcoming(row.dates, now);
  return { ...row, dates, next_date: nextDate(dates, now), follow_up: followUpDue(row, now, followUpAfterDays) };
};

/** Zero rows in every status: where a page's counts start. */
export const emptyCounts = (): Record<ConversationStatus, number> =>
  Object.fromEntries(CONVERSATION_STATUSES.map((status) => [status, 0])) as Record<ConversationStatus, number>;

const dayOf = (now: number): string => new Date(now).toISOString().slice(0, 10);

/**
 * A next date is computed when a row is projected; once that day has passed the row sorts by a
 * day that is no longer its next. Once a day, before the next-date view is read, the rows whose
 * stored next date is behind today are projected again.
 */
const freshenNextDates = async (agencyName: string, campaignId: string, now: number, freshOn: string | undefined): Promise<number> => {
  const today = dayOf(now);
  if (freshOn === today) return 0;
  let readUnits = 0;
  const stale: { campaignId: string; email: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryBoardEntries({ pk: boardEntryPartition(agencyName, campaignId, 'next_date', ALL_STATUSES), forward: true, after: 'v', before: `v${today}`, limit: 100, ...(startKey ? { startKey } : {}) });
    readUnits += page.readUnits;
    for (const entry of page.items) {
      const row = unpackRow(entry.row);
      if (row.contact_email) stale.push({ campaignId, email: row.contact_email });
    }
    startKey = page.lastKey;
  } while (startKey);
  await projectBoardRows(agencyName, stale);
  await setBoardFreshOn(agencyName, campaignId, today);
  return readUnits;
};

// ---------------------------------------------------------------- pages

const pageOfCampaign = async (
  agencyName: string,
  plan: Extract<Plan, { kind: 'campaign' }>,
  query: ConversationListQuery,
  limit: number,
  now: number,
  days: number,
): Promise<ProjectedPage | undefined> => {
  const counter = await campaignBoardReady(agencyName, plan.campaignId);
  if (!counter) return undefined;
  let readUnits = 0.5;
  const position = query.cursor ? decodePosition(query.cursor, query) : undefined;
  const { spec } = plan;
  if (spec.key === 'next_date') readUnits += await freshenNextDates(agencyName, plan.campaignId, now, counter.freshOn);

  let page: Drained;
  let last: Position | undefined;
  if (spec.key === 'status' && (spec.descending || plan.statuses.length < CONVERSATION_STATUSES.length)) {
    // Status after status in the status order, each status's talents A to Z: one stream over their partitions.
    const order = spec.descending ? [...plan.statuses].reverse() : plan.statuses;
    const from = position?.status;
    const segments = order
      .map((status) => ({ status, index: CONVERSATION_STATUSES.indexOf(status) }))
      .filter(({ index }) => from === undefined || (spec.descending ? index <= from : index >= from))
      .flatMap(({ status, index }) => segmentsOf(boardEntryPartition(agencyName, plan.campaignId, 'talent', status), false, index === from ? position?.order : undefined));
    page = await drain(new EntryStream(segments, limit + 1), limit);
    const tail = page.items.at(-1);
    last = tail && { order: tail.sk, status: CONVERSATION_STATUSES.indexOf(tail.st as ConversationStatus) };
  } else {
    // Every status: the view's own partition holds them all in the page's order; some: their partitions merged.
    const view = spec.key === 'status' ? 'status' : (spec.key as BoardView);
    const streamOf = (status: string, batch: number) => new EntryStream(segmentsOf(boardEntryPartition(agencyName, plan.campaignId, view, status), spec.descending, position?.order), batch);
    page =
      plan.statuses.length === CONVERSATION_STATUSES.length
        ? await drain(streamOf(ALL_STATUSES, limit + 1), limit)
        : await drainMerged(
            plan.statuses.map((status) => streamOf(status, Math.ceil(limit / plan.statuses.length) + 1)),
            spec,
            limit,
          );
    const tail = page.items.at(-1);
    last = tail && { order: tail.sk };
  }
  readUnits += page.readUnits;
  const { items, more } = page;

  const counts = emptyCounts();
  for (const status of plan.statuses) counts[status] = Math.max(0, counter.counts[status] ?? 0);
  return {
    items: items.map((entry) => rowAt(entry, now, days)),
    cursor: more && last ? encodePosition(last, query) : null,
    total: Object.values(counts).reduce((sum, count) => sum + count, 0),
    counts,
    readUnits,
  };
};

const pageOfQueue = async (agencyName: string, plan: Extract<Plan, { kind: 'queue' }>, query: ConversationListQuery, limit: number, now: number, days: number): Promise<ProjectedPage | undefined> => {
  if (!(await agencyQueuesReady(agencyName))) return undefined;
  let readUnits = 0.5;
  const pk = boardEntryPartition(agencyName, ANY, plan.view, ANY);
  // Follow-up: waiting on the talent since before the cut-off (the rule's own test runs on each row too).
  const before = plan.view === 'awaiting_talent' ? `v${new Date(now - days * DAY_MS).toISOString()}\u0002` : undefined;
  const position = query.cursor ? decodePosition(query.cursor, query) : undefined;

  // The queue's size and status counts: its entries are the queue, so this reads the queue, not the agency.
  const counts = emptyCounts();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryBoardEntries({ pk, forward: true, limit: 500, ...(before ? { before } : {}), ...(startKey ? { startKey } : {}) });
    readUnits += page.readUnits;
    for (const entry of page.items) counts[entry.st as ConversationStatus] += 1;
    startKey = page.lastKey;
  } while (startKey);

  // From the cursor on (`sk > after`), up to the cut-off, which ends the queue.
  const stream = new EntryStream([{ pk, forward: true, ...(position ? { after: position.order } : before ? { before } : {}) }], limit + 1);
  const { items, more, readUnits: pageUnits } = await drain(stream, limit, (entry) => !before || entry.sk < before);
  readUnits += pageUnits;
  const rows = items.map((entry) => rowAt(entry, now, days));
  const last = items.at(-1);
  return {
    items: plan.view === 'awaiting_talent' ? rows.filter((row) => row.follow_up) : rows,
    cursor: more && last ? encodePosition({ order: last.sk }, query) : null,
    total: Object.values(counts).reduce((sum, count) => sum + count, 0),
    counts,
    readUnits,
  };
};

/** The page from the projection, or undefined when the projection cannot serve this query. */
export const projectedPage = async (agencyName: string, query: ConversationListQuery, limit: number, now: number, followUpAfterDays: number): Promise<ProjectedPage | undefined> => {
  const plan = planOf(query);
  if (!plan) return undefined;
  if (query.cursor && !isProjectedCursor(query.cursor)) return undefined;
  return plan.kind === 'campaign' ? pageOfCampaign(agencyName, plan, query, limit, now, followUpAfterDays) : pageOfQueue(agencyName, plan, query, limit, now, followUpAfterDays);
};
