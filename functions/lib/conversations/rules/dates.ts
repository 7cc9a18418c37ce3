/**
 * Key dates: a date the model read is re-read from its quote, against the date the message was sent
 * (so "next Friday" means the Friday after that message, not after today), and a numeric date like
 * 12/03 is read day-first or month-first from where the sender is (phone prefix, mail domain), else
 * from the agency's locale.
 */
import * as chrono from 'chrono-node';

export type SenderEvidence = {
  /** international prefixes found in the sender's text and signature, e.g. "+44" */
  phones: string[];
  /** the sender's mail domain (and other domains that speak for them), e.g. "talentco.co.uk" */
  domains: string[];
};

export type ResolveDateInput = {
  quote: string;
  /** the model's YYYY-MM-DD reading, used when the quote itself cannot be read */
  modelDate?: string | null;
  /** when the message was sent, ms since epoch */
  messageSentAt: number;
  /** the agency's locale (BCP 47), e.g. 'en-US', 'en-GB' */
  locale: string;
  senderEvidence?: SenderEvidence | null;
  /** the sender's offset from UTC in minutes, when known (default 0: days are UTC days) */
  timezoneOffsetMinutes?: number;
};

export type DateOrder = 'day_first' | 'month_first';

/**
 * Country calling codes whose countries write numeric dates month first (the US and the rest of the
 * North American plan; the Philippines; year-first countries, whose short form is month/day).
 */
const MONTH_FIRST_CALLING_CODES = new Set(['1', '63', '81', '82', '86', '886', '691', '692', '680']);

/** Calling codes of day-first countries (Europe, Latin America, Africa, the Middle East, most of Asia, Oceania). */
const DAY_FIRST_CALLING_CODES = new Set([
  '7', '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '64', '65', '66', '84', '90', '91', '92', '94',
  '212', '213', '216', '233', '234', '254', '255', '256', '351', '352', '353', '354', '356', '357', '358', '359',
  '370', '371', '372', '380', '381', '385', '386', '420', '421', '502', '503', '506', '507', '591', '593', '595',
  '598', '852', '853', '880', '961', '962', '965', '966', '971', '972', '973', '974',
]);

const ALL_CALLING_CODES = new Set([...MONTH_FIRST_CALLING_CODES, ...DAY_FIRST_CALLING_CODES]);

/** Country-code top-level domains of month-first countries; generic ones (.com, .io, .co, .tv …) say nothing. */
const MONTH_FIRST_TLDS = new Set(['us', 'ph', 'jp', 'kr', 'cn', 'tw']);
const DAY_FIRST_TLDS = new Set([
  'uk', 'ie', 'fr', 'de', 'au', 'nz', 'es', 'it', 'nl', 'be', 'ch', 'at', 'dk', 'se', 'no', 'fi', 'is', 'pl', 'pt',
  'gr', 'cz', 'sk', 'hu', 'ro', 'bg', 'hr', 'si', 'rs', 'lt', 'lv', 'ee', 'lu', 'mt', 'cy', 'ru', 'ua', 'tr', 'il',
  'ae', 'sa', 'qa', 'eg', 'ma', 'za', 'ng', 'ke', 'in', 'pk', 'bd', 'lk', 'my', 'id', 'sg', 'th', 'vn', 'hk', 'mx',
  'br', 'ar', 'cl', 'pe', 'uy', 'ec', 'eu',
]);

/** Regions of the agency locale that read 12/03 as December 3rd. */
const MONTH_FIRST_REGIONS = new Set(['US', 'PH', 'FM', 'MH', 'PW', 'JP', 'KR', 'CN', 'TW', 'CA']);

function orderOfCallingCode(prefix: string): DateOrder | null {
  const code = prefix.replace(/\D/g, '');
  if (MONTH_FIRST_CALLING_CODES.has(code)) return 'month_first';
  if (DAY_FIRST_CALLING_CODES.has(code)) return 'day_first';
  return null;
}

function orderOfDomain(domain: string): DateOrder | null {
  const tld = domain.trim().toLowerCase().replace(/\.$/, '').split('.').pop() ?? '';
  if (MONTH_FIRST_TLDS.has(tld)) return 'month_first';
  if (DAY_FIRST_TLDS.has(tld)) return 'day_first';
  return null;
}

/** The order all the given readings agree on; null when there are none or they disagree. */
function agreed(orders: (DateOrder | null)[]): DateOrder | null {
  const known = new Set(orders.filter((order): order is DateOrder => order !== null));
  return known.size === 1 ? [...known][0]! : null;
}

export function localeDateOrder(locale: string): DateOrder {
  let region: string | undefined;
  let language = '';
  try {
    const parsed = new Intl.Locale(locale);
    region = parsed.region ?? parsed.maximize().region;
    language = parsed.language;
  } catch {
    region = /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1];
  }
  if (region) return MONTH_FIRST_REGIONS.has(region.toUpperCase()) ? 'month_first' : 'day_first';
  return language === 'en' || language === '' ? 'month_first' : 'day_first';
}

/**
 * How to read an ambiguous numeric date: the sender's phone prefixes first (when they agree), then
 * their domains, then the agency locale.
 */
export function dateOrder(evidence: SenderEvidence | null | undefined, locale: string): DateOrder {
  return (
    agreed((evidence?.phones ?? []).map(orderOfCallingCode)) ?? agreed((evidence?.domains ?? []).map(orderOfDomain)) ?? localeDateOrder(locale)
  );
}

/** The calling code at the start of an international number's digits, longest known code first. */
function callingCode(digits: string): string | null {
  for (const length of [3, 2, 1]) {
    const candidate = digits.slice(0, length);
    if (candidate.length === length && ALL_CALLING_CODES.has(candidate)) return candidate;
  }
  return null;
}

/**
 * What the sender's own text (with its signature) and address say about where they are: the
 * calling codes of international phone numbers ("+44 20 7946 0958", "0033 1 …"), "+1" for a North
 * American number written "(212) 555-0123" or "212-555-0123", and the sender's mail domain.
 */
export function senderEvidence(ownTextWithSignature: string, fromAddress: string): SenderEvidence {
  const phones: string[] = [];
  const text = ownTextWithSignature ?? '';
  for (const match of text.matchAll(/(?<![\w+])(?:\+|00)\s?\(?(\d[\d\s().-]{5,20}\d)/g)) {
    const digits = match[1]!.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    const code = callingCode(digits);
    if (code) phones.push(`+${code}`);
  }
  if (/(?<![\d+])(?:\(\d{3}\)\s?|\d{3}[-.])\d{3}[-.]\d{4}(?!\d)/.test(text)) phones.push('+1');
  const address = /<([^<>]+)>/.exec(fromAddress ?? '')?.[1] ?? fromAddress ?? '';
  const at = address.lastIndexOf('@');
  const domain = at >= 0 ? address.slice(at + 1).trim().toLowerCase() : '';
  return { phones: [...new Set(phones)], domains: domain ? [domain] : [] };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const iso = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

function isRealDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A real calendar day written YYYY-MM-DD, else null. */
export function realIsoDay(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec((value ?? '').trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? iso(year, month, day) : null;
}

/** The message's own day (in the sender's offset), as year, month, day. */
function dayOf(at: number, offsetMinutes: number): { year: number; month: number; day: number; iso: string } {
  const shifted = new Date(at + offsetMinutes * 60_000);
  const year = shifted.getUTCFullYear();
  const month = shifted.getUTCMonth() + 1;
  const day = shifted.getUTCDate();
  return { year, month, day, iso: iso(year, month, day) };
}

/** After a number like 10.30, these make it a time of day, not a date. */
const TIME_AFTER = /^\s*(?:am|pm|a\.m|p\.m|h\b|hrs?\b|uhr|o'clock)/i;
const TIME_BEFORE = /(?:\bat|\bum|\bà|@)\s*$/i;

/**
 * A numeric date (12/03, 12.03.2026, 12-03-2026) read in the given order; when that reading cannot
 * be a date (13/03 month-first) the other one. Without a year: the first such day on or after the
 * message's day. A dash needs a year ("3-5" is a range), and "10.30 am" is a time.
 */
function readNumericDate(quote: string, order: DateOrder, sent: { year: number; iso: string }): string | null {
  for (const match of quote.matchAll(/(?<![\d./-])(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?!\d|[./-]\d)/g)) {
    const [whole, firstText, separator, secondText, yearText] = match;
    if (separator === '-' && !yearText) continue;
    if (separator === '.' && !yearText) {
      const after = quote.slice(match.index + whole.length);
      const before = quote.slice(0, match.index);
      if (TIME_AFTER.test(after) || TIME_BEFORE.test(before)) continue;
    }
    const first = Number(firstText);
    const second = Number(secondText);
    const preferred: [number, number] = order === 'month_first' ? [first, second] : [second, first];
    for (const [month, day] of [preferred, [preferred[1], preferred[0]] as [number, number]]) {
      if (month < 1 || month > 12 || day < 1 || day > 31) continue;
      if (yearText) {
        const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
        if (isRealDay(year, month, day)) return iso(year, month, day);
        continue;
      }
      for (const year of [sent.year, sent.year + 1, sent.year + 2]) {
        if (isRealDay(year, month, day) && iso(year, month, day) >= sent.iso) return iso(year, month, day);
      }
    }
  }
  return null;
}

/** A numeric date's shape (12/03, 3/4/5, 12.03.26, 12-03-2026) that readNumericDate could not read as a day. */
const IMPOSSIBLE_NUMERIC_DATE = /(?<![\d./-])\d{1,2}(?:\/\d+(?:\/\d+)*|([.-])\d{1,2}\1\d+)(?![\d./-])/g;

/** Parsers tried in order when English finds nothing (German, French, Spanish … quotes). */
const OTHER_LANGUAGES = [chrono.de, chrono.fr, chrono.es, chrono.it, chrono.nl, chrono.pt, chrono.sv, chrono.ja, chrono.zh];

function firstDateResult(quote: string, reference: chrono.ParsingReference): chrono.ParsedResult | null {
  const options = { forwardDate: true };
  // chrono's word ends are ASCII ones: in "3 décembre" English reads "3 d" (three days); a match that
  // stops inside a word is not one.
  const wholeWords = (result: chrono.ParsedResult) => !/^\p{Script=Latin}/u.test(quote.slice(result.index + result.text.length));
  const bearsDate = (result: chrono.ParsedResult) =>
    wholeWords(result) &&
    (result.start.isCertain('day') || result.start.isCertain('weekday') || result.start.isCertain('month') || result.start.isCertain('year'));
  // Another language's short weekday is often an English word (Swedish "on" is Wednesday, "to"
  // Thursday): from those parsers a match needs a digit or a longer word.
  const notAnEnglishWord = (result: chrono.ParsedResult) => !/^\p{Script=Latin}{1,3}\.?$/u.test(result.text.trim());
  const found = chrono.en.casual.parse(quote, reference, options).find(bearsDate);
  if (found) return found;
  for (const parser of OTHER_LANGUAGES.map((language) => language.casual)) {
    const other = parser.parse(quote, reference, options).find((result) => bearsDate(result) && notAnEnglishWord(result));
    if (other) return other;
  }
  return null;
}

/**
 * The day a quote names, read against the message that holds it; the model's reading when the quote
 * cannot be read; null when neither gives a real day.
 */
export function resolveDate(input: ResolveDateInput): string | null {
  const quote = (input.quote ?? '').normalize('NFKC');
  const modelDay = realIsoDay(input.modelDate);
  if (!Number.isFinite(input.messageSentAt)) return modelDay;
  const offset = Number.isFinite(input.timezoneOffsetMinutes) ? input.timezoneOffsetMinutes! : 0;
  const sent = dayOf(input.messageSentAt, offset);

  const numeric = readNumericDate(quote, dateOrder(input.senderEvidence, input.locale), sent);
  if (numeric) return numeric;

  // What the numeric reader refused is no day (32/13, 31/11, 12/034): chrono would still turn it into
  // one (31/11 → 11 January), so it never sees those; a quote that names only such a day is unsure.
  const readable = quote.replace(IMPOSSIBLE_NUMERIC_DATE, (token) => ' '.repeat(token.length));
  const impossible = readable !== quote;
  if (readable.trim()) {
    const reference: chrono.ParsingReference = { instant: new Date(input.messageSentAt), timezone: offset };
    const result = firstDateResult(readable, reference);
    if (result) {
      const start = result.start;
      let year = start.get('year')!;
      const month = start.get('month')!;
      const day = start.get('day')!;
      if (start.isCertain('day') || start.isCertain('weekday')) {
        // a day named without a year is the first such day on or after the message's own day
        // (chrono moves "March 10" written on March 10 to the next year)
        if (start.isCertain('month') && !start.isCertain('year') && isRealDay(year - 1, month, day) && iso(year - 1, month, day) >= sent.iso) {
          year -= 1;
        }
        if (isRealDay(year, month, day)) return iso(year, month, day);
      } else if (start.isCertain('month')) {
        // a month without a day ("in June", "mid-April"): the model's day when it falls in that month
        if (modelDay && modelDay.startsWith(`${pad(year, 4)}-${pad(month)}-`)) return modelDay;
        if (isRealDay(year, month, 1)) return iso(year, month, 1);
      }
    }
  }
  return impossible ? null : modelDay;
}

/** Upcoming days first (today included, soonest first), then past ones (most recent first). */
export function sortUpcoming<T extends { date: string }>(dates: readonly T[], now: number): T[] {
  const today = dayOf(now, 0).iso;
  const upcoming = dates.filter((entry) => entry.date >= today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const past = dates.filter((entry) => entry.date < today).sort((a, b) => (a.date > b.date ? -1 : a.date < b.date ? 1 : 0));
  return [...upcoming, ...past];
}

/** The soonest day that is today or later, or null. */
export function nextDate<T extends { date: string }>(dates: readonly T[], now: number): T | null {
  const [first] = sortUpcoming(dates, now);
  return first && first.date >= dayOf(now, 0).iso ? first : null;
}
