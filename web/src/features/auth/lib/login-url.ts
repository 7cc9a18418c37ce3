import { apiUrl } from '../../../lib/api-client';

/** Sign-in is a full page navigation to the backend, which runs the OAuth dance. */
export const loginUrl = (invite?: string | null): string =>
  apiUrl('/auth/login', invite ? { invite } : undefined);

/** Only same-origin paths may be redirect targets: the server's own rule (shared/safe-redirect.ts). */
export { safeRedirectPath } from '../../../../../shared/safe-redirect';
