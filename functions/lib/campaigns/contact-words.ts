import { fold } from '../conversations/rules/text';

/**
 * The words a contact is found by, and how a search text reads: the one tokenising rule the
 * search index is written with and searched by, so both sides always agree. A word is a run of
 * letters or digits (any script) of the folded text (case and accents dropped: "Zoë" is "zoe");
 * a search matches a contact when each of its words begins one of the contact's words
 * ("oka" finds "Maya Okafor", "maya.okafor@gm" finds maya.okafor@gmail.com).
 */

/** Words are compared on their first 40 characters (an index key holds no more). */
export const WORD_MAX = 40;
/**
 * At most this many words of one contact are indexed (name and e-mail first), so a manager cell
 * of a hundred one-letter words cannot make one contact cost a hundred index writes.
 */
export const CONTACT_WORDS_MAX = 24;

const SEPARATORS = /[^\p{L}\p{N}]+/u;

const wordsOf = (text: string): string[] => {
  const folded = fold(text);
  // "O'Brien" is found as "obrien" and as "brien": apostrophes both join and split.
  const split = folded.replace(/'/g, ' ').split(SEPARATORS);
  const joined = folded.includes("'") ? folded.replace(/'/g, '').split(SEPARATORS) : [];
  return [...split, ...joined].filter(Boolean).map((word) => [...word].slice(0, WORD_MAX).join(''));
};

/** The fields of a contact a search reads, as the contact row holds them. */
export type SearchableContact = { email: string; talentName?: string; emailOwner?: string; handle?: string };

/**
 * The contact's index words, sorted: those of the name, e-mail, handle and manager cell, without
 * a word that merely begins another of them ("maya" when "mayacooks" is there: whatever finds
 * the first finds the second), at most CONTACT_WORDS_MAX of them.
 */
export const contactWords = (contact: SearchableContact): string[] => {
  const ordered: string[] = [];
  for (const field of [contact.talentName, contact.email, contact.handle, contact.emailOwner]) {
    for (const word of wordsOf(field ?? '')) if (!ordered.includes(word)) ordered.push(word);
  }
  const kept = ordered.filter((word) => !ordered.some((other) => other !== word && other.startsWith(word)));
  return kept.slice(0, CONTACT_WORDS_MAX).sort();
};

/** A search text's words: those not implied by a longer one ("ma maya" reads as "maya"). */
export const searchWords = (text: string): string[] => {
  const words = [...new Set(wordsOf(text))];
  return words.filter((word) => !words.some((other) => other !== word && other.startsWith(word))).sort();
};

/**
 * The word the index is read by: the longest (the fewest contacts begin with it), the first in
 * order among equals, so one search text always reads the same range.
 */
export const leadingWord = (words: readonly string[]): string | undefined =>
  words.reduce<string | undefined>((best, word) => (best === undefined || [...word].length > [...best].length ? word : best), undefined);

/** Every search word begins one of the contact's words. */
export const wordsMatch = (contactWordList: readonly string[], search: readonly string[]): boolean =>
  search.every((wanted) => contactWordList.some((word) => word.startsWith(wanted)));

/**
 * The one index word a contact is listed under for this leading word: its first word beginning
 * with it. A contact has several words that may begin with it ("ma": "maya", "mayacooks"); only
 * this one answers, so a contact comes once whatever page it falls on.
 */
export const listedUnder = (contactWordList: readonly string[], leading: string): string | undefined =>
  contactWordList.find((word) => word.startsWith(leading));

/** The first character of a word: the index partition it is written to and read from. */
export const wordInitial = (word: string): string => [...word][0] ?? '';
