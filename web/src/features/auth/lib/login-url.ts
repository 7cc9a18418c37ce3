import { apiUrl } from '../../../lib/api-client';

/** Sign-in is a full page navigation to the backend, which runs the OAuth dance. */
export const loginUrl = (invite?: string | null): string =>
  apiUrl('/auth/login', invite ? { invite } : undefined);

/** Only same-origin paths may be redirect targets, so a crafted link cannot send users away. */
export const safeRedirectPath = (value: string | null | undefined, fallback = '/'): string => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
};
