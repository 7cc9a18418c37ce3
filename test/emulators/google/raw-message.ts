/**
 * Messages that arrived as raw RFC 822 bytes (users.messages.insert/import): Gmail's payload tree
 * for format=full|metadata, the original bytes for format=raw, attachments by id, and the fields
 * search, snippets and the viewer read.
 */
import type { gmail_v1 } from '@googleapis/gmail';
import { addressParser, decodeWords, type Mailbox } from 'postal-mime';
import { headerValue, parseMime, walkParts, type MimeNode, type RawHeader } from './rfc822';

const parsed = new WeakMap<object, MimeNode>();

/** The parsed tree of a raw message, parsed once per stored message. */
export const mimeOf = (m: { raw: string }): MimeNode => {
  let node = parsed.get(m);
  if (!node) parsed.set(m, (node = parseMime(Buffer.from(m.raw, 'base64'))));
  return node;
};

const ATTACHMENT_PREFIX = 'ANGjdJ';

export const attachmentIdFor = (messageId: string, partId: string): string => `${ATTACHMENT_PREFIX}${Buffer.from(`${messageId}/${partId}`).toString('base64url')}`;

/** The part an attachment id names, if it belongs to this message. */
export const attachmentPart = (m: { id: string; raw: string }, attachmentId: string): MimeNode | undefined => {
  if (!attachmentId.startsWith(ATTACHMENT_PREFIX)) return undefined;
  const [messageId, partId] = Buffer.from(attachmentId.slice(ATTACHMENT_PREFIX.length), 'base64url').toString('utf8').split('/');
  if (messageId !== m.id || partId === undefined) return undefined;
  let found: MimeNode | undefined;
  walkParts(mimeOf(m), (node, id) => {
    if (id === partId && !node.parts.length) found = node;
  });
  return found;
};

const toPart = (node: MimeNode, partId: string, messageId: string, headers: RawHeader[]): gmail_v1.Schema$MessagePart => {
  const part: gmail_v1.Schema$MessagePart = { partId, mimeType: node.mimeType, filename: node.filename, headers: headers.map((h) => ({ name: h.name, value: h.value })) };
  if (node.parts.length) {
    part.body = { size: 0 };
    part.parts = node.parts.map((child, i) => toPart(child, partId === '' ? String(i) : `${partId}.${i}`, messageId, child.headers));
  } else if (node.filename) {
    // Gmail serves a named part by reference: fetch it with users.messages.attachments.get.
    part.body = { attachmentId: attachmentIdFor(messageId, partId), size: node.body.length };
  } else {
    part.body = node.body.length ? { size: node.body.length, data: node.body.toString('base64url') } : { size: 0 };
  }
  return part;
};

/** format=full: the whole tree; format=metadata: the top headers only (optionally filtered). */
export const rawPayload = (m: { id: string; raw: string }, format: 'full' | 'metadata', metadataHeaders: string[]): gmail_v1.Schema$MessagePart => {
  const root = mimeOf(m);
  if (format === 'metadata') {
    const wanted = metadataHeaders.map((x) => x.toLowerCase());
    const headers = wanted.length ? root.headers.filter((h) => wanted.includes(h.name.toLowerCase())) : root.headers;
    return { mimeType: root.mimeType, headers: headers.map((h) => ({ name: h.name, value: h.value })) };
  }
  return toPart(root, '', m.id, root.headers);
};

const decodeText = (bytes: Buffer, charset: string | undefined): string => {
  try {
    return new TextDecoder((charset ?? 'utf-8').toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
};

const crudeHtmlText = (html: string): string =>
  html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(?:p|div|tr|li|h\d)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The first plain text (else HTML as text): what search, snippets and the viewer read. */
export const searchTextOf = (root: MimeNode): string => {
  let plain: string | undefined;
  let html: string | undefined;
  walkParts(root, (node) => {
    if (node.parts.length || node.filename) return;
    if (node.mimeType === 'text/plain' && plain === undefined) plain = decodeText(node.body, node.params.charset);
    if (node.mimeType === 'text/html' && html === undefined) html = crudeHtmlText(decodeText(node.body, node.params.charset));
  });
  return (plain ?? html ?? '').replace(/\r\n?/g, '\n');
};

const addressesIn = (value: string | undefined): string[] =>
  value
    ? (addressParser(value, { flatten: true }) as Mailbox[]).map((a) => (a.name ? `${a.name.replace(/["\\]/g, '')} <${a.address}>` : a.address)).filter((a) => a.includes('@'))
    : [];

const ids = (value: string | undefined): string[] => [...(value ?? '').matchAll(/<[^<>\s]+>/g)].map((x) => x[0]);

export type RawFields = {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  messageId?: string;
  inReplyTo?: string;
  references: string[];
  date?: number;
};

/** The fields the emulator's search and threading read, taken from the raw headers. */
export const rawFields = (root: MimeNode): RawFields => {
  const h = (name: string) => headerValue(root.headers, name);
  const date = h('date') ? Date.parse(h('date')!.replace(/\s*\([^)]*\)\s*$/, '')) : NaN;
  const inReplyTo = ids(h('in-reply-to'))[0];
  const messageId = ids(h('message-id'))[0];
  return {
    from: addressesIn(h('from'))[0] ?? decodeWords(h('from') ?? ''),
    to: addressesIn(h('to')),
    cc: addressesIn(h('cc')),
    bcc: addressesIn(h('bcc')),
    subject: h('subject') ?? '',
    body: searchTextOf(root),
    ...(messageId ? { messageId } : {}),
    ...(inReplyTo ? { inReplyTo } : {}),
    references: ids(h('references')),
    ...(Number.isNaN(date) ? {} : { date }),
  };
};
