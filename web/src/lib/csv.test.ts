import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text, numbers and booleans as they are', () => {
    expect(csvField('Hollie Osei')).toBe('Hollie Osei');
    expect(csvField(1500)).toBe('1500');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(true)).toBe('true');
  });

  it('writes null and undefined as empty fields', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling inner quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('she said "yes"')).toBe('"she said ""yes"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField('"')).toBe('""""');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-note')).toBe("'-note");
    expect(csvField('@handle')).toBe("'@handle");
    expect(csvField('@handle', { escapeFormulas: false })).toBe('@handle');
  });
});

describe('toCsv', () => {
  it('writes the header then the rows, CRLF-terminated', () => {
    expect(toCsv(['Talent', 'Fee'], [['Ana', '€1,500 per post'], ['Ben', null]])).toBe('Talent,Fee\r\nAna,"€1,500 per post"\r\nBen,\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['A', 'B'], [])).toBe('A,B\r\n');
  });

  it('reads back to the same cells for any text (formula escaping off)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', 'é', '1', '=') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 5 }), (rows) => {
        const text = toCsv(['first', 'second'], rows, { escapeFormulas: false });
        expect(parseCsv(text)).toEqual([['first', 'second'], ...rows]);
      }),
    );
  });
});
