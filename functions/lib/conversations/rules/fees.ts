/**
 * Fees: the model's reading of a fee made exact from its quote. "3k" is 3000, "2,500" is 2500,
 * "1.500 €" is 1500; the currency is the one the quote writes, else the thread's last stated one,
 * else the agency's; "+ VAT" means VAT is not included, "incl. VAT" that it is.
 */
import type { FeeState, FeeUnit } from '../../../../shared/schemas/conversations';
import type { FeeFact } from '../types';

/** A fee as the model's answer schema gives it (MESSAGE_ANALYSIS_SCHEMA), or as a fixture writes it. */
export type RawFee = {
  /** the model's number; absent when only the quote can tell */
  amount?: number | null;
  currency?: string | null;
  unit?: FeeUnit | null;
  vat_included?: boolean | null;
  state?: FeeState | null;
  quote: string;
  message_id?: string | null;
  set_by?: FeeFact['setBy'] | null;
};

export type FeeContext = {
  /** the currency the thread last stated (see lastStatedCurrency) */
  threadCurrency?: string;
  /** the agency's default currency */
  agencyCurrency: string;
};

/** An amount found in a text, with the currency written next to it (null when none is). */
export type AmountToken = {
  amount: number;
  currency: string | null;
  /** written with a currency or a multiplier ("3k"): surely money */
  strong: boolean;
};

const DOLLAR_CURRENCIES = new Set(['USD', 'AUD', 'CAD', 'NZD', 'SGD', 'HKD', 'MXN']);
const CROWN_CURRENCIES = new Set(['SEK', 'NOK', 'DKK', 'ISK']);
const CODES = [
  'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'KRW', 'INR', 'AUD', 'CAD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'ISK', 'PLN',
  'CZK', 'HUF', 'RON', 'BGN', 'BRL', 'MXN', 'SGD', 'HKD', 'AED', 'SAR', 'ZAR', 'TRY', 'ILS', 'THB', 'IDR', 'MYR',
  'PHP', 'VND', 'TWD',
];
const CODE_SET = new Set(CODES);

/** Marks whose currency is fixed, whatever the thread or agency uses. */
const FIXED_MARKS: Readonly<Record<string, string>> = {
  'us$': 'USD', 'a$': 'AUD', 'au$': 'AUD', 'c$': 'CAD', 'ca$': 'CAD', 'nz$': 'NZD', 's$': 'SGD', 'hk$': 'HKD',
  'r$': 'BRL', 'mx$': 'MXN', 'cn¥': 'CNY', 'rmb': 'CNY', '元': 'CNY', '€': 'EUR', 'euro': 'EUR', 'euros': 'EUR',
  '£': 'GBP', 'pound': 'GBP', 'pounds': 'GBP', 'quid': 'GBP', '₩': 'KRW', '원': 'KRW', '₹': 'INR', 'rupee': 'INR',
  'rupees': 'INR', 'yen': 'JPY', '円': 'JPY', 'zł': 'PLN', 'zl': 'PLN', 'fr.': 'CHF', 'chf': 'CHF',
  'dirham': 'AED', 'dirhams': 'AED', 'درهم': 'AED', 'riyal': 'SAR', 'riyals': 'SAR', 'ريال': 'SAR', 'lira': 'TRY', 'shekel': 'ILS', 'shekels': 'ILS', 'baht': 'THB',
};

/** Marks shared by several currencies: read in the thread's or agency's one when it is of the family. */
function sharedMark(mark: string, ctx?: FeeContext): string | null {
  const preferred = [ctx?.threadCurrency, ctx?.agencyCurrency].map((code) => code?.trim().toUpperCase() ?? '');
  if (mark === '$' || mark === 'dollar' || mark === 'dollars' || mark === 'bucks') {
    return preferred.find((code) => DOLLAR_CURRENCIES.has(code)) ?? 'USD';
  }
  if (mark === '¥') return preferred.find((code) => code === 'JPY' || code === 'CNY') ?? 'JPY';
  if (mark === 'kr' || mark === 'kr.') return preferred.find((code) => CROWN_CURRENCIES.has(code)) ?? null;
  return null;
}

function currencyOfMark(rawMark: string, ctx?: FeeContext): string | null {
  const mark = rawMark.trim().toLowerCase();
  if (CODE_SET.has(mark.toUpperCase())) return mark.toUpperCase();
  return FIXED_MARKS[mark] ?? sharedMark(mark, ctx);
}

const SYMBOL_MARK = String.raw`(?:us\$|au?\$|ca?\$|nz\$|s\$|hk\$|r\$|mx\$|cn¥|[$€£¥₩₹元円원])`;
const WORD_MARK = String.raw`(?:${CODES.join('|')}|rmb|chf|euros?|dollars?|bucks|pounds?|quid|yen|rupees?|kr\.?|zł|zl|fr\.|dirhams?|درهم|riyals?|ريال|lira|shekels?|baht)`;
const MARK_BEFORE = new RegExp(String.raw`(?:${SYMBOL_MARK}|(?<![\p{L}])${WORD_MARK})\s?$`, 'iu');
const MARK_AFTER = new RegExp(String.raw`^\s?(?:${SYMBOL_MARK}|${WORD_MARK}(?![\p{L}]))`, 'iu');
const ANY_MARK = new RegExp(String.raw`${SYMBOL_MARK}|(?<![\p{L}])${WORD_MARK}(?![\p{L}])`, 'giu');

/** Counts, not money: "3 posts", "50k followers", "20%". */
const NOT_MONEY_AFTER = /^\s?(?:%|x\b|times\b|posts?\b|videos?\b|reels?\b|stor(?:y|ies)\b|tiktoks?\b|shorts?\b|pieces?\b|deliverables?\b|days?\b|weeks?\b|months?\b|years?\b|hours?\b|hrs?\b|mins?\b|minutes?\b|followers?\b|subscribers?\b|subs\b|views?\b|likes?\b|impressions?\b|people\b|am\b|pm\b|[-–]?\s?(?:second|sec)s?\b)/i;

const NUMBER = /(?<![\p{L}\d.,/:])(\d{1,3}(?:[,.'\u2019\u00A0\u202F ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?)(?:\s?(k|m|mm|thousand|grand|million)(?![\p{L}])|(千|만|万|萬|억|億))?(?![\d/:])/giu;

/**
 * A number as people write it: with both a dot and a comma the last one is the decimal mark; with
 * one kind, it groups thousands when it repeats or stands before exactly three digits, unless a
 * multiplier follows ("2,5k" is 2500, "2,500" is 2500, "2,50" is 2.5).
 */
function parseNumber(text: string, multiplied: boolean): number {
  const digits = text.replace(/['\u2019\u00A0\u202F ]/g, '');
  const separators = digits.replace(/\d/g, '');
  const last = separators.at(-1);
  if (last === undefined) return Number(digits);
  const other = last === '.' ? ',' : '.';
  if (separators.includes(other)) return Number(digits.split(other).join('').replace(last, '.'));
  const parts = digits.split(last);
  const groupsOfThree = parts.length > 2 || (parts[1]!.length === 3 && !multiplied);
  return Number(parts.join(groupsOfThree ? '' : '.'));
}

const MULTIPLIERS: Readonly<Record<string, number>> = {
  k: 1e3, thousand: 1e3, grand: 1e3, m: 1e6, mm: 1e6, million: 1e6,
  // East Asian numerals count in ten-thousands: 250만원 is 2,500,000 won, 3万円 is 30,000 yen.
  千: 1e3, 만: 1e4, 万: 1e4, 萬: 1e4, 억: 1e8, 億: 1e8,
};

/** Every amount in a text, in order, with the currency written just before or after it. */
export function findAmounts(text: string, ctx?: FeeContext): AmountToken[] {
  const source = text.normalize('NFKC');
  const tokens: AmountToken[] = [];
  for (const match of source.matchAll(NUMBER)) {
    const [whole, numberText, latinMultiplier, eastAsianMultiplier] = match;
    const multiplierText = latinMultiplier ?? eastAsianMultiplier;
    const multiplier = multiplierText ? (MULTIPLIERS[multiplierText.toLowerCase()] ?? 1) : 1;
    const value = parseNumber(numberText!, multiplier !== 1);
    if (!Number.isFinite(value)) continue;
    const before = source.slice(Math.max(0, match.index - 6), match.index);
    const after = source.slice(match.index + whole.length);
    const markBefore = MARK_BEFORE.exec(before)?.[0];
    const markAfter = MARK_AFTER.exec(after)?.[0];
    const mark = markBefore ?? markAfter;
    const currency = mark ? currencyOfMark(mark, ctx) : null;
    if (!mark && NOT_MONEY_AFTER.test(after)) continue;
    const amount = Math.round(value * multiplier * 100) / 100;
    tokens.push({ amount, currency, strong: mark !== undefined || multiplier !== 1 });
  }
  return tokens;
}

/** The currencies a text writes anywhere ("€", "EUR", "euros"), in order of first appearance. */
export function currenciesIn(text: string, ctx?: FeeContext): string[] {
  const found: string[] = [];
  for (const match of text.normalize('NFKC').matchAll(ANY_MARK)) {
    const currency = currencyOfMark(match[0], ctx);
    if (currency && !found.includes(currency)) found.push(currency);
  }
  return found;
}

const TAX = String.raw`(?:vat|mwst|ust|iva|tva|btw|gst|moms|tax(?:es)?)`;
const VAT_EXCLUDED = [
  new RegExp(String.raw`(?:\+|\bplus\b|\bex(?:c|cl)?\b\.?|\bexcluding\b|\bexclusive of\b|\bbefore\b|\bnet of\b|\bzzgl\b\.?|\bm[aá]s\b|\bhors\b)\s*${TAX}\b`, 'i'),
  new RegExp(String.raw`\b${TAX}\s*(?:excluded|exclusive|not included|esclusa|excl\b\.?)`, 'i'),
  /\bHT\b/,
  // the pattern above reads "hors tax" and "hors taxes"; French writes the singular "hors taxe" too
  /\bhors taxe\b/i,
  /(?:부가세|부가가치세|VAT)\s*별도/i,
  /税別|税抜/,
];
const VAT_INCLUDED = [
  new RegExp(String.raw`\b(?:inc|incl|including|inclusive of|inkl|incluido|incluida|inclusa|compris)\b\.?\s*(?:la\s+|de\s+|l'\s*)?${TAX}\b`, 'i'),
  new RegExp(String.raw`\b${TAX}\s*(?:included|inclusive|incl\b\.?|inkl\b\.?|incluid[oa]|inclusa|inbegrepen|compris)`, 'i'),
  /\bTTC\b/,
  /(?:부가세|부가가치세|VAT)\s*포함/i,
  /税込/,
];

/** What the quote says about VAT: true (included), false (on top), null (nothing, or both). */
export function vatFromText(text: string): boolean | null {
  const excluded = VAT_EXCLUDED.some((pattern) => pattern.test(text));
  const included = VAT_INCLUDED.some((pattern) => pattern.test(text));
  if (excluded === included) return null;
  return included;
}

const UNIT_PATTERNS: [FeeUnit, RegExp][] = [
  ['per_video', /(?:\bper\b|\ba\b|\beach\b|\/)\s*(?:youtube\s+|yt\s+|tiktok\s+|ig\s+|instagram\s+)?(?:video|reel|tiktok|short|integration|vlog)s?\b/i],
  ['per_post', /(?:\bper\b|\ba\b|\beach\b|\/)\s*(?:ig\s+|instagram\s+|feed\s+|sponsored\s+)?(?:post|story|stories|carousel|pin|tweet)s?\b/i],
  ['bundle', /\b(?:bundle|package|for (?:all|both|everything)(?: of (?:them|it))?)\b/i],
  ['total', /\b(?:total|in total|all[- ]in|overall|flat fee)\b/i],
];

export function unitFromText(text: string): FeeUnit | null {
  for (const [unit, pattern] of UNIT_PATTERNS) if (pattern.test(text)) return unit;
  return null;
}

/** Amounts are money: the same when they are the same in cents. */
const sameAmount = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

function validCode(code: string | null | undefined): string | null {
  if (typeof code !== 'string') return null;
  const upper = code.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(upper) ? upper : null;
}

/** The amounts a text most likely means as money: the strong ones, else the plain numbers. */
function moneyIn(text: string, ctx: FeeContext): AmountToken[] {
  const tokens = findAmounts(text, ctx);
  const strong = tokens.filter((token) => token.strong);
  if (strong.length > 0) return strong;
  return tokens.filter((token) => !(token.amount >= 1900 && token.amount <= 2100 && Number.isInteger(token.amount)));
}

/**
 * One fee made exact, or null when no amount can be read. The amount: the model's number when the
 * quote agrees (or cannot say), the quote's single amount when the model's number is not in it; read
 * from the quote when the model gave a string or nothing. The currency: written by the quote, else
 * the thread's last stated one, else the model's, else the agency's.
 */
export function normalizeFee(raw: RawFee, ctx: FeeContext): FeeFact | null {
  const quote = raw.quote;
  const inQuote = moneyIn(quote, ctx);

  const model = raw.amount;
  const chosen =
    typeof model === 'number' && Number.isFinite(model)
      ? (inQuote.find((token) => sameAmount(token.amount, model)) ?? (inQuote.length === 1 ? inQuote[0]! : { amount: model, currency: null, strong: false }))
      : inQuote[0];
  if (!chosen || chosen.amount < 0) return null;

  const quoteCurrencies = currenciesIn(quote, ctx);
  const currency =
    chosen.currency ??
    (quoteCurrencies.length === 1 ? quoteCurrencies[0]! : null) ??
    validCode(ctx.threadCurrency) ??
    validCode(raw.currency) ??
    validCode(ctx.agencyCurrency) ??
    'USD';

  const vatInQuote = vatFromText(quote);
  const unitInQuote = unitFromText(quote);

  return {
    amount: chosen.amount,
    currency,
    unit: unitInQuote ?? raw.unit ?? 'total',
    vatIncluded: vatInQuote ?? raw.vat_included ?? null,
    state: raw.state ?? 'quoted',
    quote,
    messageId: raw.message_id ?? null,
    setBy: raw.set_by === 'person' ? 'person' : 'model',
  };
}

/**
 * The currency the thread last stated: that of the latest fee whose quote writes a currency, or that
 * a person set. Undefined when none did (a fee whose currency was only assumed does not count).
 */
export function lastStatedCurrency(feesInOrder: readonly { currency: string; quote: string; setBy?: FeeFact['setBy'] }[]): string | undefined {
  const stated = feesInOrder.findLast((fee) => fee.setBy === 'person' || currenciesIn(fee.quote).length > 0);
  return validCode(stated?.currency) ?? undefined;
}

/** The latest agreed (or invoiced) fee, else the latest quoted or countered one, else null. Fees in message order. */
export function latestFee<T extends Pick<FeeFact, 'state'>>(fees: readonly T[]): T | null {
  const agreed = fees.filter((fee) => fee.state === 'agreed' || fee.state === 'invoiced');
  // every other fee is quoted or countered
  return agreed.at(-1) ?? fees.at(-1) ?? null;
}

const sameMoney = (a: { amount: number; currency: string }, b: { amount: number; currency: string }) =>
  sameAmount(a.amount, b.amount) && a.currency.trim().toUpperCase() === b.currency.trim().toUpperCase();

/**
 * An amount is *agreed* only when the agency itself stated it in an agency-side message at or before
 * the fee's message (or a person set it). A model-read "agreed" fee of any other amount, e.g. a
 * talent's "We can offer $1 … I accept" quoting an offer the agency never sent, is read as quoted.
 * Fees in message order; `sideOf` gives a fee's message side (undefined when unknown).
 */
export function agreedOnlyAsAgencyStated<T extends { amount: number; currency: string; state: FeeState; setBy?: FeeFact['setBy']; messageId?: string | null }>(
  fees: readonly T[],
  sideOf: (messageId: string | null | undefined) => string | undefined,
): T[] {
  const statedByAgency = (fee: T) => fee.setBy === 'person' || sideOf(fee.messageId) === 'agency';
  return fees.map((fee, index) => {
    if (fee.state !== 'agreed' || statedByAgency(fee)) return fee;
    const statedBefore = fees.slice(0, index).some((earlier) => statedByAgency(earlier) && sameMoney(earlier, fee));
    return statedBefore ? fee : { ...fee, state: 'quoted' as const };
  });
}
