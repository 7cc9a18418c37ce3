import { describe, expect, it } from 'vitest';
import { buildGoogleConfig, createOAuthClient, type GoogleTransport } from './auth';
import { GoogleAuthRevoked, GoogleRateLimited, GoogleUnavailable, HistoryExpired } from './errors';
import { createGmailClient } from './gmail';
import { createGmailQuotaLimiter, gmailQuotaConfig } from './gmail-quota';
import { createSheetsClient } from './sheets';
import { createSheetsQuotaLimiter, SHEETS_DEFAULT_QUOTA } from './sheets-quota';

/** A scripted Google: each request takes the next answer for its path (the last one repeats). */
const scripted = (script: Record<string, { status: number; data?: unknown; headers?: Record<string, string> }[]>) => {
  const calls: string[] = [];
  const transport: GoogleTransport = async (options) => {
    const url = new URL(options.url.toString());
    const key = url.pathname;
    calls.push(key);
    const queue = script[key] ?? [{ status: 404, data: { error: { code: 404, message: 'Not Found' } } }];
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    const data = answer.data ?? {};
    const res = Object.assign(new Response(JSON.stringify(data), { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } }), {
      config: options,
      data,
    });
    // Consumed like a real fetch body (gaxios keeps error data only then); gaxios checks the
    // status itself and throws its GaxiosError, as with a real response.
    await res.text();
    return res as never;
  };
  return { calls, transport };
};

const config = buildGoogleConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
const token = { status: 200, data: { access_token: 'ya29.a', expires_in: 3600, token_type: 'Bearer' } };

const gmailWith = (transport: GoogleTransport, waits: number[] = []) =>
  createGmailClient({
    auth: createOAuthClient({ refreshToken: 'r', config, adapter: transport }),
    config,
    adapter: transport,
    mailbox: 'me@agency.example',
    limiter: createGmailQuotaLimiter(gmailQuotaConfig({}), { sleep: async () => {} }),
    retry: { sleep: async (ms) => void waits.push(ms), random: () => 0 },
  });

describe('Google call policy', () => {
  it('refreshes once after a 401 and retries the call', async () => {
    const { calls, transport } = scripted({
      '/token': [token],
      '/gmail/v1/users/me/profile': [{ status: 401, data: { error: { code: 401, message: 'Invalid Credentials' } } }, { status: 200, data: { emailAddress: 'me@agency.example', historyId: '5' } }],
    });
    const profile = await gmailWith(transport).getProfile();
    expect(profile.historyId).toBe('5');
    expect(calls).toEqual(['/token', '/gmail/v1/users/me/profile', '/token', '/gmail/v1/users/me/profile']);
  });

  it('maps invalid_grant at refresh to GoogleAuthRevoked, without retrying it', async () => {
    const { calls, transport } = scripted({ '/token': [{ status: 400, data: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } }] });
    await expect(gmailWith(transport).getProfile()).rejects.toBeInstanceOf(GoogleAuthRevoked);
    expect(calls).toEqual(['/token']);
  });

  it('honours Retry-After on 429 and gives up as RateLimited', async () => {
    const waits: number[] = [];
    const { calls, transport } = scripted({
      '/token': [token],
      '/gmail/v1/users/me/threads/t1': [{ status: 429, data: { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } }, headers: { 'retry-after': '3' } }],
    });
    const error = await gmailWith(transport, waits).getThread('t1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleRateLimited);
    expect((error as GoogleRateLimited).retryAfterMs).toBe(3_000);
    expect(waits).toEqual([3_000, 3_000, 3_000, 3_000]);
    expect(calls.filter((c) => c.endsWith('/t1'))).toHaveLength(5);
  });

  it('retries 5xx with backoff, then succeeds', async () => {
    const { calls, transport } = scripted({
      '/token': [token],
      '/gmail/v1/users/me/messages/m1': [{ status: 503 }, { status: 500 }, { status: 200, data: { id: 'm1', threadId: 't1', payload: { headers: [{ name: 'Subject', value: 'Hi' }] } } }],
    });
    expect((await gmailWith(transport).getMessage('m1', 'metadata')).subject).toBe('Hi');
    expect(calls.filter((c) => c.endsWith('/m1'))).toHaveLength(3);
  });

  it('does not retry a failing token endpoint inside gaxios (one policy only)', async () => {
    const { calls, transport } = scripted({ '/token': [{ status: 503 }] });
    const waits: number[] = [];
    await expect(gmailWith(transport, waits).getProfile()).rejects.toBeInstanceOf(GoogleUnavailable);
    // 5 attempts of ours, each exactly one token request.
    expect(calls).toEqual(['/token', '/token', '/token', '/token', '/token']);
  });

  it('turns history 404 into HistoryExpired', async () => {
    const { transport } = scripted({ '/token': [token], '/gmail/v1/users/me/history': [{ status: 404, data: { error: { code: 404, message: 'Requested entity was not found.' } } }] });
    await expect(gmailWith(transport).listHistory('1')).rejects.toBeInstanceOf(HistoryExpired);
  });

  it('waits past the one-minute quota window after a Sheets 429 (Sheets sends no Retry-After)', async () => {
    const waits: number[] = [];
    const quota = {
      error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets.googleapis.com' for consumer 'project_number:1'." },
    };
    const { calls, transport } = scripted({
      '/token': [token],
      '/v4/spreadsheets/s1/values:batchUpdate': [{ status: 429, data: quota }, { status: 200, data: { totalUpdatedCells: 1, totalUpdatedRows: 1 } }],
    });
    const sheets = createSheetsClient({
      auth: createOAuthClient({ refreshToken: 'r', config, adapter: transport }),
      config,
      adapter: transport,
      user: 'me@agency.example',
      limiter: createSheetsQuotaLimiter(SHEETS_DEFAULT_QUOTA, { sleep: async () => {} }),
      retry: { sleep: async (ms) => void waits.push(ms), random: () => 0 },
    });
    expect(await sheets.batchUpdateValues('s1', [{ range: "'Outreach'!A2:B2", values: [['a', 'b']] }])).toEqual({ updatedCells: 1, updatedRows: 1 });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(60_000);
    expect(calls.filter((c) => c.includes('values:batchUpdate'))).toHaveLength(2);
  });
});
