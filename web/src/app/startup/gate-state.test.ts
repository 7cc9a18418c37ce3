import { describe, expect, it } from 'vitest';
import { apiKeyStatusResponse, authStatusResponse, type AuthStatusResponse } from '../../../../shared/schemas/identity';
import { ApiError } from '../../lib/api-client';
import { fakeData } from '../../testing/fake-response';
import { SIGNED_OUT_STATUS } from '../../testing/fakes';
import { decideGate, type GateInput } from './gate-state';

const idle = { status: 'pending', fetchStatus: 'idle' } as const;
const ok = <T,>(data: T) => ({ status: 'success', fetchStatus: 'idle', data }) as const;
const failed = (error: unknown) => ({ status: 'error', fetchStatus: 'idle', error }) as const;
const status = (value: Partial<AuthStatusResponse>) => fakeData(authStatusResponse, { ...SIGNED_OUT_STATUS, ...value });
const signedIn = status({ authenticated: true, user: { email: 'a@x.com', name: null, picture: null }, agency_name: 'acme', membership_role: 'owner' });

const input = (overrides: Partial<GateInput>): GateInput => ({ requirement: 'agency', auth: idle, apiKey: idle, ...overrides });

describe('decideGate', () => {
  it('starts initializing, then checks auth', () => {
    expect(decideGate(input({})).state).toBe('initializing');
    expect(decideGate(input({ auth: { status: 'pending', fetchStatus: 'fetching' } })).state).toBe('checking-auth');
  });

  it('asks for sign-in when unauthenticated', () => {
    expect(decideGate(input({ auth: ok(status({ authenticated: false })) }))).toEqual({ state: 'oauth-required' });
  });

  it('flags an unreachable backend when the status call fails', () => {
    expect(decideGate(input({ auth: failed(new ApiError(0, 'net')) }))).toEqual({
      state: 'oauth-required',
      backendUnreachable: true,
    });
  });

  it('sends a signed-in user without agency to /agencies', () => {
    expect(decideGate(input({ auth: ok({ ...signedIn, agency_name: null, membership_role: null, pending_agency: true }) })).redirectTo).toBe('/agencies');
  });

  it('lets agency screens through with only a session', () => {
    expect(decideGate(input({ requirement: 'user', auth: ok({ ...signedIn, agency_name: null, membership_role: null, pending_agency: true }) }))).toEqual({ state: 'ready' });
  });

  it('checks the API key, then asks for one or lets the user in', () => {
    expect(decideGate(input({ auth: ok(signedIn), apiKey: { status: 'pending', fetchStatus: 'fetching' } })).state).toBe(
      'checking-api-key',
    );
    expect(decideGate(input({ auth: ok(signedIn), apiKey: ok(fakeData(apiKeyStatusResponse, { success: true, openai: false })) })).state).toBe('api-key-required');
    expect(decideGate(input({ auth: ok(signedIn), apiKey: ok(fakeData(apiKeyStatusResponse, { success: true, openai: true })) })).state).toBe('ready');
  });

  it('treats a 401 on the key check as a lost session', () => {
    expect(decideGate(input({ auth: ok(signedIn), apiKey: failed(new ApiError(401, 'x')) })).state).toBe('oauth-required');
    expect(decideGate(input({ auth: ok(signedIn), apiKey: failed(new ApiError(500, 'x')) })).state).toBe('api-key-required');
  });
});
