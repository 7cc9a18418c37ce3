import { describe, expect, it } from 'vitest';
import { canImport, type ImportFormState } from './import-form';

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
