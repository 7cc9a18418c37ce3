import { describe, expect, it } from 'vitest';
import { CONTACT_WORDS_MAX, contactWords, leadingWord, listedUnder, searchWords, WORD_MAX, wordInitial, wordsMatch } from './contact-words';

const maya = { email: 'maya.okafor@gmail.com', talentName: 'Maya Okafor', handle: '@mayacooks', emailOwner: 'Sophie Grant (Peak Talent)' };
const finds = (contact: Parameters<typeof contactWords>[0], search: string) => wordsMatch(contactWords(contact), searchWords(search));

describe('the words a contact is found by', () => {
  it('are the folded words of its name, e-mail, handle and manager, without one that only begins another', () => {
    // "maya" begins "mayacooks": whatever finds the one finds the other.
    expect(contactWords(maya)).toEqual(['com', 'gmail', 'grant', 'mayacooks', 'okafor', 'peak', 'sophie', 'talent']);
  });

  it.each([
    ['maya', true],
    ['MAYA', true],
    ['oka', true],
    ['maya okafor', true],
    ['okafor maya', true],
    ['maya.okafor@gmail.com', true],
    ['@mayac', true],
    ['mayacooks', true],
    ['sophie', true],
    ['peak talent', true],
    ['Grant (Peak', true],
    ['afor', false],
    ['maya smith', false],
    ['mayacooking', false],
  ])('"%s" finds Maya: %s', (search, found) => {
    expect(finds(maya, search)).toBe(found);
  });

  it('ignores case and accents on both sides, letters of any script included', () => {
    const zoe = { email: 'zoe@x.io', talentName: 'Zoë Ærøskøbing-Łukasz', emailOwner: 'Ōtani Shōhei' };
    expect(finds(zoe, 'zoe')).toBe(true);
    expect(finds(zoe, 'ZOË')).toBe(true);
    expect(finds(zoe, 'aerosk')).toBe(true);
    expect(finds(zoe, 'lukasz')).toBe(true);
    expect(finds(zoe, 'ohtani')).toBe(false);
    expect(finds(zoe, 'otani shohei')).toBe(true);
    expect(finds({ email: 'li@x.cn', talentName: '李小龍' }, '李小')).toBe(true);
    expect(finds({ email: 'k@x.ru', talentName: 'Ксения Орлова' }, 'орл')).toBe(true);
  });

  it("finds O'Brien as obrien and as brien", () => {
    const obrien = { email: 'sean@x.ie', talentName: "Seán O'Brien" };
    expect(finds(obrien, 'obri')).toBe(true);
    expect(finds(obrien, 'brien')).toBe(true);
    expect(finds(obrien, "o'brien")).toBe(true);
    expect(finds({ email: 'd@x.it', talentName: 'D’Angelo' }, 'dangelo')).toBe(true);
  });

  it('keeps at most CONTACT_WORDS_MAX words, name and e-mail first, each cut at WORD_MAX characters', () => {
    const noisy = { email: 'pat@x.io', talentName: 'Pat Lee', emailOwner: Array.from({ length: 60 }, (_, i) => `w${i}x`).join(' ') };
    const words = contactWords(noisy);
    expect(words).toHaveLength(CONTACT_WORDS_MAX);
    expect(words).toEqual(expect.arrayContaining(['pat', 'lee', 'x', 'io']));
    expect(contactWords({ email: 'a@b.io', talentName: 'y'.repeat(90) })).toContain('y'.repeat(WORD_MAX));
    expect(finds({ email: 'a@b.io', talentName: 'y'.repeat(90) }, 'y'.repeat(70))).toBe(true);
  });
});

describe('a search text', () => {
  it('reads as its words, without one a longer one implies, and nothing when it has no letter or digit', () => {
    expect(searchWords('  Maya   OKA ')).toEqual(['maya', 'oka']);
    expect(searchWords('ma maya')).toEqual(['maya']);
    expect(searchWords('@ -- ..')).toEqual([]);
  });

  it('is read from the index by its longest word, the first in order among equals', () => {
    expect(leadingWord(['maya', 'oka'])).toBe('maya');
    expect(leadingWord(['abc', 'xyz'])).toBe('abc');
    expect(leadingWord([])).toBeUndefined();
    expect(wordInitial('ōtani')).toBe('ō');
    expect(wordInitial('😀x')).toBe('😀');
  });

  it('answers a contact under one word only: its first word that begins with the leading word', () => {
    const words = contactWords({ email: 'maya@x.io', talentName: 'Mara Maya', handle: '@mayacooks' });
    expect(listedUnder(words, 'ma')).toBe('mara');
    expect(listedUnder(words, 'may')).toBe('mayacooks');
    expect(listedUnder(words, 'zz')).toBeUndefined();
  });
});
