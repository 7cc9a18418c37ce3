import { describe, expect, it } from 'vitest';
import { missingGoogleAccess, REQUIRED_GOOGLE_SCOPES } from './google-scopes';
import { SIGN_IN_SCOPES } from './oidc';

describe('the Google access a sign-in must bring back', () => {
  it('asks for exactly the narrow scopes it requires, never the full spreadsheets scope', () => {
    expect(SIGN_IN_SCOPES).toEqual(expect.arrayContaining(Object.values(REQUIRED_GOOGLE_SCOPES)));
    expect(SIGN_IN_SCOPES).not.toContain('https://www.googleapis.com/auth/spreadsheets');
  });

  it('names what a partial consent lacks, in a stable order', () => {
    const all = ['openid', ...Object.values(REQUIRED_GOOGLE_SCOPES)];
    expect(missingGoogleAccess(all)).toEqual([]);
    expect(missingGoogleAccess(all.filter((s) => s !== REQUIRED_GOOGLE_SCOPES.gmail))).toEqual(['gmail']);
    expect(missingGoogleAccess(['openid', 'https://www.googleapis.com/auth/userinfo.email'])).toEqual(['gmail', 'drive', 'sheets']);
  });

  it('counts a wider scope as covering the narrow one', () => {
    expect(missingGoogleAccess(['https://mail.google.com/', 'https://www.googleapis.com/auth/drive'])).toEqual([]);
    expect(missingGoogleAccess(['https://www.googleapis.com/auth/gmail.modify', REQUIRED_GOOGLE_SCOPES.drive, 'https://www.googleapis.com/auth/spreadsheets'])).toEqual([]);
  });
});
