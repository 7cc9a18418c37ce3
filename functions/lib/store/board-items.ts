import { BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, TABLE_NAME } from './client';
import { isConditionalFailure } from './conditional-write';
import { keys } from './keys';

/**
 * The board's projection, keyed in one place. Three kinds of item:
 * - an entry, `AGENCY#a#BOARD#<campaign>#<view>#<status> / <order>`: one per row and view, holding
 *   the row as the list shows it, so a page is one Query in the order it is shown;
 * - a row's head, `AGENCY#a / BOARDROW#<campaign>#<email>`: the entry keys the row may have
 *   written (so a change or a removal deletes exactly those) and the status it is counted under;
 * - a campaign's counter, `AGENCY#a / BOARDCOUNT#<campaign>`: rows per status, and whether every
 *   row of the campaign has been projected (until then the board reads the campaign whole).
 * Raw commands, not ElectroDB: the reader needs `>`/`<` key conditions in both directions.
 */

export type EntryKey = { pk: string; sk: string };

/** `row`: the row as the list answers it, compressed (board/project.ts packRow). */
export type BoardEntry = EntryKey & { row: Uint8Array; st: string };

export type BoardHead = { keys: string[]; version: number; status?: string };

/** `rebuiltTo`: the last contact a rebuild of a campaign stored before the projection has projected. */
export type BoardCounter = { counts: Record<string, number>; projected: boolean; freshOn?: string; rebuiltTo?: string };

const client = () => dynamoClient();

export const boardEntryPartition = (agencyName: string, campaignId: string, view: string, status: string): string =>
  `${keys.agency(agencyName)}#BOARD#${campaignId}#${view}#${status}`;

const headKey = (agencyName: string, campaignId: string, email: string) => ({ pk: keys.agency(agencyName), sk: `BOARDROW#${campaignId}#${email}` });

const counterKey = (agencyName: string, campaignId: string) => ({ pk: keys.agency(agencyName), sk: `BOARDCOUNT#${campaignId}` });

/** An entry key as one string (heads list them so). */
export const packEntryKey = (key: EntryKey): string => `${key.pk}\u0002${key.sk}`;
export const unpackEntryKey = (packed: string): EntryKey => {
  const at = packed.indexOf('\u0002');
  return { pk: packed.slice(0, at), sk: packed.slice(at + 1) };
};

/** A head as stored → its fields. */
const headOf = (item: Record<string, unknown>): BoardHead => ({
  keys: (item.keys as string[] | undefined) ?? [],
  version: Number(item.version ?? 0),
  ...(typeof item.status === 'string' ? { status: item.status } : {}),
});

export const getBoardHead = async (agencyName: string, campaignId: string, email: string): Promise<BoardHead | undefined> => {
  const { Item } = await client().send(new GetCommand({ TableName: TABLE_NAME, Key: headKey(agencyName, campaignId, email), ConsistentRead: true }));
  return Item ? headOf(Item) : undefined;
};

/**
 * Writes a row's head if it is still at `expected` (0: none yet); false when someone else moved it.
 * A head with no keys and no status is deleted instead (a removed row leaves nothing behind).
 */
export const putBoardHeadIf = async (agencyName: string, campaignId: string, email: string, expected: number, head: BoardHead): Promise<boolean> => {
  const condition = expected === 0 ? 'attribute_not_exists(pk)' : 'version = :expected';
  const values = expected === 0 ? undefined : { ':expected': expected };
  try {
    await client().send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { ...headKey(agencyName, campaignId, email), keys: head.keys, version: head.version, ...(head.status ? { status: head.status } : {}) },
        ConditionExpression: condition,
        ...(values ? { ExpressionAttributeValues: values } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
};

/** The heads of a campaign's rows (a campaign's deletion and rebuild walk them). */
export const listBoardHeads = async (agencyName: string, campaignId: string): Promise<{ email: string; head: BoardHead }[]> => {
  const prefix = `BOARDROW#${campaignId}#`;
  const found: { email: string; head: BoardHead }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client().send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.agency(agencyName), ':prefix': prefix },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      found.push({ email: String(item.sk).slice(prefix.length), head: headOf(item) });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
};

const BATCH = 25;

const batchWrite = async (requests: Record<string, unknown>[]): Promise<void> => {
  for (let i = 0; i < requests.length; i += BATCH) {
    let pending = requests.slice(i, i + BATCH);
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt === 8) throw new Error(`${pending.length} board items were not written; try again`);
      const { UnprocessedItems } = await client().send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: pending } }));
      pending = (UnprocessedItems?.[TABLE_NAME] ?? []) as Record<string, unknown>[];
      if (pending.length) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    }
  }
};

export const putBoardEntries = (entries: readonly BoardEntry[]): Promise<void> => batchWrite(entries.map((entry) => ({ PutRequest: { Item: entry } })));

export const deleteBoardItems = (items: readonly EntryKey[]): Promise<void> => batchWrite(items.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })));

export const boardHeadItemKey = headKey;

export type EntryQuery = {
  pk: string;
  /** a key condition on sk: `> after`, `< before`, or from the start of the part */
  after?: string;
  before?: string;
  forward: boolean;
  limit: number;
  startKey?: Record<string, unknown>;
};

export type EntryQueryResult = { items: BoardEntry[]; lastKey?: Record<string, unknown>; readUnits: number };

export const queryBoardEntries = async (query: EntryQuery): Promise<EntryQueryResult> => {
  const conditions = ['pk = :pk'];
  const values: Record<string, unknown> = { ':pk': query.pk };
  if (query.after !== undefined && query.before !== undefined) {
    // BETWEEN is inclusive; entries never sit exactly on a bound (bounds are parts, not entries).
    conditions.push('sk BETWEEN :after AND :before');
    values[':after'] = query.after;
    values[':before'] = query.before;
  } else if (query.after !== undefined) {
    conditions.push('sk > :after');
    values[':after'] = query.after;
  } else if (query.before !== undefined) {
    conditions.push('sk < :before');
    values[':before'] = query.before;
  }
  const page = await client().send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
      ScanIndexForward: query.forward,
      Limit: query.limit,
      ReturnConsumedCapacity: 'TOTAL',
      ...(query.startKey ? { ExclusiveStartKey: query.startKey } : {}),
    }),
  );
  return { items: (page.Items ?? []) as BoardEntry[], ...(page.LastEvaluatedKey ? { lastKey: page.LastEvaluatedKey } : {}), readUnits: page.ConsumedCapacity?.CapacityUnits ?? 0 };
};

export const getBoardCounter = async (agencyName: string, campaignId: string): Promise<BoardCounter | undefined> => {
  const { Item } = await client().send(new GetCommand({ TableName: TABLE_NAME, Key: counterKey(agencyName, campaignId) }));
  if (!Item) return undefined;
  const counts: Record<string, number> = {};
  for (const [name, value] of Object.entries(Item)) if (name.startsWith('c_')) counts[name.slice(2)] = Number(value);
  return { counts, projected: Item.projected === true, ...(typeof Item.freshOn === 'string' ? { freshOn: Item.freshOn } : {}), ...(typeof Item.rebuiltTo === 'string' ? { rebuiltTo: Item.rebuiltTo } : {}) };
};

/** Moves a row from one status's count to another's (either may be absent: a row added or removed). */
export const moveBoardCount = async (agencyName: string, campaignId: string, from: string | undefined, to: string | undefined): Promise<void> => {
  if (from === to) return;
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  if (from) {
    parts.push('#f :minus');
    names['#f'] = `c_${from}`;
    values[':minus'] = -1;
  }
  if (to) {
    parts.push('#t :plus');
    names['#t'] = `c_${to}`;
    values[':plus'] = 1;
  }
  await client().send(
    new UpdateCommand({ TableName: TABLE_NAME, Key: counterKey(agencyName, campaignId), UpdateExpression: `ADD ${parts.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values }),
  );
};

/** Marks a campaign's board as whole: every row has been projected (the counts moved with each row). */
export const markBoardProjected = async (agencyName: string, campaignId: string): Promise<void> => {
  await client().send(
    new UpdateCommand({ TableName: TABLE_NAME, Key: counterKey(agencyName, campaignId), UpdateExpression: 'SET projected = :yes', ExpressionAttributeValues: { ':yes': true } }),
  );
};

/** Records how far a rebuild has come (the last contact it projected). */
export const setBoardRebuiltTo = async (agencyName: string, campaignId: string, email: string): Promise<void> => {
  await client().send(
    new UpdateCommand({ TableName: TABLE_NAME, Key: counterKey(agencyName, campaignId), UpdateExpression: 'SET rebuiltTo = :email', ExpressionAttributeValues: { ':email': email } }),
  );
};

/** Records the day the next-date view was last brought up to date. */
export const setBoardFreshOn = async (agencyName: string, campaignId: string, day: string): Promise<void> => {
  await client().send(
    new UpdateCommand({ TableName: TABLE_NAME, Key: counterKey(agencyName, campaignId), UpdateExpression: 'SET freshOn = :day', ExpressionAttributeValues: { ':day': day } }),
  );
};

export const deleteBoardCounter = async (agencyName: string, campaignId: string): Promise<void> => {
  await deleteBoardItems([counterKey(agencyName, campaignId)]);
};

/** Deletes a row's head if it is still at `expected`; false when someone else moved it. */
export const deleteBoardHeadIf = async (agencyName: string, campaignId: string, email: string, expected: number): Promise<boolean> => {
  try {
    await client().send(
      new DeleteCommand({ TableName: TABLE_NAME, Key: headKey(agencyName, campaignId, email), ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expected } }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
};

/** The heads of some rows of one campaign, by e-mail (BatchGetItem, 100 a call). */
export const getBoardHeads = async (agencyName: string, campaignId: string, emails: readonly string[]): Promise<Map<string, BoardHead>> => {
  const found = new Map<string, BoardHead>();
  for (let i = 0; i < emails.length; i += 100) {
    let keys: Record<string, unknown>[] = emails.slice(i, i + 100).map((email) => headKey(agencyName, campaignId, email));
    for (let attempt = 0; keys.length; attempt += 1) {
      if (attempt === 8) throw new Error(`${keys.length} board heads were not read; try again`);
      const { Responses, UnprocessedKeys } = await client().send(new BatchGetCommand({ RequestItems: { [TABLE_NAME]: { Keys: keys, ConsistentRead: true } } }));
      for (const item of Responses?.[TABLE_NAME] ?? []) {
        const email = String(item.sk).slice(`BOARDROW#${campaignId}#`.length);
        found.set(email, headOf(item));
      }
      keys = (UnprocessedKeys?.[TABLE_NAME]?.Keys ?? []) as Record<string, unknown>[];
      if (keys.length) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    }
  }
  return found;
};

/** Adds rows to a campaign's status counts in one write (a bulk import's new rows). */
export const addBoardCounts = async (agencyName: string, campaignId: string, counts: Readonly<Record<string, number>>): Promise<void> => {
  const entries = Object.entries(counts).filter(([, count]) => count !== 0);
  if (entries.length === 0) return;
  await client().send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: counterKey(agencyName, campaignId),
      UpdateExpression: `ADD ${entries.map((_, i) => `#s${i} :n${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([status], i) => [`#s${i}`, `c_${status}`])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, count], i) => [`:n${i}`, count])),
    }),
  );
};
