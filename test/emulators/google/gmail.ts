/** Gmail API v1 (read side): profile, labels, messages, threads, history. */
import type { gmail_v1 } from '@googleapis/gmail';
import { GoogleError, badRequest, notFound } from './errors';
import { compileQuery, mentionsSpamOrTrash, parseQuery, type Matcher } from './gmail-query';
import { q1, qAll, qBool, qInt, requireAccount, requireAnyScope, SCOPE, type Ctx, type Reply, type Route } from './http';
import { renderMessage, snippetOf, type MessageFormat } from './mime';
import { attachmentsGet, messageWriteHandler } from './gmail-insert';
import { insertMessage, newGmailId, searchableOf, type EmulatorState, type Mailbox, type StoredMessage } from './state';

/** Gmail's published per-method quota units (developers.google.com/gmail/api/reference/quota). */
export const GMAIL_QUOTA_UNITS: Record<string, number> = {
  'gmail.users.getProfile': 1,
  'gmail.users.labels.list': 1,
  'gmail.users.labels.get': 1,
  'gmail.users.messages.list': 5,
  'gmail.users.messages.get': 5,
  'gmail.users.messages.attachments.get': 5,
  'gmail.users.messages.insert': 25,
  'gmail.users.messages.import': 25,
  'gmail.users.threads.list': 10,
  'gmail.users.threads.get': 10,
  'gmail.users.history.list': 2,
  'gmail.users.watch': 100,
  'gmail.users.stop': 50,
};

/** Gmail's documented per-user limit: 15,000 quota units per user per minute. */
export const GMAIL_DEFAULT_UNITS_PER_MINUTE = 15_000;

const READ_SCOPES = [SCOPE.gmailReadonly, SCOPE.gmailModify, SCOPE.mailFull, SCOPE.gmailMetadata];
const FULL_READ_SCOPES = [SCOPE.gmailReadonly, SCOPE.gmailModify, SCOPE.mailFull];

const WRITE_SCOPES = [SCOPE.gmailInsert, SCOPE.gmailModify, SCOPE.mailFull];

const mailboxFor = (ctx: Ctx, scopes: string[] = READ_SCOPES): Mailbox => {
  const account = requireAccount(ctx);
  const userId = ctx.params[0]!;
  if (userId !== 'me' && userId.toLowerCase() !== account.email) {
    throw new GoogleError(403, { message: `Delegation denied for ${account.email}`, reason: 'forbidden' });
  }
  requireAnyScope(ctx, scopes);
  const mb = ctx.state.mailboxes.get(account.email);
  if (!mb) throw new GoogleError(400, { message: 'Mail service not enabled', reason: 'failedPrecondition', status: 'FAILED_PRECONDITION' });
  return mb;
};

const metadataOnly = (ctx: Ctx) => !ctx.token!.scopes.some((s) => (FULL_READ_SCOPES as string[]).includes(s));

const parseFormat = (ctx: Ctx, allowed: MessageFormat[]): MessageFormat => {
  const f = (q1(ctx, 'format') ?? 'full').toLowerCase() as MessageFormat;
  if (!allowed.includes(f)) throw badRequest(`Invalid value at 'format' (type.googleapis.com/google.apps.gmail.v1.UsersMessagesGetRequest.Format), "${q1(ctx, 'format')}"`, { location: 'format', locationType: 'parameter' });
  if (metadataOnly(ctx) && (f === 'full' || f === 'raw')) throw new GoogleError(403, { message: `Metadata scope doesn't allow format ${f.toUpperCase()}`, reason: 'forbidden' });
  return f;
};

const encodePageToken = (offset: number) => String(offset).padStart(20, '0');
const decodePageToken = (token: string | undefined): number => {
  if (!token) return 0;
  if (!/^\d{1,20}$/.test(token)) throw badRequest('Invalid pageToken', { location: 'pageToken', locationType: 'parameter' });
  return Number(token);
};

type Filter = { test: Matcher; labelIds: string[]; includeSpamTrash: boolean };

const readFilter = (ctx: Ctx, mb: Mailbox): Filter => {
  const q = q1(ctx, 'q');
  if (q && metadataOnly(ctx)) throw new GoogleError(403, { message: "Metadata scope does not support 'q' parameter", reason: 'forbidden' });
  const node = parseQuery(q ?? '');
  return { test: compileQuery(node, { now: ctx.state.clock(), me: mb.email }), labelIds: qAll(ctx, 'labelIds'), includeSpamTrash: qBool(ctx, 'includeSpamTrash') || mentionsSpamOrTrash(node) };
};

const messageMatches = (m: StoredMessage, f: Filter): boolean => {
  if (!f.includeSpamTrash && (m.labelIds.includes('SPAM') || m.labelIds.includes('TRASH'))) return false;
  if (f.labelIds.length && !f.labelIds.every((l) => m.labelIds.includes(l))) return false;
  return f.test(searchableOf(m));
};

const newestFirst = (a: StoredMessage, b: StoredMessage) => b.internalDate - a.internalDate || b.historyId - a.historyId;

const page = <T>(items: T[], ctx: Ctx) => {
  const max = qInt(ctx, 'maxResults', 100, 500) || 100;
  const offset = decodePageToken(q1(ctx, 'pageToken'));
  const slice = items.slice(offset, offset + max);
  return { slice, next: offset + max < items.length ? encodePageToken(offset + max) : undefined };
};

const profile = (ctx: Ctx): Reply => {
  const mb = mailboxFor(ctx);
  const body: gmail_v1.Schema$Profile = {
    emailAddress: mb.email,
    messagesTotal: mb.messages.size,
    threadsTotal: mb.threads.size,
    historyId: String(mb.historyId),
  };
  return { body };
};

const SYSTEM_LABELS = ['CHAT', 'SENT', 'INBOX', 'IMPORTANT', 'TRASH', 'DRAFT', 'SPAM', 'CATEGORY_FORUMS', 'CATEGORY_UPDATES', 'CATEGORY_PERSONAL', 'CATEGORY_PROMOTIONS', 'CATEGORY_SOCIAL', 'STARRED', 'UNREAD'];
const labelResource = (id: string): gmail_v1.Schema$Label => ({
  id,
  name: id,
  type: 'system',
  ...(id.startsWith('CATEGORY_') || ['CHAT', 'SENT', 'IMPORTANT', 'TRASH', 'DRAFT', 'SPAM', 'STARRED', 'UNREAD'].includes(id) ? {} : { messageListVisibility: 'hide', labelListVisibility: 'labelShow' }),
});

const labelsList = (ctx: Ctx): Reply => {
  mailboxFor(ctx);
  const body: gmail_v1.Schema$ListLabelsResponse = { labels: SYSTEM_LABELS.map(labelResource) };
  return { body };
};

const labelsGet = (ctx: Ctx): Reply => {
  const mb = mailboxFor(ctx);
  const id = ctx.params[1]!;
  if (!SYSTEM_LABELS.includes(id)) throw notFound('Invalid label: ' + id);
  const all = [...mb.messages.values()].filter((m) => m.labelIds.includes(id));
  const threads = new Set(all.map((m) => m.threadId));
  const unread = all.filter((m) => m.labelIds.includes('UNREAD'));
  const body: gmail_v1.Schema$Label = {
    ...labelResource(id),
    messagesTotal: all.length,
    messagesUnread: unread.length,
    threadsTotal: threads.size,
    threadsUnread: new Set(unread.map((m) => m.threadId)).size,
  };
  return { body };
};

const messagesList = (ctx: Ctx): Reply => {
  const mb = mailboxFor(ctx);
  const f = readFilter(ctx, mb);
  const hits = [...mb.messages.values()].filter((m) => messageMatches(m, f)).sort(newestFirst);
  const { slice, next } = page(hits, ctx);
  const body: gmail_v1.Schema$ListMessagesResponse = { resultSizeEstimate: hits.length };
  if (slice.length) body.messages = slice.map((m) => ({ id: m.id, threadId: m.threadId }));
  if (next) body.nextPageToken = next;
  return { body };
};

const getMessage = (mb: Mailbox, id: string): StoredMessage => {
  const m = mb.messages.get(id);
  if (!m) {
    if (!/^[0-9a-f]{1,20}$/i.test(id)) throw badRequest('Invalid id value', { reason: 'invalidArgument' });
    throw notFound();
  }
  return m;
};

const messagesGet = (ctx: Ctx): Reply => {
  const mb = mailboxFor(ctx);
  const format = parseFormat(ctx, ['full', 'metadata', 'minimal', 'raw']);
  const m = getMessage(mb, ctx.params[1]!);
  return { body: renderMessage(m, mb.email, format, qAll(ctx, 'metadataHeaders', true)) };
};

const threadsList = (ctx: Ctx): Reply => {
  const mb = mailboxFor(ctx);
  const f = readFilter(ctx, mb);
  const hits: Array<{ id: string; latest: StoredMessage; historyId: number }> = [];
  for (const [id, msgs] of mb.threads) {
    const visible = msgs.filter((m) => f.includeSpamTrash || !(m.labelIds.includes('SPAM') || m.labelIds.includes('TRASH')));
    if (!visible.some((m) => messageMatches(m, f))) continue;
    const latest = visible[visible.length - 1]!;
    hits.push({ id, latest, historyId: Math.max(...msgs.map((m) => m.historyId)) });
  }
  hits.sort((a, b) => newestFirst(a.latest, b.latest));
  const { slice, next } = page(hits, ctx);
  const body: gmail_v1.Schema$ListThreadsResponse = { resultSizeEstimate: hits.length };
  if (slice.length) body.threads = slice.map((t) => ({ id: t.id, snippet: snippetOf(t.latest.body), historyId: String(t.historyId) }));
  if (next) body.nextPageToken = next;
  return { body };
};

const threadsGet = (ctx: Ctx): Reply => {
  const mb = mailboxFor(ctx);
  const format = parseFormat(ctx, ['full', 'metadata', 'minimal']);
  const id = ctx.params[1]!;
  const msgs = mb.threads.get(id);
  if (!msgs) {
    if (!/^[0-9a-f]{1,20}$/i.test(id)) throw badRequest('Invalid id value', { reason: 'invalidArgument' });
    throw notFound();
  }
  const body: gmail_v1.Schema$Thread = {
    id,
    historyId: String(Math.max(...msgs.map((m) => m.historyId))),
    messages: msgs.map((m) => renderMessage(m, mb.email, format, qAll(ctx, 'metadataHeaders', true))),
  };
  return { body };
};

const historyList = (ctx: Ctx): Reply => {
  const mb = mailboxFor(ctx);
  const raw = q1(ctx, 'startHistoryId');
  if (!raw) throw badRequest('Missing required parameter: startHistoryId', { reason: 'required', location: 'startHistoryId', locationType: 'parameter' });
  if (!/^\d+$/.test(raw)) throw badRequest(`Invalid value at 'start_history_id' (TYPE_UINT64), "${raw}"`, { location: 'startHistoryId', locationType: 'parameter' });
  const start = Number(raw);
  if (start < mb.historyFloor) throw notFound();
  const types = qAll(ctx, 'historyTypes', true);
  const label = q1(ctx, 'labelId');
  let records = mb.history.filter((h) => h.id > start);
  if (types.length && !types.some((t) => t.toLowerCase() === 'messageadded')) records = [];
  if (label) records = records.filter((h) => h.messagesAdded.some((m) => m.labelIds.includes(label)));
  const { slice, next } = page(records, ctx);
  const body: gmail_v1.Schema$ListHistoryResponse = { historyId: String(mb.historyId) };
  if (slice.length) {
    body.history = slice.map((h) => ({
      id: String(h.id),
      messages: h.messagesAdded.map((m) => ({ id: m.id, threadId: m.threadId })),
      messagesAdded: h.messagesAdded.map((m) => ({ message: { id: m.id, threadId: m.threadId, labelIds: [...m.labelIds] } })),
    }));
  }
  if (next) body.nextPageToken = next;
  return { body };
};

export type AddMessageInput = { mailbox: string; threadId?: string; from: string; to: string[]; cc?: string[]; subject: string; body: string; date?: Date };

/** Appends a message to a mailbox (optionally into an existing thread) and records history. */
export const addMessage = (state: EmulatorState, input: AddMessageInput): { id: string; threadId: string; historyId: string } => {
  const email = input.mailbox.toLowerCase();
  const mb = state.mailboxes.get(email);
  if (!mb) throw new Error(`addMessage: no mailbox ${input.mailbox} (known: ${[...state.mailboxes.keys()].join(', ')})`);
  const when = input.date ? input.date.getTime() : state.clock();
  if (Number.isNaN(when)) throw new Error('addMessage: invalid date');
  let thread: StoredMessage[] | undefined;
  if (input.threadId) {
    thread = mb.threads.get(input.threadId);
    if (!thread) throw new Error(`addMessage: thread ${input.threadId} not found in ${email}`);
  }
  const id = newGmailId(state, when, (x) => mb.messages.has(x) || mb.threads.has(x));
  const fromAddress = (/<([^>]+)>/.exec(input.from)?.[1] ?? input.from).trim().toLowerCase();
  const sent = fromAddress === email;
  mb.historyId += 1 + state.rng.int(0, 9);
  const last = thread?.[thread.length - 1];
  const m: StoredMessage = {
    id,
    threadId: input.threadId ?? id,
    historyId: mb.historyId,
    internalDate: when,
    from: input.from,
    to: input.to,
    cc: input.cc ?? [],
    bcc: [],
    subject: input.subject,
    body: input.body,
    labelIds: sent ? ['SENT'] : ['UNREAD', 'CATEGORY_PERSONAL', 'INBOX'],
    messageId: `<emu.${id}.${state.rng.hex(8)}@mail.gmail.com>`,
    ...(last ? { inReplyTo: last.messageId, references: [...(last.references ?? []).slice(-4), last.messageId] } : {}),
    mailbox: email,
    added: true,
  };
  insertMessage(mb, m);
  mb.history.push({ id: m.historyId, messagesAdded: [m] });
  return { id: m.id, threadId: m.threadId, historyId: String(m.historyId) };
};

/** Forgets history up to now: any earlier startHistoryId then gets 404 (Gmail's expiry). */
export const expireHistory = (state: EmulatorState, mailbox: string): void => {
  const mb = state.mailboxes.get(mailbox.toLowerCase());
  if (!mb) throw new Error(`no mailbox ${mailbox}`);
  mb.historyFloor = mb.historyId;
  mb.history = [];
};

export const gmailRoutes = (): Route[] => {
  const U = '^\\/gmail\\/v1\\/users\\/([^/]+)';
  const UP = '^\\/upload\\/gmail\\/v1\\/users\\/([^/]+)';
  const r = (method: string, path: string, operation: string, handler: Route['handler']): Route => ({ method, pattern: new RegExp(`${U}${path}$`), api: 'gmail', operation, auth: true, handler });
  const upload = (path: string, operation: string, handler: Route['handler']): Route => ({ method: 'POST', pattern: new RegExp(`${UP}${path}$`), api: 'gmail', operation, auth: true, media: true, handler });
  const writer = (ctx: Ctx) => mailboxFor(ctx, WRITE_SCOPES);
  return [
    r('GET', '\\/profile', 'gmail.users.getProfile', profile),
    r('GET', '\\/labels', 'gmail.users.labels.list', labelsList),
    r('GET', '\\/labels\\/([^/]+)', 'gmail.users.labels.get', labelsGet),
    r('GET', '\\/messages', 'gmail.users.messages.list', messagesList),
    r('GET', '\\/messages\\/([^/]+)', 'gmail.users.messages.get', messagesGet),
    r('GET', '\\/messages\\/([^/]+)\\/attachments\\/([^/]+)', 'gmail.users.messages.attachments.get', attachmentsGet(mailboxFor)),
    r('POST', '\\/messages', 'gmail.users.messages.insert', messageWriteHandler('insert', writer)),
    r('POST', '\\/messages\\/import', 'gmail.users.messages.import', messageWriteHandler('import', writer)),
    upload('\\/messages', 'gmail.users.messages.insert', messageWriteHandler('insert', writer)),
    upload('\\/messages\\/import', 'gmail.users.messages.import', messageWriteHandler('import', writer)),
    r('GET', '\\/threads', 'gmail.users.threads.list', threadsList),
    r('GET', '\\/threads\\/([^/]+)', 'gmail.users.threads.get', threadsGet),
    r('GET', '\\/history', 'gmail.users.history.list', historyList),
  ];
};
