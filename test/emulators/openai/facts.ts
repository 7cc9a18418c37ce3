import { outsideEmails, parseEmails, senderName, type Email } from './mail';
import { readThreadDates, type MailDate } from './mail-dates';
import { readFees, readIntent, type MailFee, type MailIntent } from './mail-deal';
import { firstAddress } from './mail-fill';

/**
 * Facts read from a chat request by plain regexes, so every answer visibly comes from the text
 * it was given: the subject, the first sentence, the people, money amounts, dates and a few
 * outreach cues (confirmed, declined, rate talk). Deterministic: same input, same facts.
 *
 * When the user messages carry `<email>` blocks, the mail is read from the blocks' bodies only
 * (never from the system message or the block attributes): each mail's intent, fees and key
 * dates (relative dates read against that mail's own date), each with verbatim quotes.
 */
export type MailFacts = {
  emails: Email[];
  /** per e-mail, in order */
  intents: MailIntent[];
  fees: MailFee[];
  dates: MailDate[];
};

export type Participant = { name?: string; email?: string };

export type Facts = {
  subject: string;
  firstSentence: string;
  participants: Participant[];
  rates: string[];
  /** ISO yyyy-mm-dd, in order of appearance, unique; header lines (Date:, Sent:) excluded. */
  dates: string[];
  /** The sentence each date was found in, for per-date descriptions. */
  dateContexts: Map<string, string>;
  cues: Set<Cue>;
  /** All message text, lower-cased, for enum matching. */
  haystack: string;
  /** A stable number derived from the input, for choices no cue decides. */
  seed: number;
  /** Present when the request carries `<email>` blocks. */
  mail?: MailFacts;
};

export type Cue = 'confirmed' | 'declined' | 'negotiating' | 'pending' | 'question' | 'follow_up';

export type ChatMessage = { role: string; content?: unknown };

export const messageText = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === 'object' && 'text' in part && typeof part.text === 'string' ? part.text : ''))
      .join('\n');
  }
  return '';
};

const HEADER = /^\s*(from|to|cc|bcc|subject|date|sent|reply-to)\s*:/i;
/** The longest first sentence or quote a summary repeats. */
const SAID_MAX = 240;
/** How much of a mail's text its first sentence is looked for in (a 450 KB body is read once, by extractFacts). */
const FIRST_SENTENCE_WINDOW = 10_000;
// Line-anchored patterns (flag m) use [^\S\n]* (blanks within the line), not \s*: a \s* there
// runs on across every following newline from each line start, quadratic in a text of blank lines.
const SUBJECT_LINE = /^[^\S\n]*subject[^\S\n]*:\s*(.+)$/im;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number): string | undefined =>
  m >= 1 && m <= 12 && d >= 1 && d <= 31 && y >= 1900 && y <= 2200 ? `${y}-${pad(m)}-${pad(d)}` : undefined;
const monthIndex = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** Dates written the ways outreach mail writes them; a date without a year takes the text's first year. */
export const findDates = (fullText: string): string[] => [...findDatesWithContext(fullText).keys()];

/**
 * The sentence around each position of a text: from after the last . ! ? or line break at or
 * before it, to the first one at or after it. The marks are found once per text (searching the
 * text again for every date was quadratic in a long text with no full stop).
 */
const sentenceFinder = (text: string) => {
  const marks: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '.' || c === '\n' || c === '!' || c === '?') marks.push(i);
  }
  return (at: number): string => {
    // the first mark at or after `at`
    let low = 0;
    let high = marks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (marks[middle]! < at) low = middle + 1;
      else high = middle;
    }
    const end = low < marks.length ? marks[low]! : -1;
    const previous = end === at ? at : low > 0 ? marks[low - 1]! : -1;
    return text.slice(previous + 1, end >= 0 ? end + 1 : text.length).trim();
  };
};

export const findDatesWithContext = (fullText: string): Map<string, string> => {
  const found: { at: number; value: string }[] = [];
  const defaultYear = Number(/\b(19|20)\d{2}\b/.exec(fullText)?.[0] ?? NaN);
  // A message's own sent date is metadata, not an agreed date: blank header lines out.
  const text = fullText.replace(/^[^\S\n]*(date|sent)[^\S\n]*:.*$/gim, (line) => ' '.repeat(line.length));
  const push = (at: number, value: string | undefined) => value && found.push({ at, value });
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) push(m.index, iso(+m[1]!, +m[2]!, +m[3]!));
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)) push(m.index, iso(+m[3]!, +m[1]!, +m[2]!));
  for (const m of text.matchAll(new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b`, 'gi'))) {
    const year = m[3] ? +m[3] : defaultYear;
    if (Number.isFinite(year)) push(m.index, iso(year, monthIndex(m[1]!), +m[2]!));
  }
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\.?(?:,?\\s+(\\d{4}))?\\b`, 'gi'))) {
    const year = m[3] ? +m[3] : defaultYear;
    if (Number.isFinite(year)) push(m.index, iso(year, monthIndex(m[2]!), +m[1]!));
  }
  const out = new Map<string, string>();
  const sentenceAround = sentenceFinder(text);
  for (const f of found.sort((a, b) => a.at - b.at)) if (!out.has(f.value)) out.set(f.value, sentenceAround(f.at));
  return out;
};

export const findRates = (text: string): string[] => {
  // A bare number's digits are bounded ({0,24}): unbounded, a long run of "1,1,1,…" with no
  // currency after it was rescanned from each of its digits (quadratic).
  const pattern = /(?:[$€£]\s?\d[\d,]*(?:\.\d+)?\s?[kK]?\b|\b\d[\d,]{0,24}(?:\.\d+)?\s?(?:USD|EUR|GBP|usd|eur|gbp|dollars)\b)/g;
  return [...new Set([...text.matchAll(pattern)].map((m) => m[0].trim()))];
};

// Starts only where a run of local-part characters starts: a match from inside a run could not
// succeed where one from its start failed, and retrying from every position of a long run
// without an "@" (450 KB of letters) was quadratic.
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

export const findParticipants = (text: string): Participant[] => {
  const byKey = new Map<string, Participant>();
  const add = (p: Participant) => {
    const key = (p.email ?? p.name ?? '').toLowerCase();
    if (!key) return;
    const known = byKey.get(key);
    if (known) known.name ??= p.name;
    else byKey.set(key, { ...p });
  };
  // "Jane Doe <jane@x.com>" and '"Doe, Jane" <jane@x.com>' carry a display name.
  for (const m of text.matchAll(/"?([A-Za-z][\w .,'’-]{0,60}?)"?\s*<([^<>\s]+@[^<>\s]+)>/g)) {
    add({ name: m[1]!.trim(), email: m[2]!.toLowerCase() });
  }
  for (const m of text.matchAll(EMAIL)) add({ email: m[0].toLowerCase() });
  // "From: Jane Doe" with no address.
  for (const m of text.matchAll(/^[^\S\n]*(?:from|to)[^\S\n]*:[^\S\n]*([A-Z][a-z]+(?: [A-Z][a-z]+)+)[^\S\n]*$/gim)) add({ name: m[1]! });
  return [...byKey.values()];
};

const CUES: [Cue, RegExp][] = [
  ['confirmed', /\b(confirm(?:ed|s)?|agreed?|accept(?:ed)?|sign(?:ed)? (?:the )?contract|booked|locked in|deal)\b/i],
  ['declined', /\b(declin(?:e|ed|ing)|pass(?:ing)? on|not interested|unable to|can't make|cannot take|turn(?:ed)? down)\b/i],
  ['negotiating', /\b(rate|rates|fee|budget|quote|counter|pricing|cost|offer)\b/i],
  ['question', /\?/],
  ['follow_up', /\b(follow(?:ing)?[- ]up|checking in|circling back|any update|reminder)\b/i],
];

const stripHeaders = (text: string) =>
  text
    .split('\n')
    .filter((line) => !HEADER.test(line))
    .join('\n');

/**
 * Runs of text each ended by . ! or ? (what /[^.!?]+[.!?]+/g matches), cut in one pass: that
 * regex retried from every position of a long stretch without a full stop, quadratic in it.
 */
const terminatedSentences = (body: string): string[] => {
  const out: string[] = [];
  let start = 0;
  for (const stop of body.matchAll(/[.!?]+/g)) {
    const end = stop.index + stop[0].length;
    if (stop.index > start) out.push(body.slice(start, end));
    start = end;
  }
  return out;
};

export const firstSentence = (text: string): string => {
  const body = stripHeaders(text).replace(/\s+/g, ' ').trim();
  const found = terminatedSentences(body);
  const sentences = found.length ? found : body ? [body] : [];
  const chosen = sentences.find((s) => s.trim().split(' ').length >= 3) ?? sentences[0] ?? '';
  return chosen.trim().slice(0, SAID_MAX);
};

const hash = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

/**
 * Facts come from the last user message first (the thread the product sent), falling back to
 * the whole conversation for anything that message lacks.
 */
export const extractFacts = (messages: readonly ChatMessage[]): Facts => {
  const texts = messages.map((m) => ({ role: m.role, text: messageText(m.content) }));
  const userTexts = texts.filter((t) => t.role === 'user').map((t) => t.text);
  const emails = userTexts.flatMap((t) => parseEmails(t));
  if (emails.length) return mailFacts(emails, userTexts, hash(texts.map((t) => t.text).join('\n')));
  const primary = userTexts.at(-1) ?? texts.at(-1)?.text ?? '';
  const all = texts.map((t) => t.text).join('\n');
  const conversation = userTexts.join('\n') || all;
  const subjectLine = SUBJECT_LINE.exec(primary) ?? SUBJECT_LINE.exec(conversation);
  const firstLine = stripHeaders(primary).split('\n').find((l) => l.trim())?.trim() ?? '';
  const cues = new Set<Cue>();
  for (const [cue, pattern] of CUES) if (pattern.test(conversation)) cues.add(cue);
  if (!cues.has('confirmed') && !cues.has('declined')) cues.add('pending');
  const dateContexts = findDatesWithContext(conversation);
  const facts: Facts = {
    subject: (subjectLine?.[1] ?? firstLine).trim().slice(0, 120),
    firstSentence: firstSentence(primary) || firstSentence(conversation),
    participants: findParticipants(conversation),
    rates: findRates(conversation),
    dates: [...dateContexts.keys()],
    dateContexts,
    cues,
    haystack: conversation.toLowerCase(),
    seed: hash(all),
  };
  return facts;
};

/** A greeting line ("Hi Sam,", "Bonjour Claire,") says nothing about the deal. */
const withoutGreeting = (body: string) =>
  body.replace(/^\s*(?:hi|hello|hey|dear|good (?:morning|afternoon)|bonjour|salut|cher|chère|hallo|liebe[rs]?|sehr geehrte[rs]?|guten tag|hola|buenos días|estimad[oa]s?)\b[^\n]{0,40}\n/i, '');

const mailFacts = (emails: Email[], userTexts: string[], seed: number): Facts => {
  const around = userTexts.map(outsideEmails).join('\n');
  const bodies = emails.map((e) => e.body).join('\n\n');
  const people = emails.map((e) => `From: ${e.from}\nTo: ${e.to}\n${e.body}`).join('\n\n');
  const mail: MailFacts = {
    emails,
    intents: emails.map(readIntent),
    fees: emails.flatMap(readFees),
    dates: readThreadDates(emails),
  };
  const read = `${bodies}\n${around}`;
  // The outcome is what the latest deciding mail does; without one, what the text around says
  // (an incremental prompt's previous summary).
  const cues = new Set<Cue>();
  const decisive = [...mail.intents].reverse().find((i) => i.intent === 'accept' || i.intent === 'decline');
  if (decisive) cues.add(decisive.intent === 'accept' ? 'confirmed' : 'declined');
  for (const [cue, pattern] of CUES) {
    const outcome = cue === 'confirmed' || cue === 'declined';
    if (outcome ? !decisive && pattern.test(around) : pattern.test(read)) cues.add(cue);
  }
  if (mail.fees.length || mail.intents.some((i) => i.intent === 'offer' || i.intent === 'counter')) cues.add('negotiating');
  if (!cues.has('confirmed') && !cues.has('declined')) cues.add('pending');
  // Dates: those of the mail (resolved against each mail's date), then any in the text around it.
  const dateContexts = new Map<string, string>();
  for (const d of mail.dates) if (!dateContexts.has(d.date)) dateContexts.set(d.date, d.quote);
  for (const [date, context] of findDatesWithContext(around)) if (!dateContexts.has(date)) dateContexts.set(date, context);
  const subject = emails.find((e) => e.subject)?.subject ?? '';
  return {
    subject: subject.slice(0, 120),
    firstSentence: firstSentence(emails.map((e) => withoutGreeting(e.body)).join('\n\n')) || firstSentence(around),
    participants: findParticipants(people),
    rates: [...new Set([...mail.fees.map((f) => f.written), ...findRates(around)])],
    dates: [...dateContexts.keys()],
    dateContexts,
    cues,
    haystack: read.toLowerCase(),
    seed,
    mail,
  };
};

const displayName = (p: Participant) => p.name ?? p.email ?? '';

/** A list as people write it: "A", "A and B", "A, B and C". */
const listed = (values: readonly string[]): string =>
  values.length <= 2 ? values.join(' and ') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

/** What a stored summary stands in for a mail's text: its words without the marker. */
const bodyWords = (body: string) => withoutGreeting(body.replace(/^\s*\(summary\)\s*/i, ''));

/**
 * The free-text answer: one readable line from the thread it was given: who wrote, what the
 * latest mail says (verbatim), the amounts and dates it mentions. It never
 * states an outcome ("confirmed", "declined"): the product decides and shows the status.
 */
export const summaryText = (facts: Facts): string => {
  const emails = facts.mail?.emails ?? [];
  const last = emails.at(-1);
  if (!last) {
    const said = facts.firstSentence || 'No message text was provided.';
    const parts = [facts.subject && !said.includes(facts.subject) ? `${facts.subject}: ${said}` : said];
    if (facts.participants.length) parts.push(`With ${listed(facts.participants.map(displayName))}.`);
    if (facts.rates.length) parts.push(`Amounts mentioned: ${facts.rates.join(', ')}.`);
    if (facts.dates.length) parts.push(`Dates mentioned: ${facts.dates.join(', ')}.`);
    return parts.join(' ').replace(/\s+/g, ' ');
  }
  // The words that carry the latest mail's move (its offer, question, answer), else its first sentence.
  const move = facts.mail?.intents.at(-1);
  // Bounded as firstSentence is: one line, and the amount checks below stay linear.
  const quoted = move && move.intent !== 'other' ? bodyWords(move.quote.slice(0, SAID_MAX)).trim() : '';
  const said = quoted || firstSentence(bodyWords(last.body.slice(0, FIRST_SENTENCE_WINDOW))) || facts.firstSentence;
  const from = senderName(last.from);
  const to = last.to.trim() ? senderName(firstAddress(last.to)) : '';
  const people = [...new Set(emails.flatMap((e) => [senderName(e.from), e.to.trim() ? senderName(firstAddress(e.to)) : '']).filter(Boolean))];
  const lead = emails.length > 1 ? `${emails.length} messages between ${listed(people)}; latest from ${from}` : to ? `From ${from} to ${to}` : `From ${from}`;
  const parts = [said ? `${lead}: ${said}` : `${lead}.`];
  // Amounts the quoted words do not already show (an earlier mail's, a previous summary's).
  const more = facts.rates.filter((rate) => !parts[0]!.includes(rate));
  if (more.length) parts.push(`Amounts mentioned: ${more.join(', ')}.`);
  if (facts.dates.length) parts.push(`Dates mentioned: ${facts.dates.join(', ')}.`);
  return parts.join(' ').replace(/\s+/g, ' ');
};

export { displayName };
