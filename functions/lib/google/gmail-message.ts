import { createHash } from 'node:crypto';
import type { gmail_v1 } from '@googleapis/gmail';
import { compile } from 'html-to-text';
import { addressParser, decodeWords, type Mailbox } from 'postal-mime';
import { classifyAutoReply, type AutoReplyKind } from '../mail/auto-reply';
import { readBounce, type BounceReason } from '../mail/bounce';
import { clip, MAIL_LIMITS } from '../mail/limits';
import { ownText } from '../mail/own-text';
import { decodeCharset } from './mail-charset';

// Every field kept from a message is bounded here, where it is parsed (../mail/limits.ts).
export { clip, MAIL_LIMITS };

/** A Gmail message reduced to what the product reads: addresses, subject, dates, ids and text. */
export type Address = { name?: string; email: string };

export type ParsedMessage = {
  id: string;
  threadId: string;
  from?: Address;
  to: Address[];
  cc: Address[];
  subject: string;
  /** The Date header as written by the sender. */
  date?: string;
  /** Gmail's receive time, ms since epoch: the reliable ordering key. */
  internalDate: number;
  snippet: string;
  /**
   * Every inline text body in order, each decoded from its declared charset; in
   * multipart/alternative text/plain wins over text/html. '' for metadata/minimal formats.
   */
  text: string;
  labelIds: string[];
  historyId?: string;
  /** RFC 5322 Message-ID without angle brackets; `gmail-<id>@local` when the header is missing. */
  messageId: string;
  inReplyTo?: string;
  references: string[];
  /** The sender's own words: `text` without quoted history, forwarded mail and signature. */
  ownText: string;
  autoReply: AutoReplyKind;
  /** Why a bounce bounced (status e.g. 5.1.1, reason, failed recipient), read from its delivery report or text. */
  bounce?: BounceReason;
  /** The few raw headers later rules read, lower-case names, only those present. */
  headers: Record<string, string>;
};

type Part = gmail_v1.Schema$MessagePart;

/** RFC 2047 encoded words ("=?iso-2022-jp?B?…?=") in an unstructured header, decoded by their charset. */
export const decodeHeaderWords = (value: string): string => (value.includes('=?') ? decodeWords(value) : value);

/**
 * An address header as RFC 5322 writes it (quoted names with commas, groups, comments, encoded
 * words), parsed by postal-mime; each address lower-cased and bounded, at most
 * MAIL_LIMITS.recipients of them, entries without an address dropped.
 */
export const parseAddressList = (value: string | undefined): Address[] => {
  if (!value) return [];
  const addresses: Address[] = [];
  for (const mailbox of addressParser(value, { flatten: true }) as Mailbox[]) {
    if (addresses.length >= MAIL_LIMITS.recipients) break;
    const email = mailbox.address.trim().toLowerCase();
    if (!email.includes('@') || email.length > MAIL_LIMITS.address) continue;
    const name = clip(mailbox.name.trim(), MAIL_LIMITS.name);
    addresses.push({ ...(name ? { name } : {}), email });
  }
  return addresses;
};

/* ---------- message ids ---------- */

/** An id cut to MAIL_LIMITS.messageId, kept unique by the hash of the whole id. */
const boundedId = (id: string): string =>
  id.length <= MAIL_LIMITS.messageId ? id : `${id.slice(0, MAIL_LIMITS.messageId - 41)}#${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;

/** `<a@b>` → `a@b`; a header with comments or several ids yields its ids only. */
const messageIds = (value: string | undefined): string[] => {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<\s*([^<>\s]+)\s*>/g)].map((m) => m[1]!);
  if (bracketed.length) return bracketed.map(boundedId);
  // Some clients drop the brackets: split on folding whitespace or commas, minus (comments).
  return value
    .replace(/\([^)]*\)/g, ' ')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(boundedId);
};

/* ---------- bodies ---------- */

// Compiled once: compiling the selector tree per message would dominate parse time.
const htmlToText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'script', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => ({ selector: h, options: { uppercase: false } })),
    // Layout tables (Outlook, signatures) read best as one line per cell.
    ...['tr', 'td', 'th'].map((cell) => ({ selector: cell, format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } })),
    // Outlook writes every line as a margin-less <p class=MsoNormal>: a line, not a paragraph.
    { selector: 'p.MsoNormal', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  ],
});

const header = (part: Part, name: string): string | undefined =>
  part.headers?.find((h) => (h.name ?? '').toLowerCase() === name)?.value ?? undefined;

const charsetOf = (part: Part): string | undefined => /charset\s*=\s*"?([^";\s]+)"?/i.exec(header(part, 'content-type') ?? '')?.[1];

const isAttachment = (part: Part): boolean =>
  Boolean(part.filename) || /^\s*attachment/i.test(header(part, 'content-disposition') ?? '');

const tidyBody = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\u00A0/g, ' ')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();

// Empty <div><br></div> spacers and &nbsp; cells leave runs of blank and space-only lines.
const tidyHtmlText = (text: string): string =>
  tidyBody(text)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n');

/**
 * Walks the MIME tree in order. `withHtml` false skips HTML bodies, so an alternative with a
 * plain version never pays for an HTML conversion it would throw away.
 */
const collect = (part: Part | undefined, into: string[], withHtml: boolean): void => {
  if (!part || isAttachment(part)) return;
  const type = (part.mimeType ?? '').toLowerCase();
  if (type === 'text/plain' || (type === 'text/html' && withHtml)) {
    if (!part.body?.data) return;
    const decoded = clip(decodeCharset(Buffer.from(part.body.data, 'base64url'), charsetOf(part)), MAIL_LIMITS.part);
    const text = type === 'text/html' ? tidyHtmlText(htmlToText(decoded)) : tidyBody(decoded);
    if (!text.trim()) return;
    into.push(text);
  } else if (type === 'multipart/alternative') {
    const children = part.parts ?? [];
    const versionOf = (child: Part, html: boolean): string[] => {
      const version: string[] = [];
      collect(child, version, html);
      return version;
    };
    // RFC 2046 orders alternatives plainest first, so without a plain one the last is the richest.
    const chosen =
      children.map((child) => versionOf(child, false)).find((v) => v.length) ??
      (withHtml ? children.map((child) => versionOf(child, true)).findLast((v) => v.length) : undefined);
    if (chosen) into.push(...chosen);
  } else if (type.startsWith('multipart/')) {
    for (const child of part.parts ?? []) collect(child, into, withHtml);
  }
  // message/rfc822, delivery-status, calendars, images…: not text the sender wrote here.
};

export const messageText = (payload: Part | undefined): string => {
  const texts: string[] = [];
  collect(payload, texts, true);
  return clip(texts.join('\n\n'), MAIL_LIMITS.text);
};

/* ---------- bounces ---------- */

const DELIVERY_STATUS_TYPES = ['message/delivery-status', 'message/global-delivery-status'];

const findPart = (part: Part | undefined, test: (p: Part) => boolean): Part | undefined => {
  if (!part) return undefined;
  if (test(part)) return part;
  for (const child of part.parts ?? []) {
    const found = findPart(child, test);
    if (found) return found;
  }
  return undefined;
};

/** The body of a bounce's machine-readable report (RFC 3464), when Gmail delivered it inline. */
export const deliveryReport = (payload: Part | undefined): string | undefined => {
  const report = findPart(payload, (p) => DELIVERY_STATUS_TYPES.includes((p.mimeType ?? '').toLowerCase()));
  return report?.body?.data ? clip(Buffer.from(report.body.data, 'base64url').toString('utf8'), MAIL_LIMITS.part) : undefined;
};

/* ---------- message ---------- */

const KEPT_HEADERS = ['auto-submitted', 'precedence', 'x-autoreply', 'list-id', 'reply-to'] as const;

export const parseMessage = (message: gmail_v1.Schema$Message): ParsedMessage => {
  const headers = new Map<string, string>();
  for (const h of message.payload?.headers ?? []) {
    // First occurrence wins, as mail clients show it.
    const key = (h.name ?? '').toLowerCase();
    if (!headers.has(key)) headers.set(key, h.value ?? '');
  }
  const id = message.id ?? '';
  const from = parseAddressList(headers.get('from'))[0];
  const subject = clip(decodeHeaderWords(headers.get('subject') ?? ''), MAIL_LIMITS.subject);
  const text = messageText(message.payload);
  const own = text ? clip(ownText(text), MAIL_LIMITS.ownText) : '';
  const inReplyTo = messageIds(headers.get('in-reply-to'))[0];
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers.get(name);
    if (value !== undefined) kept[name] = clip(value, MAIL_LIMITS.header);
  }
  const autoReply = classifyAutoReply({
    headers,
    ...(headers.has('from') ? { from: headers.get('from') } : {}),
    subject,
    ownText: own,
    ...(message.payload?.mimeType ? { mimeType: message.payload.mimeType } : {}),
  });
  const report = autoReply === 'bounce' ? deliveryReport(message.payload) : undefined;
  const bounce = autoReply === 'bounce' ? readBounce({ text, headers, ...(report ? { report } : {}) }) : undefined;
  return {
    id,
    threadId: message.threadId ?? '',
    ...(from ? { from } : {}),
    to: parseAddressList(headers.get('to')),
    cc: parseAddressList(headers.get('cc')),
    subject,
    ...(headers.has('date') ? { date: clip(headers.get('date') ?? '', MAIL_LIMITS.header) } : {}),
    internalDate: Number(message.internalDate ?? 0),
    snippet: clip(message.snippet ?? '', MAIL_LIMITS.snippet),
    text,
    labelIds: message.labelIds ?? [],
    ...(message.historyId ? { historyId: message.historyId } : {}),
    messageId: messageIds(headers.get('message-id'))[0] ?? `gmail-${id}@local`,
    ...(inReplyTo ? { inReplyTo } : {}),
    references: messageIds(headers.get('references')).slice(-MAIL_LIMITS.references),
    ownText: own,
    autoReply,
    ...(bounce ? { bounce } : {}),
    headers: kept,
  };
};
