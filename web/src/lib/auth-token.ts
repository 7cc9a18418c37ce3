import { AUTH_TOKEN_STORAGE_KEY } from '../../../shared/constants';

// Storage can throw (Safari private mode, disabled cookies): a missing token is the safe reading.
const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
};

export const getAuthToken = (): string | null => {
  try {
    return storage()?.getItem(AUTH_TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
};

export const setAuthToken = (token: string): void => {
  try {
    storage()?.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  } catch {
    // ignored: the session cookie still authenticates
  }
};

export const clearAuthToken = (): void => {
  try {
    storage()?.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // ignored
  }
};
