import { ApiError } from '../../lib/api-client';
import type { AuthStatus } from '../../features/auth/api/get-auth-status';

export type GateState = 'initializing' | 'checking-auth' | 'oauth-required' | 'checking-api-key' | 'api-key-required' | 'ready';

/** 'user' screens need a session only (agency selector); 'agency' screens need an agency and a key. */
export type GateRequirement = 'user' | 'agency';

type QueryView<T> = { status: 'pending' | 'error' | 'success'; fetchStatus: 'fetching' | 'paused' | 'idle'; data?: T; error?: unknown };

export type GateInput = {
  requirement: GateRequirement;
  auth: QueryView<AuthStatus>;
  apiKey: QueryView<{ openai: boolean }>;
};

export type GateDecision = {
  state: GateState;
  /** Where to send the user instead of rendering the screen. */
  redirectTo?: string;
  /** The status call itself failed: the sign-in screen says the backend is unreachable. */
  backendUnreachable?: boolean;
};

/** Pure decision of the startup gate, from the two queries it watches. */
export const decideGate = ({ requirement, auth, apiKey }: GateInput): GateDecision => {
  if (auth.status === 'pending') {
    return { state: auth.fetchStatus === 'idle' ? 'initializing' : 'checking-auth' };
  }
  if (auth.status === 'error') return { state: 'oauth-required', backendUnreachable: true };
  const session = auth.data;
  if (!session?.authenticated) return { state: 'oauth-required' };
  if (requirement === 'user') return { state: 'ready' };
  if (!session.agency_name) return { state: 'ready', redirectTo: '/agencies' };

  if (apiKey.status === 'pending') return { state: 'checking-api-key' };
  if (apiKey.status === 'error') {
    // A 401 here means the session ended between the two calls.
    if (apiKey.error instanceof ApiError && apiKey.error.status === 401) return { state: 'oauth-required' };
    return { state: 'api-key-required' };
  }
  return { state: apiKey.data?.openai ? 'ready' : 'api-key-required' };
};
