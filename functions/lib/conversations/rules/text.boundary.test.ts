import { describe, expect, it } from 'vitest';
import { containsWholeWord, escapeRegExp, fold, foldKeepCase, wholeWordMatches, wholeWordPattern } from './text';

// Boundaries of text folding and whole-word matching: every letter people type without its accent,
// every typographic mark made plain, and the edge of a word in each script.

describe('foldKeepCase: letters typed without their accent', () => {
  it.each([
    ['Straße', 'Strasse'],
    ['GROẞE', 'GROSSE'],
    ['Cæcilie', 'Caecilie'],
    ['Ærø', 'AEro'],
    ['Cœur', 'Coeur'],
    ['Œuvre', 'OEuvre'],
    ['Søren', 'Soren'],
    ['Øst', 'Ost'],
    ['Đorđe', 'Dorde'],
    ['Łukasz Wałęsa', 'Lukasz Walesa'],
    ['Yıldız', 'Yildiz'],
    ['Þóra Sigurþórsdóttir', 'THora Sigurthorsdottir'],
  ])('%s → %s', (written, typed) => {
    expect(foldKeepCase(written)).toBe(typed);
  });

  it('drops every combining mark, stacked ones too', () => {
    expect(foldKeepCase('Nguyễn Thị Ánh')).toBe('Nguyen Thi Anh');
    expect(foldKeepCase('e\u0301\u0323')).toBe('e');
  });

  it('unifies compatibility forms (ligatures, full-width letters)', () => {
    expect(foldKeepCase('ﬁnn ＭＡＹＡ')).toBe('finn MAYA');
  });

  it('keeps Hangul syllables whole', () => {
    expect(foldKeepCase('김지민')).toBe('김지민');
    expect(foldKeepCase('김지민')).toHaveLength(3);
  });
});

describe('foldKeepCase: typographic marks made plain', () => {
  // U+00B4 (´) is left out: compatibility decomposition turns it into a space and a combining accent
  // before this step sees it, so "O´Neil" folds to "O Neil" (reported with issue 23, point 8).
  it.each(['\u2018', '\u2019', '\u201A', '\u201B', '\u2032', '`'])('apostrophe U+%s', (mark) => {
    expect(foldKeepCase(`O${mark}Neil`)).toBe("O'Neil");
  });

  it.each(['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212'])('dash U+%s', (dash) => {
    expect(foldKeepCase(`Smith${dash}Jones`)).toBe('Smith-Jones');
  });

  it.each(['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD'])('invisible U+%s is dropped', (invisible) => {
    expect(foldKeepCase(`Ma${invisible}ya`)).toBe('Maya');
  });

  it('collapses any whitespace run to one space and trims', () => {
    expect(foldKeepCase('\t Maya\u00A0\u00A0 \n Chen \r\n')).toBe('Maya Chen');
  });

  it('fold also lower-cases', () => {
    expect(fold('  ŁUKASZ  Ø ')).toBe('lukasz o');
  });
});

describe('escapeRegExp', () => {
  it.each([...'.*+?^${}()|[]\\/'])('makes %s match only itself', (special) => {
    const text = `a${special}b`;
    const pattern = new RegExp(escapeRegExp(text), 'u');
    expect(pattern.exec(`x ${text} y`)?.[0]).toBe(text);
    expect(pattern.test('axb')).toBe(false);
  });
});

describe('wholeWordPattern: the edge of a word', () => {
  it('treats an underscore as part of a word', () => {
    expect(containsWholeWord('Ana', 'ana_b')).toBe(false);
    expect(containsWholeWord('Ana', 'b_ana')).toBe(false);
    expect(containsWholeWord('Ana', '(ana)')).toBe(true);
  });

  it('treats digits as part of a word, at either end', () => {
    expect(containsWholeWord('Leo', 'leo2')).toBe(false);
    expect(containsWholeWord('Leo', '2leo')).toBe(false);
    expect(containsWholeWord('R2', 'R2D2')).toBe(false);
    expect(containsWholeWord('2B', 'A2B')).toBe(false);
    expect(containsWholeWord('R2', 'r2, D2')).toBe(true);
  });

  it('needs no boundary on a side that is not a letter or digit (a handle glued to text is still found)', () => {
    expect(containsWholeWord('@mayacooks', 'ping:cc@mayacooks')).toBe(true);
    expect(containsWholeWord('Maya!', 'Maya!!!yes')).toBe(true);
  });

  it.each([
    ['Chinese', '王芳', '请王芳老师'],
    ['Japanese hiragana', 'さくら', 'こんにちはさくらさん'],
    ['Japanese katakana', 'サクラ', 'ようこそサクラさん'],
    ['Korean', '지민', '안녕하세요지민씨'],
    ['Thai', 'สมชาย', 'คุณสมชายครับ'],
  ])('finds a %s name run together with the words around it', (_script, name, text) => {
    expect(containsWholeWord(name, text)).toBe(true);
  });

  it('still needs a boundary on the spaced side of a mixed-script name', () => {
    expect(containsWholeWord('Ana王', 'banana王')).toBe(false);
    expect(containsWholeWord('王Ana', '王Anaïs')).toBe(false);
  });

  it('matches case- and accent-insensitively, across any whitespace, and returns the matches in their folded form, case kept', () => {
    expect(wholeWordMatches('sofia alvarez', 'Hi SOFÍA\n ÁLVAREZ and sofia alvarez')).toEqual(['SOFIA ALVAREZ', 'sofia alvarez']);
    expect(wholeWordPattern('Maya')?.flags).toContain('g');
  });

  it('finds nothing for a phrase without letters or digits, nor in an empty text', () => {
    expect(wholeWordPattern('-- !')).toBeNull();
    expect(wholeWordMatches('-- !', '-- !')).toEqual([]);
    expect(wholeWordMatches('Maya', '')).toEqual([]);
    expect(containsWholeWord('Maya', 'Mayan')).toBe(false);
  });
});
