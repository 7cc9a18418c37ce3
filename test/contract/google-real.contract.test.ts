import { beforeEach, describe, expect, it } from 'vitest';
import type { GoogleTransport } from '../../functions/lib/google/auth';
import { buildGoogleConfig, createOAuthClient, isRealGoogle } from '../../functions/lib/google/auth';
import { createDriveClient } from '../../functions/lib/google/drive';
import { createGmailClient } from '../../functions/lib/google/gmail';
import { createGmailQuotaLimiter, gmailQuotaConfig } from '../../functions/lib/google/gmail-quota';
import { createSheetsClient } from '../../functions/lib/google/sheets';

/**
 * The same adapters configured for real Google (no GOOGLE_API_ROOT): every request is caught
 * by a gaxios adapter and answered locally, so nothing leaves the machine, and we assert the
 * URLs, methods, query strings and bodies Google would receive.
 */
type Seen = { method: string; url: URL; data: unknown; auth: string | null };

const config = buildGoogleConfig({ GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' });

let seen: Seen[] = [];
const answers: [RegExp, unknown][] = [
  [/oauth2\.googleapis\.com\/token$/, { access_token: 'ya29.fake', expires_in: 3599, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/gmail.readonly' }],
  [/\/gmail\/v1\/users\/me\/profile$/, { emailAddress: 'staff@agency.example', messagesTotal: 10, threadsTotal: 4, historyId: '1234' }],
  [/\/gmail\/v1\/users\/me\/threads$/, { threads: [{ id: 't1', snippet: 'hi', historyId: '9' }], resultSizeEstimate: 1 }],
  [/\/gmail\/v1\/users\/me\/history$/, { history: [], historyId: '1300' }],
  [/\/drive\/v3\/files$/, { id: 'folder1', name: 'Threadline', mimeType: 'application/vnd.google-apps.folder', parents: ['root'] }],
  [/\/drive\/v3\/files\/f1\/permissions$/, { id: 'perm1' }],
  [/\/v4\/spreadsheets:?$/, { spreadsheetId: 's1', properties: { title: 'Tracker' }, sheets: [{ properties: { sheetId: 0, title: 'Outreach' } }] }],
  [/\/v4\/spreadsheets\/s1\/values:batchUpdate$/, { totalUpdatedCells: 4, totalUpdatedRows: 2 }],
];

const transport: GoogleTransport = async (options) => {
  const url = new URL(options.url.toString());
  seen.push({ method: options.method ?? 'GET', url, data: options.data, auth: options.headers.get('authorization') });
  const data = answers.find(([pattern]) => pattern.test(url.origin + url.pathname))?.[1] ?? {};
  const res = Object.assign(new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } }), { config: options, data });
  await res.text(); // consumed, as a real fetch response is
  return res as never;
};

const ctx = () => ({
  auth: createOAuthClient({ refreshToken: '1//refresh', config, adapter: transport }),
  config,
  adapter: transport,
  retry: { sleep: async () => {} },
});

beforeEach(() => {
  seen = [];
});

describe('real Google addressing', () => {
  it('is real Google without GOOGLE_API_ROOT', () => {
    expect(isRealGoogle(config)).toBe(true);
    expect(config.endpoints.token).toBe('https://oauth2.googleapis.com/token');
    expect(isRealGoogle(buildGoogleConfig({ GOOGLE_API_ROOT: 'http://127.0.0.1:9999' }))).toBe(false);
  });

  it('refreshes at oauth2.googleapis.com and calls Gmail at gmail.googleapis.com', async () => {
    const gmail = createGmailClient({ ...ctx(), mailbox: 'staff@agency.example', limiter: createGmailQuotaLimiter(gmailQuotaConfig({})) });
    expect(await gmail.getProfile()).toEqual({ emailAddress: 'staff@agency.example', messagesTotal: 10, threadsTotal: 4, historyId: '1234' });
    const threads = await gmail.listThreads('from:talent@x.com OR to:talent@x.com', { pageSize: 50 });
    expect(threads).toEqual({ items: [{ id: 't1', snippet: 'hi', historyId: '9' }], truncated: false });
    await gmail.listHistory('1200');

    const [token, profile, list, history] = seen;
    expect(token!.method).toBe('POST');
    expect(token!.url.href).toBe('https://oauth2.googleapis.com/token');
    expect(Object.fromEntries(new URLSearchParams(String(token!.data)))).toEqual({
      refresh_token: '1//refresh',
      client_id: 'client.apps.googleusercontent.com',
      client_secret: 'secret',
      grant_type: 'refresh_token',
    });
    expect(profile!.url.href).toBe('https://gmail.googleapis.com/gmail/v1/users/me/profile');
    expect(profile!.auth).toBe('Bearer ya29.fake');
    expect(list!.url.origin + list!.url.pathname).toBe('https://gmail.googleapis.com/gmail/v1/users/me/threads');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ q: 'from:talent@x.com OR to:talent@x.com', maxResults: '50' });
    expect(history!.url.origin + history!.url.pathname).toBe('https://gmail.googleapis.com/gmail/v1/users/me/history');
    expect(history!.url.searchParams.get('startHistoryId')).toBe('1200');
    expect(history!.url.searchParams.get('historyTypes')).toBe('messageAdded');
  });

  it('calls Drive at www.googleapis.com', async () => {
    const drive = createDriveClient(ctx());
    await drive.createFolder('Threadline');
    await drive.share('f1', 'member@agency.example');
    const [, create, share] = seen;
    expect(create!.method).toBe('POST');
    expect(create!.url.origin + create!.url.pathname).toBe('https://www.googleapis.com/drive/v3/files');
    expect(create!.data).toEqual({ name: 'Threadline', mimeType: 'application/vnd.google-apps.folder' });
    expect(share!.url.origin + share!.url.pathname).toBe('https://www.googleapis.com/drive/v3/files/f1/permissions');
    expect(share!.url.searchParams.get('sendNotificationEmail')).toBe('false');
    expect(share!.data).toEqual({ type: 'user', role: 'writer', emailAddress: 'member@agency.example' });
  });

  it('calls Sheets at sheets.googleapis.com', async () => {
    const sheets = createSheetsClient(ctx());
    await sheets.createSpreadsheet('Tracker', [{ name: 'Outreach', headers: ['Email', 'Talent'] }]);
    await sheets.batchUpdateValues('s1', [{ range: "'Outreach'!A2:B3", values: [['a@x.com', 'A'], ['b@x.com', 'B']] }]);
    const [, create, format, values] = seen;
    expect(create!.url.origin + create!.url.pathname).toBe('https://sheets.googleapis.com/v4/spreadsheets');
    expect(format!.url.origin + format!.url.pathname).toBe('https://sheets.googleapis.com/v4/spreadsheets/s1:batchUpdate');
    expect(values!.url.origin + values!.url.pathname).toBe('https://sheets.googleapis.com/v4/spreadsheets/s1/values:batchUpdate');
    expect(values!.data).toEqual({ valueInputOption: 'RAW', data: [{ range: "'Outreach'!A2:B3", values: [['a@x.com', 'A'], ['b@x.com', 'B']] }] });
  });
});
