/**
 * Text folding and whole-word matching shared by the rules: accent- and case-insensitive,
 * Unicode-aware (a "word" is a run of letters and digits in any script).
 */

/** Letters that carry no combining mark in Unicode but that people still type without the accent. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  þ: 'th',
  Þ: 'TH',
};
const PLAIN_LETTER_PATTERN = new RegExp(`[${Object.keys(PLAIN_LETTERS).join('')}]`, 'gu');

/**
 * Accent-insensitive form of a text that keeps letter case: compatibility forms unified, combining
 * marks dropped (é → e, Ł → L), typographic apostrophes and dashes made plain, whitespace collapsed.
 * Hangul and other precomposed scripts come back composed, so syllables stay whole.
 */
export function foldKeepCase(text: string): string {
  return text
    // ´ (U+00B4) decomposes to a space and a combining accent: made an apostrophe before, so "O´Neil" stays one word
    .replace(/\u00B4/g, "'")
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .replace(PLAIN_LETTER_PATTERN, (letter) => PLAIN_LETTERS[letter] ?? letter)
    .replace(/[\u2018\u2019\u201A\u201B\u2032\u00B4`]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** {@link foldKeepCase}, lower-cased: the form names and words are compared in. */
export function fold(text: string): string {
  return foldKeepCase(text).toLowerCase();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Scripts written without spaces between words (a name there is found as a run of characters). */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * A case-insensitive pattern that finds `phrase` as whole words in a folded text: not preceded or
 * followed by a letter or digit of any script, so "Ana" is not found in "banana" or "Anaïs".
 * Edges written in an unspaced script (Chinese, Japanese, Korean with its attached particles, Thai)
 * need no boundary on that side. Returns null for a phrase with no letters or digits.
 */
export function wholeWordPattern(phrase: string): RegExp | null {
  const folded = foldKeepCase(phrase);
  if (!/[\p{L}\p{N}]/u.test(folded)) return null;
  const first = folded[0] ?? '';
  const last = folded[folded.length - 1] ?? '';
  const before = UNSPACED_SCRIPT.test(first) || !/[\p{L}\p{N}]/u.test(first) ? '' : '(?<![\\p{L}\\p{N}_])';
  const after = UNSPACED_SCRIPT.test(last) || !/[\p{L}\p{N}]/u.test(last) ? '' : '(?![\\p{L}\\p{N}_])';
  const body = folded.split(' ').map(escapeRegExp).join('\\s+');
  return new RegExp(`${before}${body}${after}`, 'giu');
}

/** Every whole-word occurrence of `phrase` in `text`, as written in the folded (case-kept) text. */
export function wholeWordMatches(phrase: string, text: string): string[] {
  const pattern = wholeWordPattern(phrase);
  if (!pattern) return [];
  return [...foldKeepCase(text).matchAll(pattern)].map((match) => match[0]);
}

export function containsWholeWord(phrase: string, text: string): boolean {
  return wholeWordMatches(phrase, text).length > 0;
}
