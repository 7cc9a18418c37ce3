import { describe, expect, it } from 'vitest';
import {
  GoogleAuthRevoked,
  GoogleNotFound,
  GooglePermissionDenied,
  GoogleQuotaExceeded,
  GoogleRateLimited,
  GoogleRequestRejected,
  GoogleUnavailable,
  HistoryExpired,
  isRetryable,
  describeFailure,
  parseRetryAfter,
  toGoogleError,
} from './errors';

/** The shape of a GaxiosError as far as the mapping reads it. */
const gaxiosError = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  Object.assign(new Error(`status ${status}`), { response: { status, data, headers: new Headers(headers) } });

const v1 = (code: number, reason: string) => ({ error: { code, message: reason, errors: [{ reason, domain: 'usageLimits' }] } });

describe('Google error mapping', () => {
  it('maps token and auth failures to GoogleAuthRevoked', () => {
    expect(toGoogleError(gaxiosError(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }))).toBeInstanceOf(GoogleAuthRevoked);
    const e = toGoogleError(gaxiosError(401, v1(401, 'authError'))) as GoogleAuthRevoked;
    expect(e).toBeInstanceOf(GoogleAuthRevoked);
    expect(e.status).toBe(403); // never 401: that would end the product session
    expect(e.name).toBe('GoogleAuthRevoked');
  });

  it('maps rate limits (429 and 403 userRateLimitExceeded) to RateLimited with Retry-After', () => {
    const limited = toGoogleError(gaxiosError(429, { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } }, { 'retry-after': '7' })) as GoogleRateLimited;
    expect(limited).toBeInstanceOf(GoogleRateLimited);
    expect(limited.name).toBe('RateLimited');
    expect(limited.retryAfterMs).toBe(7_000);
    expect(toGoogleError(gaxiosError(403, v1(403, 'userRateLimitExceeded')))).toBeInstanceOf(GoogleRateLimited);
    expect(isRetryable(describeFailure(gaxiosError(403, v1(403, 'userRateLimitExceeded'))))).toBe(true);
  });

  it('tells quota, permission, not found, bad request and outage apart', () => {
    expect(toGoogleError(gaxiosError(403, v1(403, 'dailyLimitExceeded')))).toBeInstanceOf(GoogleQuotaExceeded);
    const denied = toGoogleError(gaxiosError(403, v1(403, 'insufficientPermissions')));
    expect(denied).toBeInstanceOf(GooglePermissionDenied);
    expect(denied.message).toContain('permission'); // the web client keys on this word
    const missing = toGoogleError(gaxiosError(404, v1(404, 'notFound')));
    expect(missing).toBeInstanceOf(GoogleNotFound);
    expect(missing.message).toContain('not found');
    expect(toGoogleError(gaxiosError(404, {}), () => new HistoryExpired('42'))).toBeInstanceOf(HistoryExpired);
    const rejected = toGoogleError(gaxiosError(400, v1(400, 'invalidArgument')));
    expect(rejected).toBeInstanceOf(GoogleRequestRejected);
    expect(isRetryable(describeFailure(gaxiosError(400, {})))).toBe(false);
    const down = toGoogleError(gaxiosError(503, {}));
    expect(down).toBeInstanceOf(GoogleUnavailable);
    expect(down.name).toBe('UpstreamError');
  });

  it('treats connection failures as transient', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(isRetryable(describeFailure(reset))).toBe(true);
    expect(toGoogleError(reset)).toBeInstanceOf(GoogleUnavailable);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('3')).toBe(3_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('issue 14: scopes people unticked, and a refused OAuth client', () => {
  it('maps 403 insufficientPermissions / ACCESS_TOKEN_SCOPE_INSUFFICIENT to GoogleScopeMissing (a permission problem, not retried)', async () => {
    const { GoogleScopeMissing } = await import('./errors');
    const v1 = gaxiosError(403, { error: { code: 403, status: 'PERMISSION_DENIED', errors: [{ reason: 'insufficientPermissions' }] } });
    const mapped = toGoogleError(v1);
    expect(mapped).toBeInstanceOf(GoogleScopeMissing);
    expect(mapped).toBeInstanceOf(GooglePermissionDenied);
    expect(isRetryable(describeFailure(v1))).toBe(false);
    // an ordinary 403 on a file stays a plain permission failure
    const file = toGoogleError(gaxiosError(403, { error: { code: 403, status: 'PERMISSION_DENIED', errors: [{ reason: 'forbidden' }] } }));
    expect(file).toBeInstanceOf(GooglePermissionDenied);
    expect(file).not.toBeInstanceOf(GoogleScopeMissing);
  });

  it('maps invalid_client at the token endpoint to configuration, never to "revoked"', async () => {
    const { GoogleClientMisconfigured, isOAuthClientRejected } = await import('./errors');
    const refused = gaxiosError(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    const mapped = toGoogleError(refused);
    expect(mapped).toBeInstanceOf(GoogleClientMisconfigured);
    expect(mapped).not.toBeInstanceOf(GoogleAuthRevoked);
    expect(isOAuthClientRejected(refused)).toBe(true);
    // openid-client's ResponseBodyError carries the OAuth error on `error`
    expect(isOAuthClientRejected(Object.assign(new Error('server responded with an error'), { error: 'invalid_client', status: 401 }))).toBe(true);
    expect(isOAuthClientRejected(Object.assign(new Error('x'), { error: 'invalid_grant', status: 400 }))).toBe(false);
    expect(toGoogleError(gaxiosError(400, { error: 'invalid_grant' }))).toBeInstanceOf(GoogleAuthRevoked);
  });
});
