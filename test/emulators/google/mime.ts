/** Renders stored messages as Gmail API resources (payload, raw RFC 2822, snippet). */
import type { gmail_v1 } from '@googleapis/gmail';
import type { QAddress } from './gmail-query';
import { rawPayload } from './raw-message';

export type MessageLike = {
  id: string;
  threadId: string;
  historyId: number;
  internalDate: number;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  labelIds: string[];
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  /** extra headers (a seed message's Auto-Submitted, X-Autoreply...), after the standard ones */
  headers?: Record<string, string>;
  /** the original RFC 822 bytes, base64, of mail inserted or imported raw: served as parsed, not rebuilt */
  raw?: string;
};

const WD = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MO = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number) => String(n).padStart(2, '0');

/** RFC 2822 date in UTC: "Mon, 12 Jan 2026 09:14:00 +0000" */
export const rfc2822Date = (ms: number): string => {
  const d = new Date(ms);
  return `${WD[d.getUTCDay()]}, ${d.getUTCDate()} ${MO[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
};

export const base64url = (s: string | Buffer): string => Buffer.from(s).toString('base64url');

/** Parses "Name <a@b>", "\"Name, Jr\" <a@b>" or "a@b". */
export const parseAddress = (raw: string): QAddress => {
  const m = /^\s*(?:"?([^"<]*?)"?\s*)?<([^>]+)>\s*$/.exec(raw);
  if (m) return { name: (m[1] ?? '').trim(), email: m[2]!.trim() };
  return { name: '', email: raw.trim() };
};

export const parseAddressList = (list: string[]): QAddress[] => list.filter((x) => x.trim() !== '').map(parseAddress);

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Gmail's snippet: the start of the text body, whitespace collapsed, HTML-escaped. */
export const snippetOf = (body: string): string => {
  const text = body.replace(/\s+/g, ' ').trim();
  const cut = text.length > 200 ? text.slice(0, 200).replace(/\s+\S*$/, '') : text;
  return escapeHtml(cut);
};

export const htmlOf = (body: string): string => {
  const blocks = body.split('\n').map((line) => (line.startsWith('>') ? `<span class="gmail_quote">${escapeHtml(line)}</span>` : escapeHtml(line)));
  return `<div dir="ltr">${blocks.join('<br>')}</div>\r\n`;
};

/** RFC 2047 encoded-word when needed */
const encodeHeader = (v: string): string => (/^[\x20-\x7e]*$/.test(v) ? v : `=?UTF-8?B?${Buffer.from(v).toString('base64')}?=`);
const encodeAddress = (raw: string): string => {
  const a = parseAddress(raw);
  if (!a.name) return a.email;
  return /^[\x20-\x7e]*$/.test(a.name) ? raw : `${encodeHeader(a.name)} <${a.email}>`;
};

/** quoted-printable (RFC 2045) for UTF-8 text, soft line breaks at 76 */
export const quotedPrintable = (text: string): string => {
  const bytes = Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8');
  const lines: string[] = [];
  let line = '';
  const push = (chunk: string) => {
    if (line.length + chunk.length > 75) {
      lines.push(`${line}=`);
      line = '';
    }
    line += chunk;
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x0d && bytes[i + 1] === 0x0a) {
      if (line.endsWith(' ') || line.endsWith('\t')) line = `${line.slice(0, -1)}=${line.endsWith(' ') ? '20' : '09'}`;
      lines.push(line);
      line = '';
      i++;
      continue;
    }
    if ((b >= 33 && b <= 126 && b !== 61) || b === 32 || b === 9) push(String.fromCharCode(b));
    else push(`=${b.toString(16).toUpperCase().padStart(2, '0')}`);
  }
  lines.push(line);
  return lines.join('\r\n');
};

const boundaryOf = (m: MessageLike) => `000000000000${m.id.slice(-12).padStart(12, '0')}`;

export type Header = { name: string; value: string };

export const headersOf = (m: MessageLike, mailbox: string): Header[] => {
  const sent = m.labelIds.includes('SENT');
  const h: Header[] = [];
  if (!sent) h.push({ name: 'Delivered-To', value: mailbox });
  h.push({ name: 'MIME-Version', value: '1.0' });
  h.push({ name: 'Date', value: rfc2822Date(m.internalDate) });
  if (m.references && m.references.length > 0) h.push({ name: 'References', value: m.references.join(' ') });
  if (m.inReplyTo) h.push({ name: 'In-Reply-To', value: m.inReplyTo });
  h.push({ name: 'Message-ID', value: m.messageId });
  h.push({ name: 'Subject', value: m.subject });
  h.push({ name: 'From', value: m.from });
  if (m.to.length) h.push({ name: 'To', value: m.to.join(', ') });
  if (m.cc.length) h.push({ name: 'Cc', value: m.cc.join(', ') });
  const standard = new Set([...h.map((x) => x.name.toLowerCase()), 'content-type']);
  for (const [name, value] of Object.entries(m.headers ?? {})) if (!standard.has(name.toLowerCase())) h.push({ name, value });
  h.push({ name: 'Content-Type', value: `multipart/alternative; boundary="${boundaryOf(m)}"` });
  return h;
};

export const rawOf = (m: MessageLike, mailbox: string): string => {
  const b = boundaryOf(m);
  const headerLines = headersOf(m, mailbox).map((h) => {
    if (h.name === 'Subject') return `Subject: ${encodeHeader(h.value)}`;
    if (h.name === 'From') return `From: ${encodeAddress(h.value)}`;
    if (h.name === 'To' || h.name === 'Cc') return `${h.name}: ${(h.name === 'To' ? m.to : m.cc).map(encodeAddress).join(', ')}`;
    return `${h.name}: ${h.value}`;
  });
  return [
    ...headerLines,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(m.body),
    '',
    `--${b}`,
    'Content-Type: text/html; charset="UTF-8"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(htmlOf(m.body)),
    '',
    `--${b}--`,
    '',
  ].join('\r\n');
};

export type MessageFormat = 'full' | 'metadata' | 'minimal' | 'raw';

export const renderMessage = (m: MessageLike & { size?: number }, mailbox: string, format: MessageFormat, metadataHeaders: string[] = []): gmail_v1.Schema$Message => {
  const raw = m.raw !== undefined ? Buffer.from(m.raw, 'base64') : format === 'raw' || m.size === undefined ? rawOf(m, mailbox) : '';
  m.size ??= Buffer.byteLength(raw);
  const base: gmail_v1.Schema$Message = {
    id: m.id,
    threadId: m.threadId,
    labelIds: [...m.labelIds],
    snippet: snippetOf(m.body),
    sizeEstimate: m.size,
    historyId: String(m.historyId),
    internalDate: String(m.internalDate),
  };
  if (format === 'minimal') return base;
  if (format === 'raw') return { ...base, raw: base64url(raw) };
  if (m.raw !== undefined) return { ...base, payload: rawPayload(m as MessageLike & { raw: string }, format, metadataHeaders) };
  const headers = headersOf(m, mailbox);
  if (format === 'metadata') {
    const wanted = metadataHeaders.map((x) => x.toLowerCase());
    return {
      ...base,
      payload: {
        mimeType: 'multipart/alternative',
        headers: wanted.length ? headers.filter((h) => wanted.includes(h.name.toLowerCase())) : headers,
      },
    };
  }
  const plain = Buffer.from(m.body, 'utf8');
  const html = Buffer.from(htmlOf(m.body), 'utf8');
  return {
    ...base,
    payload: {
      partId: '',
      mimeType: 'multipart/alternative',
      filename: '',
      headers,
      body: { size: 0 },
      parts: [
        {
          partId: '0',
          mimeType: 'text/plain',
          filename: '',
          headers: [
            { name: 'Content-Type', value: 'text/plain; charset="UTF-8"' },
            { name: 'Content-Transfer-Encoding', value: 'quoted-printable' },
          ],
          body: { size: plain.length, data: base64url(plain) },
        },
        {
          partId: '1',
          mimeType: 'text/html',
          filename: '',
          headers: [
            { name: 'Content-Type', value: 'text/html; charset="UTF-8"' },
            { name: 'Content-Transfer-Encoding', value: 'quoted-printable' },
          ],
          body: { size: html.length, data: base64url(html) },
        },
      ],
    },
  };
};
