import { describe, expect, it } from 'vitest';
import { parseSheetUrl, sheetIdFrom } from './sheet-url';

describe('parseSheetUrl', () => {
  it("extracts the id from the '/d/{id}' part", () => {
    expect(parseSheetUrl('https://docs.google.com/spreadsheets/d/1AbC-d_9/edit#gid=0')).toEqual({ ok: true, sheetId: '1AbC-d_9' });
    expect(parseSheetUrl('  https://docs.google.com/spreadsheets/d/xyz  ')).toEqual({ ok: true, sheetId: 'xyz' });
    expect(sheetIdFrom('https://docs.google.com/spreadsheets/u/1/d/abc123/edit?usp=sharing')).toBe('abc123');
  });

  it('rejects text that is not a URL with "Please enter a valid Google Sheets URL"', () => {
    expect(parseSheetUrl('not a url')).toEqual({ ok: false, error: 'Please enter a valid Google Sheets URL' });
    expect(parseSheetUrl('docs.google.com/spreadsheets/d/abc')).toEqual({ ok: false, error: 'Please enter a valid Google Sheets URL' });
    expect(parseSheetUrl('javascript:alert(1)')).toEqual({ ok: false, error: 'Please enter a valid Google Sheets URL' });
    expect(sheetIdFrom('')).toBeUndefined();
  });

  it('rejects a URL without a sheet id with "Invalid Google Sheets URL"', () => {
    expect(parseSheetUrl('https://docs.google.com/spreadsheets/')).toEqual({ ok: false, error: 'Invalid Google Sheets URL' });
    expect(parseSheetUrl('https://example.com/d/')).toEqual({ ok: false, error: 'Invalid Google Sheets URL' });
  });
});
