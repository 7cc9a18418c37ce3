import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { messages } from '../../../shared/messages';
import { safeRedirectPath } from '../../../shared/schemas/identity';
import { hashToken, newToken, safeEqual } from '../crypto/token';
import { isOAuthClientRejected, OAUTH_CLIENT_MISCONFIGURED } from '../google/errors';
import { AppError } from '../http/errors';
import { logger } from '../logger';
import { readToken } from '../session/resolve';
import { oauthStateEntity } from '../store/entities/oauth-state';
import { epochSeconds } from '../store/keys';
import { agencyForNewSession } from './agencies';
import { storeGoogleGrant } from './google-grants';
import { acceptInvitationByHash } from './invitation-acceptance';
import { missingGoogleAccess, type GoogleAccessKind } from './google-scopes';
import { buildSignInUrl, completeSignIn, redirectUri } from './oidc';
import { createSession, deleteSession, sessionCookie } from './sessions';
import { isExpired } from '../store/expiry';
import { upsertProfile } from './users';

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const SIGN_IN_MESSAGES = {
  unavailable: 'Sign-in is unavailable right now. Please try again.',
  invalidInvite: 'This invitation is invalid or has already been used',
  cancelled: 'Sign-in was cancelled',
  providerError: 'Google sign-in failed. Please try again.',
  stateMissing: 'Your sign-in attempt expired or was already used. Please sign in again.',
  exchangeFailed: 'Sign-in could not be completed. Please try again.',
  noEmail: 'Your Google account did not share a verified e-mail address',
  otherBrowser: 'Sign-in must be completed in the browser that started it. Please sign in again.',
  misconfigured: messages.auth.misconfigured,
} as const;

/**
 * The web screen that says which Google access the person unticked and asks for it again
 * (web/src/features/auth/routes/auth-consent.tsx). `redirect` is where "continue without it" goes.
 */
export const consentLocation = (missing: GoogleAccessKind[], redirect: string): string =>
  `/auth/consent?missing=${missing.join(',')}&redirect=${encodeURIComponent(safeRedirectPath(redirect)).replace(/%2F/gi, '/')}`;

/**
 * The login sets this short-lived cookie and keeps only its hash with the state: a callback URL
 * (code + state) started by someone else, opened in another browser, does not sign that browser in.
 */
export const OAUTH_BINDING_COOKIE = 'tl_oauth';

const secureFlag = () => ((process.env.APP_URL ?? '').startsWith('https:') ? '; Secure' : '');
const bindingCookie = (value: string, maxAgeSeconds: number) =>
  `${OAUTH_BINDING_COOKIE}=${value}; Path=/auth/callback; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secureFlag()}`;

const readBindingCookie = (event: APIGatewayProxyEventV2): string | undefined => {
  for (const cookie of (event.cookies ?? []).flatMap((line) => line.split(';'))) {
    const [name, ...rest] = cookie.trim().split('=');
    if (name === OAUTH_BINDING_COOKIE) return rest.join('=');
  }
  return undefined;
};

const log = () => logger.createChild({ persistentLogAttributes: { component: 'sign-in' } });

export const errorLocation = (message: string): string => `/auth/error?message=${encodeURIComponent(message)}`;

const HINT_SHAPE = /^[^\s@]{1,128}@[^\s@]{1,128}$/;

/**
 * Starts a sign-in: PKCE verifier, state and nonce are stored server-side (10 minutes, single use)
 * and the browser goes to the provider. An invite token rides along as its hash.
 */
export const startSignIn = async (query: Record<string, string | undefined>): Promise<{ location: string; cookies: string[] }> => {
  let inviteTokenHash: string | undefined;
  let loginHint = query.login_hint?.trim();
  if (loginHint && !HINT_SHAPE.test(loginHint)) loginHint = undefined;
  if (query.invite !== undefined) {
    // Nothing about the invitation before sign-in: no lookup, no hint of the invitee for the
    // provider, and the same answer for a valid, unknown, expired or malformed token. The
    // callback says whether it could be used (issue 13).
    inviteTokenHash = hashToken(query.invite.trim().slice(0, 512));
  }
  const request = await buildSignInUrl({ loginHint });
  const binding = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + OAUTH_STATE_TTL_MS).toISOString();
  await oauthStateEntity
    .create({
      state: request.state,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      bindingHash: hashToken(binding),
      ...(inviteTokenHash ? { inviteTokenHash } : {}),
      redirect: safeRedirectPath(query.redirect),
      createdAt: new Date(now).toISOString(),
      expiresAt,
      expires_at_epoch: epochSeconds(expiresAt),
    })
    .go({ response: 'none' });
  return { location: request.url.href, cookies: [bindingCookie(binding, Math.floor(OAUTH_STATE_TTL_MS / 1000))] };
};

export type CallbackOutcome = { location: string; cookies: string[] };

/** Consumes the state item: a second use (or an expired one) finds nothing. */
const consumeState = async (state: string) => {
  const { data } = await oauthStateEntity.delete({ state }).go({ response: 'all_old' });
  if (!data || isExpired(data.expiresAt)) return undefined;
  return data;
};

/**
 * Finishes a sign-in: state consumed, code exchanged with the PKCE verifier (nonce checked),
 * profile upserted, refresh token sealed, session rotated, invitation accepted when one came
 * through the login. Never throws: every failure is a redirect to the error page.
 */
export const finishSignIn = async (event: APIGatewayProxyEventV2): Promise<CallbackOutcome> => {
  const query = event.queryStringParameters ?? {};
  const clearBinding = bindingCookie('', 0);
  const fail = (message: string): CallbackOutcome => ({ location: errorLocation(message), cookies: [clearBinding] });
  try {
    if (query.error) {
      log().info('provider refused the sign-in', { providerError: query.error.slice(0, 64) });
      return fail(query.error === 'access_denied' ? SIGN_IN_MESSAGES.cancelled : SIGN_IN_MESSAGES.providerError);
    }
    const stateValue = query.state;
    if (!stateValue || stateValue.length > 200 || !query.code) return fail(SIGN_IN_MESSAGES.stateMissing);
    const state = await consumeState(stateValue);
    if (!state) return fail(SIGN_IN_MESSAGES.stateMissing);
    const binding = readBindingCookie(event);
    if (!binding || !safeEqual(hashToken(binding), state.bindingHash)) return fail(SIGN_IN_MESSAGES.otherBrowser);

    let identity;
    try {
      identity = await completeSignIn(new URL(`${redirectUri()}?${event.rawQueryString ?? ''}`), {
        state: state.state,
        nonce: state.nonce,
        codeVerifier: state.codeVerifier,
      });
    } catch (error) {
      if (isOAuthClientRejected(error)) {
        // A wrong client secret (or a deleted client) fails every sign-in alike: the operators'
        // configuration, not something the person can fix by signing in again.
        log().error('Google refused the OAuth client at the token endpoint (invalid_client): check GOOGLE_CLIENT_ID and the client secret', {
          code: OAUTH_CLIENT_MISCONFIGURED,
        });
        return fail(SIGN_IN_MESSAGES.misconfigured);
      }
      log().warn('code exchange failed', { error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' });
      return fail(SIGN_IN_MESSAGES.exchangeFailed);
    }
    if (!identity.email || !identity.emailVerified) return fail(SIGN_IN_MESSAGES.noEmail);

    const profile = await upsertProfile({ email: identity.email, name: identity.name, picture: identity.picture });
    if (identity.refreshToken) {
      await storeGoogleGrant({ email: identity.email, refreshToken: identity.refreshToken, scopes: identity.scopes, subject: identity.subject });
    }

    // rotate: the session a cookie or header came in with ends here
    const previous = readToken(event);
    if (previous) await deleteSession(hashToken(previous.token)).catch(() => undefined);
    const agencyName = await agencyForNewSession(identity.email, profile.lastAgencyName);
    const session = await createSession(identity.email, agencyName);
    const cookies = [sessionCookie(session.token, session.expiresAt), clearBinding];
    // Google's consent screen lets a person untick Gmail, Drive or Sheets: signed in all the
    // same (the grant records what was given), then asked again for what is missing.
    const missing = identity.scopes.length ? missingGoogleAccess(identity.scopes) : [];
    if (missing.length) log().info('sign-in without some Google access', { missing: missing.join(',') });

    if (state.inviteTokenHash) {
      try {
        await acceptInvitationByHash({ email: identity.email, tokenHash: session.tokenHash }, state.inviteTokenHash);
        if (missing.length) return { location: consentLocation(missing, '/'), cookies };
        return { location: '/auth/success?invite_accepted=true&redirect=/', cookies };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // signed in, but the invitation could not be used: say why
        return { location: errorLocation(error.message), cookies };
      }
    }
    const target = safeRedirectPath(state.redirect);
    if (missing.length) return { location: consentLocation(missing, target), cookies };
    return { location: `/auth/success?invite_accepted=false&redirect=${encodeURIComponent(target).replace(/%2F/gi, '/')}`, cookies };
  } catch (error) {
    log().error('sign-in failed', { error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' });
    return fail(SIGN_IN_MESSAGES.exchangeFailed);
  }
};

