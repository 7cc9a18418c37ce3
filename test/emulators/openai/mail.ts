/**
 * E-mail blocks as a prompt carries them (`<email index="N" from="…" side="…" date="ISO">`
 * then `Subject:`/`To:` lines, a blank line and the body), and the plain-text tools the readers
 * share: sentences and clauses as verbatim slices of a body (so every quote the emulator returns
 * is an exact substring of the mail it cites), word boundaries that work for accented words, and
 * the sender's date convention (day-first or month-first) as a reader would guess it.
 */
export type Email = {
  /** the block's `index` attribute; its position (1-based) when the attribute is missing */
  index: number;
  from: string;
  side: string;
  /** the block's `date` attribute as written */
  date: string;
  /** the sent date as yyyy-mm-dd (UTC), undefined when the attribute is missing or unreadable */
  sentOn?: string;
  subject: string;
  to: string;
  body: string;
};

const attributes = (raw: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g)) out[m[1]!.toLowerCase()] = m[2]!;
  return out;
};

const dayOf = (value: string): string | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  const t = Date.parse(value);
  return Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : undefined;
};

// Attribute values may hold ">" (from="Jane <jane@x.com>"): the tag ends after its quoted attributes.
const OPEN_TAG = /<email((?:\s+[\w-]+\s*=\s*"[^"]*")*)\s*>/gi;
const CLOSE_TAG = /<\/email>/gi;

type Block = { start: number; end: number; attributes: string; inner: string };

/**
 * The `<email …>…</email>` blocks of a text, in order, each closed by the first `</email>` after
 * it. One pass: an opening tag with no closing tag after it ends the scan (no later tag can be
 * closed either). A single /<email…>([\s\S]*?)<\/email>/g did the same but searched the rest
 * of the text again from every unclosed tag, quadratic in a text full of them.
 */
const emailBlocks = (text: string): Block[] => {
  const out: Block[] = [];
  OPEN_TAG.lastIndex = 0;
  for (let open = OPEN_TAG.exec(text); open; open = OPEN_TAG.exec(text)) {
    let content = open.index + open[0].length;
    if (text[content] === '\r') content += 1;
    if (text[content] === '\n') content += 1;
    CLOSE_TAG.lastIndex = content;
    const close = CLOSE_TAG.exec(text);
    if (!close) break;
    out.push({ start: open.index, end: close.index + close[0].length, attributes: open[1]!, inner: text.slice(content, close.index) });
    OPEN_TAG.lastIndex = close.index + close[0].length;
  }
  return out;
};

/** Every `<email>` block of a text, in order. Text outside the blocks is not part of any e-mail. */
export const parseEmails = (text: string): Email[] => {
  const out: Email[] = [];
  for (const block of emailBlocks(text)) {
    const attrs = attributes(block.attributes);
    let inner = block.inner.replace(/\r?\n$/, '');
    let subject = '';
    let to = '';
    // Header lines come first, up to the blank line that opens the body.
    for (;;) {
      const line = /^(subject|to|cc)[ \t]*:[ \t]*(.*)(?:\r?\n|$)/i.exec(inner);
      if (!line) break;
      if (line[1]!.toLowerCase() === 'subject') subject = line[2]!.trim();
      else if (line[1]!.toLowerCase() === 'to') to = line[2]!.trim();
      inner = inner.slice(line[0].length);
    }
    const body = inner.replace(/^\r?\n/, '');
    const index = Number(attrs.index);
    out.push({
      index: Number.isInteger(index) ? index : out.length + 1,
      from: attrs.from ?? '',
      side: (attrs.side ?? '').toLowerCase(),
      date: attrs.date ?? '',
      sentOn: attrs.date ? dayOf(attrs.date) : undefined,
      subject,
      to,
      body,
    });
  }
  return out;
};

/** The text with every e-mail block removed: what the request says around the mail. */
export const outsideEmails = (text: string): string => {
  let out = '';
  let at = 0;
  for (const block of emailBlocks(text)) {
    out += `${text.slice(at, block.start)}\n`;
    at = block.end;
  }
  return out + text.slice(at);
};

/** Word edges that treat accented letters as letters (JS `\b` does not). Use with the `u` flag. */
export const B = '(?<![\\p{L}\\p{N}_])';
export const E = '(?![\\p{L}\\p{N}_])';
/** Alternatives between word edges; a straight apostrophe also matches a typographic one. */
export const words = (alternatives: string, flags = 'giu') => new RegExp(`${B}(?:${alternatives.replace(/'/g, "['’]")})${E}`, flags);

export type Span = { start: number; end: number };

const ABBREVIATIONS = new Set([
  'incl', 'excl', 'inc', 'approx', 'e.g', 'i.e', 'etc', 'vs', 'mr', 'mrs', 'ms', 'dr', 'st', 'no', 'nr', 'inkl', 'zzgl', 'ca', 'bzw', 'z.b', 'u.a',
  'usw', 'evtl', 'ggf', 'mwst', 'ust', 'max', 'min', 'p.s', 'ps', 'tel', 'mob', 'ref', 'vol', 'dept', 'co', 'ltd', 'avg', 'sr', 'jr', 'mme', 'mlle',
  'sra', 'sr', 'dña', 'núm', 'pág', 'aprox', 'env', 'hrs', 'mins', 'pm', 'am',
]);

const trimSpan = (text: string, start: number, end: number): Span => {
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return { start, end };
};

/** The last few bodies' sentences: every fact of a mail asks for the sentence it is in. */
const sentenceCache = new Map<string, Span[]>();

/**
 * Sentences of a body as spans into it. A sentence ends at . ! ? followed by space (not after an
 * abbreviation, an initial or a day number like the German "12. März"), at a blank line, and at
 * a line break after a short line (greetings, sign-offs, signature lines), after punctuation or
 * before a bullet. Other line breaks are hard wraps inside a sentence.
 */
export const sentences = (text: string): Span[] => {
  let spans = sentenceCache.get(text);
  if (!spans) {
    spans = splitSentences(text);
    if (sentenceCache.size >= 32) sentenceCache.delete(sentenceCache.keys().next().value!);
    sentenceCache.set(text, spans);
  }
  return spans;
};

const splitSentences = (text: string): Span[] => {
  const cuts: number[] = [];
  // The word after a run of full stops (the same for every stop of the run, so read once).
  let wordAt = -1;
  let word = '';
  const wordAfter = (from: string, at: number) => {
    if (at !== wordAt) {
      wordAt = at;
      word = /^\s*(\S+)/.exec(from.slice(at))?.[1] ?? '';
    }
    return word;
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\n') {
      const lineStart = text.lastIndexOf('\n', i - 1) + 1;
      const line = text.slice(lineStart, i).trim();
      const rest = text.slice(i + 1);
      const next = /^[^\n]*/.exec(rest)![0].trim();
      if (!line || !next || /^\s*\n/.test(rest) || /[.!?:;,)]$/.test(line) || line.length < 50 || /^([-*•–]|\d+[.)])\s/.test(next)) {
        cuts.push(i + 1);
      }
      continue;
    }
    if (c === '!' || c === '?' || c === '.' || c === '…') {
      let j = i + 1;
      while (j < text.length && /[.!?…"'’”)\]]/.test(text[j]!)) j += 1;
      if (j < text.length && !/\s/.test(text[j]!)) {
        // every mark of this run ends at the same j: none of them ends a sentence
        i = j - 1;
        continue;
      }
      if (c === '.') {
        const token = /([\p{L}\p{N}.]+)$/u.exec(text.slice(Math.max(0, i - 12), i))?.[1] ?? '';
        const after = wordAfter(text, j);
        if (/^\p{L}$/u.test(token) || ABBREVIATIONS.has(token.toLowerCase())) continue;
        // "am 12. März": a day number with a dot before the month is an ordinal, not a full stop.
        if (/^\d{1,2}$/.test(token) && /^(jan|feb|mär|maerz|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)/i.test(after)) continue;
        if (after && /^[\p{Ll}\d]/u.test(after)) continue;
      }
      cuts.push(j);
      i = j - 1;
    }
  }
  const spans: Span[] = [];
  let start = 0;
  for (const cut of [...cuts, text.length]) {
    if (cut <= start) continue;
    const span = trimSpan(text, start, cut);
    if (span.end > span.start) spans.push(span);
    start = cut;
  }
  return spans;
};

/** The span of `spans` (in order, not overlapping) that holds position `at`: a binary search. */
export const spanAt = <T extends Span>(spans: readonly T[], at: number): T | undefined => {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const span = spans[middle]!;
    if (at < span.start) high = middle - 1;
    else if (at >= span.end) low = middle + 1;
    else return span;
  }
  return undefined;
};

export const sentenceAt = (text: string, at: number): Span =>
  spanAt(sentences(text), at) ?? trimSpan(text, Math.max(0, at - 80), Math.min(text.length, at + 80));

/** The clauses of the last text's sentences: every fee and date of a sentence asks for them. */
let clauseText: string | undefined;
const clauseCache = new Map<string, Span[]>();

/** Clauses of a sentence: split at , ; : followed by space, and at dashes between spaces. */
export const clauses = (text: string, sentence: Span): Span[] => {
  if (clauseText !== text) {
    clauseText = text;
    clauseCache.clear();
  }
  const key = `${sentence.start}:${sentence.end}`;
  let found = clauseCache.get(key);
  if (!found) clauseCache.set(key, (found = splitClauses(text, sentence)));
  return found;
};

const splitClauses = (text: string, sentence: Span): Span[] => {
  const out: Span[] = [];
  let start = sentence.start;
  const re = /[,;:](?=\s)|\s[–—-]\s/g;
  // Searched within the sentence (and the two characters a separator at its end looks at), not
  // on to the end of the text: that was a scan of the whole rest of the text for every fee.
  const within = text.slice(0, Math.min(text.length, sentence.end + 2));
  re.lastIndex = sentence.start;
  for (let m = re.exec(within); m && m.index < sentence.end; m = re.exec(within)) {
    const span = trimSpan(text, start, m.index + (m[0].length === 1 ? 1 : 0));
    if (span.end > span.start) out.push(span);
    start = m.index + m[0].length;
  }
  const last = trimSpan(text, start, sentence.end);
  if (last.end > last.start) out.push(last);
  return out;
};

const MAX_QUOTE = 220;

/**
 * The verbatim words around a fact at [start, end): its clause when the clause says enough (at
 * least `minClause` characters), else its sentence; a long sentence is cut to a window at word
 * edges. Always an exact substring of `text` that contains the fact.
 */
export const quoteAround = (text: string, start: number, end: number, minClause = 22): string => {
  const sentence = sentenceAt(text, start);
  const clause = spanAt(clauses(text, sentence), start);
  let span: Span = clause && clause.end - clause.start >= minClause && end <= clause.end ? clause : sentence;
  if (end > span.end) span = { start: span.start, end: Math.min(text.length, end) };
  if (span.end - span.start > MAX_QUOTE) {
    let s = Math.max(span.start, start - 90);
    let e = Math.min(span.end, Math.max(end, start + 120));
    while (s > span.start && /\S/.test(text[s - 1]!)) s -= 1;
    while (e < span.end && /\S/.test(text[e]!)) e += 1;
    span = trimSpan(text, s, e);
  }
  return text.slice(span.start, span.end);
};

export type DateOrder = 'day-first' | 'month-first';

// Country calling codes and mail domains of places that write the day first (most of the world);
// +1 (US, Canada) writes the month first.
const DAY_FIRST_CODES = [
  '44', '33', '49', '34', '39', '31', '32', '41', '43', '45', '46', '47', '48', '351', '352', '353', '354', '358', '420', '421', '30', '36', '40',
  '61', '64', '91', '55', '52', '54', '56', '57', '27', '90', '971', '65', '60', '62', '66', '84', '370', '371', '372', '385', '386',
];
const DAY_FIRST_TLDS = /\.(uk|de|fr|es|it|nl|be|at|ch|ie|pt|se|dk|no|fi|pl|cz|gr|au|nz|in|br|mx|ar|cl|co\.za|za|eu|lu|is|ee|lv|lt|hr|si|sk|hu|ro|tr|ae|sg|my|id|th|vn)$/i;

const phoneOrder = (body: string): DateOrder | undefined => {
  const phones = [...body.matchAll(/(?:^|[\s(:])\+\s?(\d[\d\s().-]{6,})/g)].map((m) => m[1]!.replace(/\D/g, ''));
  const last = phones.at(-1);
  if (!last) return undefined;
  if (last.startsWith('1')) return 'month-first';
  return DAY_FIRST_CODES.some((c) => last.startsWith(c)) ? 'day-first' : undefined;
};

const domainOrder = (from: string): DateOrder | undefined => {
  const domain = /@([\w.-]+)/.exec(from)?.[1];
  if (!domain) return undefined;
  if (/\.us$/i.test(domain)) return 'month-first';
  return DAY_FIRST_TLDS.test(domain) ? 'day-first' : undefined;
};

const LANGUAGE_WORDS = words(
  // French, German, Spanish, Italian function words a reader recognises at a glance.
  'bonjour|merci|nous|vous|avec|pour|est|sommes|hallo|liebe|danke|wir|ihr|und|nicht|mit|für|ist|hola|gracias|nosotros|para|con|estamos|muy|ciao|grazie|siamo',
);

/**
 * How a sender writes numeric dates: an unambiguous numeric date in the same mail (13/03 or
 * 03/13) decides; then the phone number of the signature (+44 day-first, +1 month-first); then
 * the sender's mail domain (.co.uk, .de, .fr …); then the language of the text; else month-first.
 */
export const dateOrder = (email: Pick<Email, 'body' | 'from'>): DateOrder => {
  for (const m of email.body.matchAll(/(?<![\d/.])(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?(?![\d/])/g)) {
    if (+m[1]! > 12 && +m[2]! <= 12) return 'day-first';
    if (+m[2]! > 12 && +m[1]! <= 12) return 'month-first';
  }
  const byPhone = phoneOrder(email.body);
  if (byPhone) return byPhone;
  const byDomain = domainOrder(email.from);
  if (byDomain) return byDomain;
  const foreign = email.body.match(LANGUAGE_WORDS)?.length ?? 0;
  const english = email.body.match(words('the|and|we|you|for|with|thanks|is|are'))?.length ?? 0;
  return foreign >= 3 && foreign > english ? 'day-first' : 'month-first';
};

/** A display name or address from a `from` attribute ("Jane Doe <jane@x.com>" gives "Jane Doe"). */
export const senderName = (from: string): string => {
  // A header line is short (RFC 5322: 998 characters); on a longer one the lazy name pattern
  // would retry its tail from every character, so only its address part is checked by pattern.
  const named = from.length <= 2_000 ? /^\s*'?([^<']+?)'?\s*<[^>]+>\s*$/.exec(from)?.[1] : longSenderName(from);
  if (named !== undefined) return named.trim();
  return from.trim() || 'the sender';
};

const longSenderName = (from: string): string | undefined => {
  const open = from.indexOf('<');
  if (open < 0 || !/^<[^>]+>\s*$/.test(from.slice(open))) return undefined;
  const name = from.slice(0, open).trim().replace(/^'/, '').replace(/'$/, '');
  return name && !name.includes("'") ? name : undefined;
};
