/**
 * Parses a raw RFC 822 / MIME message into the tree Gmail's `format=full` serves: every header in
 * order (unfolded, encoded words decoded), each leaf's bytes with the transfer encoding removed
 * but still in the part's own charset, multipart children in order.
 */
import { decodeWords } from 'postal-mime';

export type RawHeader = { name: string; value: string };

export type MimeNode = {
  headers: RawHeader[];
  /** lower-case type/subtype; text/plain when absent (RFC 2045), message/rfc822 parts stay leaves */
  mimeType: string;
  params: Record<string, string>;
  filename: string;
  /** decoded bytes of a leaf (empty for multipart) */
  body: Buffer;
  parts: MimeNode[];
};

const CRLF_CRLF = /\r?\n\r?\n/;

/** Splits at the first empty line; a message without one is all headers. */
const splitHead = (raw: Buffer): { head: string; body: Buffer } => {
  const text = raw.toString('latin1');
  const m = CRLF_CRLF.exec(text);
  if (!m) return { head: text, body: Buffer.alloc(0) };
  return { head: text.slice(0, m.index), body: raw.subarray(m.index + m[0].length) };
};

/** Raw 8-bit header bytes are read as UTF-8 when they are valid UTF-8 (as Gmail shows them), else Latin-1. */
const headerText = (latin1: string): string => {
  if (!/[^\x20-\x7e\t]/.test(latin1)) return latin1;
  const bytes = Buffer.from(latin1, 'latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return latin1;
  }
};

// Address headers keep their encoded words (the reader's address parser decodes them inside the
// quoting); a decoded "Müller, Hans" would otherwise split into two addresses.
const ADDRESS_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'reply-to', 'sender', 'resent-from', 'resent-to', 'delivered-to', 'return-path']);

export const parseHeaders = (head: string): RawHeader[] => {
  const out: RawHeader[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && out.length) {
      out[out.length - 1]!.value += line.replace(/^[ \t]+/, ' ');
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    out.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return out.map((h) => {
    const value = headerText(h.value);
    return { name: h.name, value: ADDRESS_HEADERS.has(h.name.toLowerCase()) ? value : decodeWords(value) };
  });
};

const headerOf = (headers: RawHeader[], name: string): string | undefined => headers.find((h) => h.name.toLowerCase() === name)?.value;

/** `type/sub; a=b; c="d"; name*=utf-8''x%20y` → type and params (RFC 2231 continuations joined). */
export const parseStructured = (value: string | undefined): { value: string; params: Record<string, string> } => {
  if (!value) return { value: '', params: {} };
  const [first, ...rest] = value.match(/(?:[^;"]+|"(?:[^"\\]|\\.)*")+/g) ?? [''];
  const params: Record<string, string> = {};
  const continued: Record<string, Array<{ n: number; v: string; encoded: boolean }>> = {};
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq < 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    let v = piece.slice(eq + 1).trim();
    if (v.startsWith('"')) v = v.slice(1, -1).replace(/\\(.)/g, '$1');
    const cont = /^([^*]+)\*(\d+)?(\*)?$/.exec(key);
    if (cont) (continued[cont[1]!] ??= []).push({ n: Number(cont[2] ?? 0), v, encoded: Boolean(cont[3]) || (!cont[2] && key.endsWith('*')) });
    else params[key] = decodeWords(v);
  }
  for (const [key, pieces] of Object.entries(continued)) {
    pieces.sort((a, b) => a.n - b.n);
    let charset = 'utf-8';
    const bytes: number[] = [];
    pieces.forEach((p, i) => {
      let v = p.v;
      if (p.encoded && i === 0) {
        const m = /^([^']*)'[^']*'(.*)$/.exec(v);
        if (m) [charset, v] = [m[1] || 'utf-8', m[2]!];
      }
      if (p.encoded) v.replace(/%([0-9a-f]{2})|[\s\S]/gi, (all, hex: string | undefined) => (bytes.push(...(hex ? [parseInt(hex, 16)] : Buffer.from(all, 'latin1'))), ''));
      else bytes.push(...Buffer.from(v, 'latin1'));
    });
    let decoded: string;
    try {
      decoded = new TextDecoder(charset).decode(Uint8Array.from(bytes));
    } catch {
      decoded = Buffer.from(bytes).toString('utf8');
    }
    params[key] = decoded;
  }
  return { value: (first ?? '').trim().toLowerCase(), params };
};

const decodeQuotedPrintable = (body: Buffer): Buffer => {
  const text = body.toString('latin1').replace(/[ \t]+(\r?\n)/g, '$1').replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(text.charCodeAt(i) & 0xff);
  }
  return Buffer.from(out);
};

const decodeTransfer = (body: Buffer, encoding: string | undefined): Buffer => {
  const e = (encoding ?? '').trim().toLowerCase();
  if (e === 'base64') return Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/]/g, ''), 'base64');
  if (e === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
};

/** Children between `--boundary` lines; the preamble and epilogue are dropped, as Gmail does. */
const splitMultipart = (body: Buffer, boundary: string): Buffer[] => {
  const text = body.toString('latin1');
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?=\\r?\\n|$)`, 'g');
  const parts: Buffer[] = [];
  let start = -1;
  for (const m of text.matchAll(delimiter)) {
    if (start >= 0) parts.push(body.subarray(start, m.index));
    if (m[1]) return parts;
    const after = m.index + m[0].length;
    start = after + (text.startsWith('\r\n', after) ? 2 : text.startsWith('\n', after) ? 1 : 0);
  }
  if (start >= 0 && start < body.length) parts.push(body.subarray(start));
  return parts;
};

const MAX_DEPTH = 20;

export const parseMime = (raw: Buffer, depth = 0): MimeNode => {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = parseStructured(headerOf(headers, 'content-type'));
  const disposition = parseStructured(headerOf(headers, 'content-disposition'));
  const mimeType = type.value.includes('/') ? type.value : 'text/plain';
  const filename = disposition.params.filename ?? type.params.name ?? '';
  const node: MimeNode = { headers, mimeType, params: type.params, filename, body: Buffer.alloc(0), parts: [] };
  if (mimeType.startsWith('multipart/') && type.params.boundary && depth < MAX_DEPTH) {
    node.parts = splitMultipart(body, type.params.boundary).map((child) => parseMime(child, depth + 1));
    // A multipart without a single delimiter is served as its text, as Gmail does with broken mail.
    if (node.parts.length) return node;
  }
  node.body = decodeTransfer(body, headerOf(headers, 'content-transfer-encoding'));
  return node;
};

export const headerValue = headerOf;

/** Leaves in document order with Gmail's part ids ("0", "1.0", …; the root is ""). */
export const walkParts = (node: MimeNode, visit: (n: MimeNode, partId: string) => void, partId = ''): void => {
  visit(node, partId);
  node.parts.forEach((child, i) => walkParts(child, visit, partId === '' ? String(i) : `${partId}.${i}`));
};
