import { defineHandler } from '../lib/http/handler';
import { asResult, redirect } from '../lib/http/respond';
import { finishSignIn } from '../lib/identity/sign-in';

/** GET /auth/callback → session cookie + 302 to /auth/success, or 302 to /auth/error. */
export const handler = defineHandler('public', {}, async ({ event }) => {
  const outcome = await finishSignIn(event);
  return asResult(redirect(outcome.location, outcome.cookies));
});
