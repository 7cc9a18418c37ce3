import { defineHandler } from '../lib/http/handler';
import { asResult, redirect } from '../lib/http/respond';
import { logger } from '../lib/logger';
import { errorLocation, SIGN_IN_MESSAGES, startSignIn } from '../lib/identity/sign-in';

/** GET /auth/login[?invite=&redirect=&login_hint=] → 302 to the identity provider. */
export const handler = defineHandler('public', {}, async ({ event }) => {
  try {
    const start = await startSignIn(event.queryStringParameters ?? {});
    return asResult(redirect(start.location, start.cookies));
  } catch (error) {
    logger.error('sign-in could not start', { error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' });
    return asResult(redirect(errorLocation(SIGN_IN_MESSAGES.unavailable)));
  }
});
