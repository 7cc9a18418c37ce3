/**
 * Gmail search (`q`): tokenizer, recursive-descent parser and matcher.
 *
 * Supported: implicit AND, AND, OR, parentheses, `-` negation, `{a b}` (any of), "quoted
 * phrases", operators from: to: cc: bcc: deliveredto: subject: label: in: is: has: category:
 * after: before: older: newer: newer_than: older_than: rfc822msgid: larger: smaller: list:,
 * operator values that are groups (`from:(a OR b)`, `to:{a b}`), bare words against subject,
 * body and address headers. Dates as YYYY/MM/DD (midnight America/Los_Angeles, as Gmail
 * documents) or epoch seconds.
 */

export type QNode =
  | { type: 'and'; children: QNode[] }
  | { type: 'or'; children: QNode[] }
  | { type: 'not'; child: QNode }
  | { type: 'term'; field: string | null; value: string; quoted: boolean };

export const OPERATORS = new Set([
  'from', 'to', 'cc', 'bcc', 'deliveredto', 'subject', 'label', 'in', 'is', 'has', 'category', 'after', 'before', 'older', 'newer',
  'newer_than', 'older_than', 'rfc822msgid', 'larger', 'smaller', 'size', 'list', 'filename',
]);

export type Token =
  | { t: 'lparen' | 'rparen' | 'lbrace' | 'rbrace' | 'minus' | 'or' | 'and'; adjacent: boolean }
  | { t: 'op'; v: string; adjacent: boolean }
  | { t: 'word' | 'phrase'; v: string; adjacent: boolean };

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const SPECIAL = '(){}"';

export const tokenize = (input: string): Token[] => {
  const out: Token[] = [];
  let i = 0;
  let adjacent = false;
  while (i < input.length) {
    const c = input[i]!;
    if (isSpace(c)) {
      i++;
      adjacent = false;
      continue;
    }
    if (c === '(' || c === ')' || c === '{' || c === '}') {
      out.push({ t: c === '(' ? 'lparen' : c === ')' ? 'rparen' : c === '{' ? 'lbrace' : 'rbrace', adjacent });
      i++;
      adjacent = true;
      continue;
    }
    if (c === '"') {
      const end = input.indexOf('"', i + 1);
      const v = end === -1 ? input.slice(i + 1) : input.slice(i + 1, end);
      out.push({ t: 'phrase', v, adjacent });
      i = end === -1 ? input.length : end + 1;
      adjacent = true;
      continue;
    }
    const prev = out[out.length - 1];
    const atTermStart = !adjacent || (prev !== undefined && (prev.t === 'lparen' || prev.t === 'lbrace'));
    if (c === '-' && atTermStart && i + 1 < input.length && !isSpace(input[i + 1]!)) {
      out.push({ t: 'minus', adjacent });
      i++;
      adjacent = true;
      continue;
    }
    let j = i;
    while (j < input.length && !isSpace(input[j]!) && !SPECIAL.includes(input[j]!)) j++;
    const word = input.slice(i, j);
    const colon = word.indexOf(':');
    if (colon > 0 && OPERATORS.has(word.slice(0, colon).toLowerCase())) {
      out.push({ t: 'op', v: word.slice(0, colon).toLowerCase(), adjacent });
      i += colon + 1;
      adjacent = true;
      continue;
    }
    if (word === 'OR') out.push({ t: 'or', adjacent });
    else if (word === 'AND') out.push({ t: 'and', adjacent });
    else out.push({ t: 'word', v: word, adjacent });
    i = j;
    adjacent = true;
  }
  return out;
};

const and = (children: QNode[]): QNode => (children.length === 1 ? children[0]! : { type: 'and', children });
const or = (children: QNode[]): QNode => (children.length === 1 ? children[0]! : { type: 'or', children });

const withField = (node: QNode, field: string): QNode => {
  switch (node.type) {
    case 'term':
      return node.field === null ? { ...node, field } : node;
    case 'not':
      return { type: 'not', child: withField(node.child, field) };
    default:
      return { type: node.type, children: node.children.map((c) => withField(c, field)) };
  }
};

/** Parses a Gmail query. Lenient like Gmail: stray closers are ignored, unclosed groups close at the end. */
export const parseQuery = (input: string): QNode => {
  const toks = tokenize(input);
  let pos = 0;
  const peek = () => toks[pos];

  const parseOr = (): QNode => {
    const children = [parseAnd()];
    while (peek()?.t === 'or') {
      pos++;
      children.push(parseAnd());
    }
    return or(children.filter((c) => !(c.type === 'and' && c.children.length === 0)));
  };

  const parseAnd = (): QNode => {
    const children: QNode[] = [];
    for (;;) {
      const tok = peek();
      if (!tok || tok.t === 'rparen' || tok.t === 'rbrace' || tok.t === 'or') break;
      if (tok.t === 'and') {
        pos++;
        continue;
      }
      children.push(parseUnary());
    }
    return children.length === 1 ? children[0]! : { type: 'and', children };
  };

  const parseUnary = (): QNode => {
    const tok = peek();
    if (tok?.t === 'minus') {
      pos++;
      const next = peek();
      if (!next || next.t === 'rparen' || next.t === 'rbrace' || next.t === 'or') return { type: 'term', field: null, value: '-', quoted: false };
      return { type: 'not', child: parseUnary() };
    }
    return parsePrimary();
  };

  const parseBraceGroup = (): QNode => {
    const children: QNode[] = [];
    for (;;) {
      const tok = peek();
      if (!tok) break;
      if (tok.t === 'rbrace') {
        pos++;
        break;
      }
      if (tok.t === 'or' || tok.t === 'and' || tok.t === 'rparen') {
        pos++;
        continue;
      }
      children.push(parseUnary());
    }
    return or(children);
  };

  const parsePrimary = (): QNode => {
    const tok = toks[pos++]!;
    switch (tok.t) {
      case 'lparen': {
        const inner = parseOr();
        if (peek()?.t === 'rparen') pos++;
        return inner;
      }
      case 'lbrace':
        return parseBraceGroup();
      case 'op':
        return parseOperatorValue(tok.v);
      case 'word':
      case 'phrase':
        return { type: 'term', field: null, value: tok.v, quoted: tok.t === 'phrase' };
      default:
        // a stray ')' or '}' inside an AND run: ignore it
        return { type: 'and', children: [] };
    }
  };

  const parseOperatorValue = (field: string): QNode => {
    const next = peek();
    if (!next || !next.adjacent) return { type: 'term', field, value: '', quoted: false };
    switch (next.t) {
      case 'word':
      case 'phrase':
        pos++;
        return { type: 'term', field, value: next.v, quoted: next.t === 'phrase' };
      case 'lparen': {
        pos++;
        const inner = parseOr();
        if (peek()?.t === 'rparen') pos++;
        return withField(inner, field);
      }
      case 'lbrace':
        pos++;
        return withField(parseBraceGroup(), field);
      case 'minus': {
        pos++;
        const v = peek();
        if (v && (v.t === 'word' || v.t === 'phrase') && v.adjacent) {
          pos++;
          return { type: 'term', field, value: `-${v.v}`, quoted: false };
        }
        return { type: 'term', field, value: '-', quoted: false };
      }
      default:
        return { type: 'term', field, value: '', quoted: false };
    }
  };

  const parts: QNode[] = [];
  while (pos < toks.length) {
    const tok = peek()!;
    if (tok.t === 'rparen' || tok.t === 'rbrace' || tok.t === 'or') {
      pos++;
      continue;
    }
    parts.push(parseOr());
  }
  return and(parts.length === 0 ? [] : parts);
};

// ---------------------------------------------------------------- matching

export type QAddress = { name: string; email: string };

export type Searchable = {
  from: QAddress[];
  to: QAddress[];
  cc: QAddress[];
  bcc: QAddress[];
  deliveredTo?: string;
  subject: string;
  body: string;
  labelIds: string[];
  /** ms since epoch */
  internalDate: number;
  messageId: string;
  sizeEstimate: number;
};

const tokenCache = new WeakMap<object, Map<string, string[]>>();
const words = (s: string): string[] => s.toLowerCase().normalize('NFKC').split(/[^\p{L}\p{N}]+/u).filter(Boolean);

const tokensOf = (owner: object, key: string, text: () => string): string[] => {
  let m = tokenCache.get(owner);
  if (!m) tokenCache.set(owner, (m = new Map()));
  let t = m.get(key);
  if (!t) m.set(key, (t = words(text())));
  return t;
};

const containsSeq = (hay: string[], needle: string[]): boolean => {
  if (needle.length === 0) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
};

/** Builds a predicate for one address term (value normalised once). Addresses are compared lower-cased. */
const addressPredicate = (raw: string, quoted: boolean): ((list: QAddress[]) => boolean) => {
  const value = raw.trim().replace(/^<|>$/g, '').toLowerCase();
  if (!value) return () => false;
  if (value.includes('@')) {
    if (value.startsWith('@')) return (list) => list.some((a) => a.email.toLowerCase().endsWith(value));
    return (list) => list.some((a) => a.email.toLowerCase() === value);
  }
  const needle = words(value);
  const asDomain = value.includes('.') && !quoted;
  return (list) =>
    list.some((a) => {
      const email = a.email.toLowerCase();
      const domain = email.slice(email.indexOf('@') + 1);
      if (asDomain && (domain === value || domain.endsWith(`.${value}`))) return true;
      return containsSeq(words(`${a.name} ${email}`), needle);
    });
};

const LA = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'shortOffset' });
const laOffsetMinutes = (ms: number): number => {
  const part = LA.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-8';
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(part);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
};

/** Gmail date value → ms. YYYY/MM/DD, YYYY-MM-DD, MM/DD/YYYY = midnight America/Los_Angeles; digits only = epoch seconds. */
export const parseGmailDate = (value: string): number | undefined => {
  const v = value.trim();
  if (/^\d{9,11}$/.test(v)) return Number(v) * 1000;
  let y: number, mo: number, d: number;
  let m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(v);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v))) [y, mo, d] = [Number(m[3]), Number(m[1]), Number(m[2])];
  else return undefined;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  const utcMidnight = Date.UTC(y, mo - 1, d);
  const offset = laOffsetMinutes(utcMidnight + 12 * 3_600_000);
  return utcMidnight - offset * 60_000;
};

/** newer_than / older_than value → ms span (d, m = months (30 d), y = 365 d; h accepted). */
export const parseRelative = (value: string): number | undefined => {
  const m = /^(\d+)([dmyh])$/i.exec(value.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  const day = 86_400_000;
  return unit === 'h' ? n * 3_600_000 : unit === 'd' ? n * day : unit === 'm' ? n * 30 * day : n * 365 * day;
};

const parseSize = (value: string): number | undefined => {
  const m = /^(\d+)([kKmM]?)$/.exec(value.trim());
  if (!m) return undefined;
  return Number(m[1]) * (m[2]?.toLowerCase() === 'k' ? 1024 : m[2]?.toLowerCase() === 'm' ? 1024 * 1024 : 1);
};

const LABEL_ALIASES: Record<string, string> = {
  inbox: 'INBOX', sent: 'SENT', spam: 'SPAM', trash: 'TRASH', unread: 'UNREAD', starred: 'STARRED', important: 'IMPORTANT', draft: 'DRAFT', drafts: 'DRAFT', chats: 'CHAT', chat: 'CHAT',
};
const CATEGORIES: Record<string, string> = { primary: 'CATEGORY_PERSONAL', personal: 'CATEGORY_PERSONAL', social: 'CATEGORY_SOCIAL', promotions: 'CATEGORY_PROMOTIONS', updates: 'CATEGORY_UPDATES', forums: 'CATEGORY_FORUMS' };

export type MatchContext = { now: number; me?: string };
export type Matcher = (m: Searchable) => boolean;

const textOf = (m: Searchable): string =>
  [m.subject, m.body, ...[...m.from, ...m.to, ...m.cc].map((a) => `${a.name} ${a.email}`)].join('\n');

const never: Matcher = () => false;
const always: Matcher = () => true;

const compileTerm = (node: Extract<QNode, { type: 'term' }>, ctx: MatchContext): Matcher => {
  const value = node.value;
  const lower = value.toLowerCase();
  const field = node.field;
  if (field === 'from' || field === 'to' || field === 'cc' || field === 'bcc') {
    const pick = (m: Searchable) => (field === 'from' ? m.from : field === 'to' ? m.to : field === 'cc' ? m.cc : m.bcc);
    if (lower === 'me' && ctx.me) {
      const me = ctx.me.toLowerCase();
      return (m) => pick(m).some((a) => a.email.toLowerCase() === me);
    }
    const test = addressPredicate(value, node.quoted);
    return (m) => test(pick(m));
  }
  switch (field) {
    case null: {
      if (!value) return always;
      const needle = words(value);
      return (m) => containsSeq(tokensOf(m, 'all', () => textOf(m)), needle);
    }
    case 'deliveredto': {
      const test = addressPredicate(value, node.quoted);
      return (m) => m.deliveredTo !== undefined && test([{ name: '', email: m.deliveredTo }]);
    }
    case 'subject': {
      if (!value) return never;
      const needle = words(value);
      return (m) => containsSeq(tokensOf(m, 'subject', () => m.subject), needle);
    }
    case 'label': {
      const id = (LABEL_ALIASES[lower] ?? CATEGORIES[lower.replace(/^category[-_/]/, '')] ?? value).toLowerCase();
      return (m) => m.labelIds.some((l) => l.toLowerCase() === id || l.toLowerCase().replace(/[\s/]/g, '-') === lower);
    }
    case 'in': {
      if (lower === 'anywhere') return always;
      const id = LABEL_ALIASES[lower] ?? value.toUpperCase();
      return (m) => m.labelIds.includes(id);
    }
    case 'is': {
      if (lower === 'read') return (m) => !m.labelIds.includes('UNREAD');
      const id = LABEL_ALIASES[lower] ?? value.toUpperCase();
      return (m) => m.labelIds.includes(id);
    }
    case 'category': {
      const id = CATEGORIES[lower] ?? `CATEGORY_${value.toUpperCase()}`;
      return (m) => m.labelIds.includes(id);
    }
    case 'has':
      if (lower === 'userlabels') return (m) => m.labelIds.some((l) => l.startsWith('Label_'));
      if (lower === 'nouserlabels') return (m) => !m.labelIds.some((l) => l.startsWith('Label_'));
      return never; // attachment, drive, document, youtube...: the emulator's mail has none
    case 'after':
    case 'newer': {
      const t = parseGmailDate(value);
      return t === undefined ? never : (m) => m.internalDate >= t;
    }
    case 'before':
    case 'older': {
      const t = parseGmailDate(value);
      return t === undefined ? never : (m) => m.internalDate < t;
    }
    case 'newer_than': {
      const span = parseRelative(value);
      return span === undefined ? never : (m) => m.internalDate > ctx.now - span;
    }
    case 'older_than': {
      const span = parseRelative(value);
      return span === undefined ? never : (m) => m.internalDate < ctx.now - span;
    }
    case 'rfc822msgid': {
      const id = lower.replace(/^<|>$/g, '');
      return (m) => m.messageId.replace(/^<|>$/g, '').toLowerCase() === id;
    }
    case 'larger':
    case 'size': {
      const n = parseSize(value);
      return n === undefined ? never : (m) => m.sizeEstimate > n;
    }
    case 'smaller': {
      const n = parseSize(value);
      return n === undefined ? never : (m) => m.sizeEstimate < n;
    }
    default:
      return never; // list:, filename:
  }
};

/** Compiles a query once into a predicate (per-term work done up front). */
export const compileQuery = (node: QNode, ctx: MatchContext): Matcher => {
  switch (node.type) {
    case 'and': {
      const parts = node.children.map((c) => compileQuery(c, ctx));
      return parts.length === 0 ? always : (m) => parts.every((p) => p(m));
    }
    case 'or': {
      const parts = node.children.map((c) => compileQuery(c, ctx));
      return (m) => parts.some((p) => p(m));
    }
    case 'not': {
      const inner = compileQuery(node.child, ctx);
      return (m) => !inner(m);
    }
    case 'term':
      return compileTerm(node, ctx);
  }
};

export const matches = (node: QNode, m: Searchable, ctx: MatchContext): boolean => compileQuery(node, ctx)(m);

/** True when the query explicitly asks for spam/trash (so the default exclusion is lifted). */
export const mentionsSpamOrTrash = (node: QNode): boolean => {
  switch (node.type) {
    case 'term':
      return (node.field === 'in' || node.field === 'label' || node.field === 'is') && ['spam', 'trash', 'anywhere'].includes(node.value.toLowerCase());
    case 'not':
      return mentionsSpamOrTrash(node.child);
    default:
      return node.children.some(mentionsSpamOrTrash);
  }
};

/** Renders an AST back to a canonical string (for tests and the request log). */
export const printQuery = (node: QNode): string => {
  switch (node.type) {
    case 'term': {
      const v = node.quoted ? `"${node.value}"` : node.value;
      return node.field ? `${node.field}:${v}` : v;
    }
    case 'not':
      return `-${printQuery(node.child)}`;
    case 'and':
      return node.children.length === 0 ? '' : `(${node.children.map(printQuery).join(' ')})`;
    case 'or':
      return `(${node.children.map(printQuery).join(' OR ')})`;
  }
};
