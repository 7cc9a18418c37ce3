/**
 * Quote verification: a fact the model read is kept only when its quote is really in the cited
 * message's own words (not in quoted history, not made up). Comparison ignores typographic
 * quote marks, dash styles, whitespace and case.
 */

const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2039\u203A\u2032\u00B4`]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u00AB\u00BB\u2033]/g;
const DASHES = /[\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D]/g;
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;

/** The form quotes and texts are compared in: NFKC, plain quote marks and dashes, single spaces, lower case. */
export function normalizeForQuote(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, '-')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();
}

const MIN_QUOTE_LENGTH = 3;

/** The quote as given, and without the decorations a model adds: surrounding quote marks, a trailing full stop or ellipsis. */
function quoteVariants(normalized: string): string[] {
  const variants = new Set<string>([normalized]);
  const unquoted = normalized.replace(/^["']+\s*/, '').replace(/\s*["']+$/, '');
  for (const base of [normalized, unquoted]) {
    variants.add(base);
    const trimmed = base.replace(/\s*(?:\.{1,3}|…)$/, '').trim();
    variants.add(trimmed);
    // a trailing full stop inside the quote marks: "… Friday."
    variants.add(trimmed.replace(/^["']+\s*/, '').replace(/\s*["']+$/, ''));
  }
  return [...variants].filter((variant) => variant.length >= MIN_QUOTE_LENGTH);
}

/** True when the quote (at least 3 characters once normalised) appears in the message's own text. */
export function quoteAppearsIn(quote: string, ownText: string): boolean {
  if (typeof quote !== 'string' || typeof ownText !== 'string') return false;
  const haystack = normalizeForQuote(ownText);
  // every variant has MIN_QUOTE_LENGTH characters or more, so a shorter quote (or an empty text) finds nothing
  return quoteVariants(normalizeForQuote(quote)).some((variant) => haystack.includes(variant));
}

/**
 * Keeps the facts whose quote appears in the own text of the message they cite. A fact that cites no
 * message, or a message not in the map, is dropped; a fact a person set (`setBy: 'person'`) is kept
 * as it is, since a person's word needs no quote.
 */
export function verifyFacts<T extends { quote: string; messageId: string | null }>(facts: readonly T[], ownTextById: ReadonlyMap<string, string>): T[] {
  return facts.filter((fact) => {
    if ((fact as { setBy?: unknown }).setBy === 'person') return true;
    return fact.messageId !== null && quoteAppearsIn(fact.quote, ownTextById.get(fact.messageId) ?? '');
  });
}
