import { describe, expect, it } from 'vitest';
import { GoogleAuthRevoked, GoogleClientMisconfigured, GooglePermissionDenied, GoogleScopeMissing, GoogleUnavailable } from '../google/errors';
import { NoGoogleGrant } from '../identity/google-grants';
import { accessProblem } from './health';

describe('which failures skip a mailbox with a health entry', () => {
  it('no grant, an unticked Gmail scope and a denied permission are "missing_access"; a refused grant is "revoked"', () => {
    expect(accessProblem(new NoGoogleGrant('a@b.co'))?.health).toBe('missing_access');
    expect(accessProblem(new GoogleScopeMissing())).toEqual({ health: 'missing_access', detail: expect.stringContaining('consent screen') });
    expect(accessProblem(new GooglePermissionDenied())?.health).toBe('missing_access');
    expect(accessProblem(new GoogleAuthRevoked())?.health).toBe('revoked');
  });

  it('a refused OAuth client or an outage is not about one mailbox: no health entry, the error goes on', () => {
    expect(accessProblem(new GoogleClientMisconfigured())).toBeUndefined();
    expect(accessProblem(new GoogleUnavailable())).toBeUndefined();
    expect(accessProblem(new Error('boom'))).toBeUndefined();
  });
});
