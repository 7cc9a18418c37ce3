import { hashToken } from '../lib/crypto/token';
import { Forbidden } from '../lib/http/errors';
import { defineHandler, header } from '../lib/http/handler';
import { clearedSessionCookie, deleteSession } from '../lib/identity/sessions';
import { readToken } from '../lib/session/resolve';
import { answerWith } from '../lib/http/typed';
import type { logoutResponse } from '../../shared/schemas/identity';

/** POST /auth/logout (public): ends the session server-side and clears the cookie. */
export const handler = defineHandler('public', {}, async ({ event }) => {
  const found = readToken(event);
  if (found) {
    // a cross-site form cannot add this header: no forced logout by CSRF
    if (found.via === 'cookie' && !header(event, 'x-requested-with')) throw new Forbidden('Missing X-Requested-With header');
    await deleteSession(hashToken(found.token));
  }
  return answerWith<typeof logoutResponse>({ success: true }, { cookies: [clearedSessionCookie()] });
});
