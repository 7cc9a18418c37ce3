import { describe, expect, it } from 'vitest';
import { canImport, importResultText, importResultView, type ImportFormState } from './import-form';

const ready: ImportFormState = {
  campaignId: 'c1',
  sheetUrl: 'https://docs.google.com/spreadsheets/d/abc',
  tabCount: 2,
  checking: false,
  importing: false,
  hasError: false,
};

describe('canImport', () => {
  it('is enabled once tabs were found, nothing is busy, no error, campaign and URL set', () => {
    expect(canImport(ready)).toBe(true);
  });

  it.each([
    ['no tabs found', { tabCount: 0 }],
    ['checking the sheet', { checking: true }],
    ['importing', { importing: true }],
    ['an error', { hasError: true }],
    ['no campaign', { campaignId: '' }],
    ['no URL', { sheetUrl: '  ' }],
  ])('is disabled with %s', (_name, change) => {
    expect(canImport({ ...ready, ...change })).toBe(false);
  });
});

describe('importResultView', () => {
  it('lists every skipped and duplicate row with its row number and reason, in row order', () => {
    const view = importResultView({
      imported: 3,
      skipped: 2,
      duplicates: 2,
      message: 'Imported 3 contacts into Summer; 2 skipped, 2 duplicates',
      details: {
        skipped: [
          { row: 9, reason: 'Missing email' },
          { row: 4, reason: 'Invalid email "not-an-email"' },
        ],
        duplicates: [
          { row: 7, reason: 'Duplicate of row 2 in the sheet', email: 'ana@example.com' },
          { row: 4, reason: 'Already a contact in campaign "summer"', email: 'bo@example.com' },
        ],
      },
    });
    expect(view).toEqual({
      summary: 'Imported 3 contacts into Summer; 2 skipped, 2 duplicates',
      notes: [
        { row: 4, kind: 'skipped', reason: 'Invalid email "not-an-email"' },
        { row: 4, kind: 'duplicate', reason: 'Already a contact in campaign "summer"', email: 'bo@example.com' },
        { row: 7, kind: 'duplicate', reason: 'Duplicate of row 2 in the sheet', email: 'ana@example.com' },
        { row: 9, kind: 'skipped', reason: 'Missing email' },
      ],
      unlisted: 0,
    });
  });

  it('words the counts itself without a message, and says when rows are counted but not listed', () => {
    expect(importResultView({ imported: 5, skipped: 0, duplicates: 0, details: { skipped: [], duplicates: [] } })).toEqual({
      summary: 'Imported 5, skipped 0, duplicates 0',
      notes: [],
      unlisted: 0,
    });
    expect(importResultView({ imported: 1, skipped: 2, duplicates: 1, message: '  ' })).toEqual({ summary: 'Imported 1, skipped 2, duplicates 1', notes: [], unlisted: 3 });
    expect(importResultText.unlisted(1)).toBe('1 more row not listed');
  });
});
