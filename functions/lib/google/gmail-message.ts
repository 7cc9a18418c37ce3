import type { gmail_v1 } from '@googleapis/gmail';

/** A Gmail message reduced to what the product reads: addresses, subject, dates and plain text. */
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
  /** text/plain when present, else text/html with tags stripped; '' for metadata/minimal formats. */
  text: string;
  labelIds: string[];
  historyId?: string;
};

/**
 * Splits an address list on commas outside quotes and angle brackets:
 * `"Doe, Jane" <jane@x.com>, sam@y.com` is two addresses, not three.
 */
export const parseAddressList = (value: string | undefined): Address[] => {
  if (!value) return [];
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angle = 0;
  for (const ch of value) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '<' && !quoted) angle += 1;
    else if (ch === '>' && !quoted) angle = Math.max(0, angle - 1);
    if (ch === ',' && !quoted && angle === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map(parseAddress).filter((a): a is Address => a !== undefined);
};

export const parseAddress = (raw: string): Address | undefined => {
  const text = raw.trim();
  if (!text) return undefined;
  const angled = /^(.*?)<\s*([^<>\s]+)\s*>\s*$/.exec(text);
  if (angled) {
    const name = angled[1]!.trim().replace(/^"(.*)"$/, '$1').trim();
    return { ...(name ? { name } : {}), email: angled[2]!.toLowerCase() };
  }
  const bare = /[^\s<>"]+@[^\s<>"]+/.exec(text);
  return bare ? { email: bare[0].toLowerCase() } : undefined;
};

const decode = (data: string | null | undefined): string => (data ? Buffer.from(data, 'base64url').toString('utf8') : '');

const htmlToText = (html: string): string =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Depth-first: the first text/plain part wins; attachments (parts with a filename) are skipped. */
const findPart = (part: gmail_v1.Schema$MessagePart | undefined, mimeType: string): gmail_v1.Schema$MessagePart | undefined => {
  if (!part) return undefined;
  if (part.mimeType === mimeType && !part.filename && part.body?.data) return part;
  for (const child of part.parts ?? []) {
    const found = findPart(child, mimeType);
    if (found) return found;
  }
  return undefined;
};

export const messageText = (payload: gmail_v1.Schema$MessagePart | undefined): string => {
  const plain = findPart(payload, 'text/plain');
  if (plain) return decode(plain.body?.data).replace(/\r\n/g, '\n');
  const html = findPart(payload, 'text/html');
  return html ? htmlToText(decode(html.body?.data)) : '';
};

export const parseMessage = (message: gmail_v1.Schema$Message): ParsedMessage => {
  const headers = new Map<string, string>();
  for (const h of message.payload?.headers ?? []) {
    // First occurrence wins, as mail clients show it.
    const key = (h.name ?? '').toLowerCase();
    if (!headers.has(key)) headers.set(key, h.value ?? '');
  }
  const from = parseAddressList(headers.get('from'))[0];
  return {
    id: message.id ?? '',
    threadId: message.threadId ?? '',
    ...(from ? { from } : {}),
    to: parseAddressList(headers.get('to')),
    cc: parseAddressList(headers.get('cc')),
    subject: headers.get('subject') ?? '',
    ...(headers.has('date') ? { date: headers.get('date') } : {}),
    internalDate: Number(message.internalDate ?? 0),
    snippet: message.snippet ?? '',
    text: messageText(message.payload),
    labelIds: message.labelIds ?? [],
    ...(message.historyId ? { historyId: message.historyId } : {}),
  };
};
