import { describe, expect, it } from 'vitest';
import { A1Error, columnIndex, columnLetters, formatA1, parseA1, quoteSheetTitle } from './a1';

describe('columns', () => {
  it('converts letters to 0-based indices and back, A..ZZZ', () => {
    const cases: Array<[string, number]> = [['A', 0], ['Z', 25], ['AA', 26], ['AZ', 51], ['BA', 52], ['ZZ', 701], ['AAA', 702], ['ZZZ', 18277]];
    for (const [letters, index] of cases) {
      expect(columnIndex(letters)).toBe(index);
      expect(columnLetters(index)).toBe(letters);
    }
    expect(columnIndex('ab')).toBe(27);
  });
  it('round-trips every column', () => {
    for (let i = 0; i < 18278; i += 7) expect(columnIndex(columnLetters(i))).toBe(i);
  });
  it('rejects out-of-range input', () => {
    expect(() => columnIndex('AAAA')).toThrow(A1Error);
    expect(() => columnLetters(18278)).toThrow(A1Error);
    expect(() => columnLetters(-1)).toThrow(A1Error);
  });
});

describe('parseA1', () => {
  it('parses a whole tab', () => {
    expect(parseA1('Longlist')).toEqual({ sheet: 'Longlist' });
    expect(parseA1("'Influencer variants'")).toEqual({ sheet: 'Influencer variants' });
    expect(parseA1('Sheet1')).toEqual({ sheet: 'Sheet1' });
  });
  it('parses bounded ranges and single cells', () => {
    expect(parseA1('Tab!A1:C3')).toEqual({ sheet: 'Tab', startRow: 0, endRow: 3, startCol: 0, endCol: 3 });
    expect(parseA1('Tab!B2')).toEqual({ sheet: 'Tab', startRow: 1, endRow: 2, startCol: 1, endCol: 2 });
    expect(parseA1('Tab!$B$2:$D$9')).toEqual({ sheet: 'Tab', startRow: 1, endRow: 9, startCol: 1, endCol: 4 });
  });
  it('parses open-ended ranges', () => {
    expect(parseA1('Tab!A1:Z')).toEqual({ sheet: 'Tab', startRow: 0, startCol: 0, endCol: 26 });
    expect(parseA1('Tab!A5:Z')).toEqual({ sheet: 'Tab', startRow: 4, startCol: 0, endCol: 26 });
    expect(parseA1("'Tab with spaces'!A:D")).toEqual({ sheet: 'Tab with spaces', startCol: 0, endCol: 4 });
    expect(parseA1('Tab!2:5')).toEqual({ sheet: 'Tab', startRow: 1, endRow: 5 });
    expect(parseA1('Tab!AA:ZZZ')).toEqual({ sheet: 'Tab', startCol: 26, endCol: 18278 });
  });
  it('normalises reversed ranges', () => {
    expect(parseA1('Tab!C3:A1')).toEqual({ sheet: 'Tab', startRow: 0, endRow: 3, startCol: 0, endCol: 3 });
  });
  it('reads a cell range without a sheet as the first sheet', () => {
    expect(parseA1('A1:B2')).toEqual({ startRow: 0, endRow: 2, startCol: 0, endCol: 2 });
    expect(parseA1('A:D')).toEqual({ startCol: 0, endCol: 4 });
  });
  it('unescapes doubled quotes and keeps ! inside quoted titles', () => {
    expect(parseA1("'It''s here'!A1")).toEqual({ sheet: "It's here", startRow: 0, endRow: 1, startCol: 0, endCol: 1 });
    expect(parseA1("'Wow!'!B:B")).toEqual({ sheet: 'Wow!', startCol: 1, endCol: 2 });
  });
  it('rejects malformed ranges', () => {
    for (const bad of ['', 'Tab!', '!A1', "'Tab", "'Tab'A1", 'Tab!A0', 'Tab!AAAA1', 'Tab!A1:B2:C3', 'Tab!1A']) {
      expect(() => parseA1(bad), bad).toThrow(A1Error);
    }
  });
});

describe('formatting', () => {
  it('quotes titles only when needed', () => {
    expect(quoteSheetTitle('Longlist')).toBe('Longlist');
    expect(quoteSheetTitle('Sheet1')).toBe('Sheet1');
    expect(quoteSheetTitle('Influencer variants')).toBe("'Influencer variants'");
    expect(quoteSheetTitle("It's")).toBe("'It''s'");
    expect(quoteSheetTitle('A1')).toBe("'A1'");
  });
  it('formats ranges', () => {
    expect(formatA1('Longlist', { startRow: 0, endRow: 1000, startCol: 0, endCol: 26 })).toBe('Longlist!A1:Z1000');
    expect(formatA1('Tab with spaces', { startRow: 1, endRow: 2, startCol: 1, endCol: 2 })).toBe("'Tab with spaces'!B2");
  });
  it('round-trips through parseA1', () => {
    const r = { startRow: 4, endRow: 40, startCol: 2, endCol: 30 };
    expect(parseA1(formatA1("Q1 'plan'", r))).toEqual({ sheet: "Q1 'plan'", ...r });
  });
});
