/**
 * Whether this browser's last start found a session with an agency: a hint, never a credential
 * (the session is an HttpOnly cookie the page cannot read). With it, the start-up asks for the
 * agency's data alongside the session check instead of after it. A wrong hint costs one answered
 * 401 that clears it; no hint costs only the parallelism.
 */
const HINT_KEY = 'threadline.agency-session';

// Storage can throw (Safari private mode, disabled storage): no hint is the safe reading.
export const hasAgencySessionHint = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
};

export const rememberAgencySession = (signedInWithAgency: boolean): void => {
  try {
    if (signedInWithAgency) globalThis.localStorage?.setItem(HINT_KEY, '1');
    else globalThis.localStorage?.removeItem(HINT_KEY);
  } catch {
    // ignored: the next start is merely sequential
  }
};
