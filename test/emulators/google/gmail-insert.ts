/**
 * Gmail's raw-mail write side: users.messages.insert (IMAP APPEND-like, internalDate = receive
 * time by default) and users.messages.import (delivery-like, internalDate = Date header by
 * default), with a JSON `{raw, labelIds, threadId}` body or a `message/rfc822` media upload; and
 * users.messages.attachments.get for the parts they serve by reference.
 */
import type { gmail_v1 } from '@googleapis/gmail';
import { GoogleError, badRequest, notFound } from './errors';
import { bodyObject, q1, type Ctx, type Reply } from './http';
import { attachmentPart, mimeOf, rawFields } from './raw-message';
import { parseMime } from './rfc822';
import { insertMessage, newGmailId, type EmulatorState, type Mailbox, type StoredMessage } from './state';

export type RawInsertOptions = {
  mailbox: string;
  /** base64 or base64url of the RFC 822 bytes */
  raw: Buffer;
  labelIds?: string[];
  threadId?: string;
  /** 'insert' keeps only the given labels; 'import' files it as delivered mail (INBOX, UNREAD) */
  mode: 'insert' | 'import';
  internalDateSource: 'receivedTime' | 'dateHeader';
};

export const USER_SETTABLE_LABELS = ['INBOX', 'SPAM', 'TRASH', 'UNREAD', 'STARRED', 'IMPORTANT', 'SENT', 'DRAFT', 'CATEGORY_PERSONAL', 'CATEGORY_SOCIAL', 'CATEGORY_PROMOTIONS', 'CATEGORY_UPDATES', 'CATEGORY_FORUMS'];

// Reply and forward prefixes as mail clients write them in many languages ("Re:", "AW:", "SV:", "回复:").
const PREFIX = /^\s*(?:(?:re|fw|fwd|aw|wg|sv|vs|antw|rif|r|tr|ref|réf|enc|res|odp|vá|回复|答复|回覆|轉寄|转发|返信|転送)\s*(?:\[\d+\])?\s*[:：]\s*)+/i;
export const threadSubject = (subject: string): string => subject.replace(PREFIX, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Gmail threads a message into an existing thread only when it is asked to (or references a
 * message there by In-Reply-To/References) and the subjects match; otherwise it starts one.
 */
const threadFor = (mb: Mailbox, fields: ReturnType<typeof rawFields>, requested: string | undefined): string | undefined => {
  const subject = threadSubject(fields.subject);
  const referenced = new Set([...fields.references, ...(fields.inReplyTo ? [fields.inReplyTo] : [])]);
  const matches = (threadId: string) => {
    const msgs = mb.threads.get(threadId) ?? [];
    return msgs.some((m) => referenced.has(m.messageId)) && msgs.some((m) => threadSubject(m.subject) === subject);
  };
  if (requested) return matches(requested) ? requested : undefined;
  for (const m of mb.messages.values()) if (referenced.has(m.messageId) && matches(m.threadId)) return m.threadId;
  return undefined;
};

/** Adds a raw message to a mailbox: the one path for the HTTP API and tests. */
export const insertRawMessage = (state: EmulatorState, o: RawInsertOptions): StoredMessage => {
  const email = o.mailbox.toLowerCase();
  const mb = state.mailboxes.get(email);
  if (!mb) throw new Error(`insertRawMessage: no mailbox ${o.mailbox}`);
  if (!o.raw.length) throw badRequest("'raw' RFC822 payload message string or uploading message via /upload/* URL required", { reason: 'invalidArgument' });
  const m0 = { raw: o.raw.toString('base64') };
  const root = mimeOf(m0);
  if (!root.headers.length) throw badRequest('Invalid raw message: no RFC 822 headers', { reason: 'invalidArgument' });
  const fields = rawFields(root);
  for (const label of o.labelIds ?? []) if (!USER_SETTABLE_LABELS.includes(label)) throw badRequest(`Invalid label: ${label}`, { reason: 'invalidArgument' });
  if (o.threadId && !mb.threads.has(o.threadId)) throw notFound();
  const received = state.clock();
  const when = o.internalDateSource === 'dateHeader' && fields.date !== undefined ? fields.date : received;
  const id = newGmailId(state, received, (x) => mb.messages.has(x) || mb.threads.has(x));
  const fromAddress = (/<([^>]+)>/.exec(fields.from)?.[1] ?? fields.from).trim().toLowerCase();
  const delivered = fromAddress === email ? ['SENT'] : ['UNREAD', 'CATEGORY_PERSONAL', 'INBOX'];
  const labelIds = [...new Set([...(o.mode === 'import' ? delivered : []), ...(o.labelIds ?? [])])];
  mb.historyId += 1 + state.rng.int(0, 9);
  const message: StoredMessage = {
    id,
    threadId: threadFor(mb, fields, o.threadId) ?? id,
    historyId: mb.historyId,
    internalDate: when,
    from: fields.from,
    to: fields.to,
    cc: fields.cc,
    bcc: fields.bcc,
    subject: fields.subject,
    body: fields.body,
    labelIds,
    messageId: fields.messageId ?? `<emu.${id}@mail.gmail.com>`,
    ...(fields.inReplyTo ? { inReplyTo: fields.inReplyTo } : {}),
    ...(fields.references.length ? { references: fields.references } : {}),
    raw: m0.raw,
    size: o.raw.length,
    mailbox: email,
    added: true,
  };
  insertMessage(mb, message);
  mb.history.push({ id: message.historyId, messagesAdded: [message] });
  state.onMailAdded?.(email, message.labelIds, message.historyId);
  return message;
};

const decodeRaw = (value: unknown): Buffer => {
  if (typeof value !== 'string' || value === '') throw badRequest("'raw' RFC822 payload message string or uploading message via /upload/* URL required", { reason: 'invalidArgument' });
  if (!/^[A-Za-z0-9+/_=-]+$/.test(value)) throw badRequest("Invalid value at 'message.raw' (TYPE_BYTES), Base64 decoding failed", { reason: 'invalid', location: 'raw', locationType: 'parameter' });
  return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
};

const dateSource = (ctx: Ctx, fallback: RawInsertOptions['internalDateSource']): RawInsertOptions['internalDateSource'] => {
  const v = q1(ctx, 'internalDateSource');
  if (v === undefined) return fallback;
  if (v !== 'receivedTime' && v !== 'dateHeader') throw badRequest(`Invalid value at 'internal_date_source', "${v}"`, { location: 'internalDateSource', locationType: 'parameter' });
  return v;
};

/** The request's message: a media upload's body, or the JSON Message resource's raw field. */
const requestMessage = (ctx: Ctx): { raw: Buffer; labelIds?: string[]; threadId?: string } => {
  if (ctx.path.startsWith('/upload/')) {
    const uploadType = q1(ctx, 'uploadType');
    const type = String(ctx.headers['content-type'] ?? '');
    const bytes = ctx.rawBytes ?? Buffer.from(ctx.rawBody, 'utf8');
    if (uploadType === 'media') {
      if (!/^message\//i.test(type)) throw badRequest(`Media type '${type}' is not supported. Valid media types: [message/*]`, { reason: 'badContent' });
      return { raw: bytes };
    }
    if (uploadType !== 'multipart') throw badRequest(`Invalid upload type: ${uploadType ?? '(none)'}; use media or multipart`, { reason: 'badRequest' });
    // multipart/related: the Message resource as JSON, then the message/rfc822 bytes (what the googleapis clients send with `media`).
    const related = parseMime(Buffer.concat([Buffer.from(`Content-Type: ${type}\r\n\r\n`), bytes]));
    const [meta, media] = related.mimeType === 'multipart/related' ? related.parts : [];
    if (!meta || !media || !/^message\//.test(media.mimeType)) throw badRequest('A multipart upload needs a JSON Message part and a message/rfc822 part', { reason: 'badContent' });
    let resource: Record<string, unknown>;
    try {
      resource = JSON.parse(meta.body.toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      throw badRequest('Invalid JSON payload received.', { reason: 'parseError' });
    }
    return { raw: media.body, ...messageFields(resource) };
  }
  const b = bodyObject(ctx);
  return { raw: decodeRaw(b.raw), ...messageFields(b) };
};

/** labelIds and threadId of a Message resource, checked. */
const messageFields = (b: Record<string, unknown>): { labelIds?: string[]; threadId?: string } => {
  const labelIds = b.labelIds;
  if (labelIds !== undefined && !(Array.isArray(labelIds) && labelIds.every((l) => typeof l === 'string'))) throw badRequest("Invalid value at 'message.label_ids'", { reason: 'invalid' });
  if (b.threadId !== undefined && typeof b.threadId !== 'string') throw badRequest("Invalid value at 'message.thread_id'", { reason: 'invalid' });
  return { ...(labelIds ? { labelIds: labelIds as string[] } : {}), ...(b.threadId ? { threadId: b.threadId as string } : {}) };
};

export const messageWriteHandler =
  (mode: RawInsertOptions['mode'], mailboxFor: (ctx: Ctx) => Mailbox) =>
  (ctx: Ctx): Reply => {
    const mb = mailboxFor(ctx);
    const req = requestMessage(ctx);
    const m = insertRawMessage(ctx.state, { mailbox: mb.email, ...req, mode, internalDateSource: dateSource(ctx, mode === 'import' ? 'dateHeader' : 'receivedTime') });
    const body: gmail_v1.Schema$Message = { id: m.id, threadId: m.threadId, labelIds: [...m.labelIds] };
    return { body };
  };

export const attachmentsGet =
  (mailboxFor: (ctx: Ctx) => Mailbox) =>
  (ctx: Ctx): Reply => {
    const mb = mailboxFor(ctx);
    const m = mb.messages.get(ctx.params[1]!);
    if (!m) throw notFound();
    const part = m.raw !== undefined ? attachmentPart({ id: m.id, raw: m.raw }, ctx.params[2]!) : undefined;
    if (!part) throw new GoogleError(400, { message: 'Invalid attachment token', reason: 'invalidArgument' });
    const body: gmail_v1.Schema$MessagePartBody = { attachmentId: ctx.params[2]!, size: part.body.length, data: part.body.toString('base64url') };
    return { body };
  };
