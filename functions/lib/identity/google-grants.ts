import { openSecret, sealSecret } from '../crypto/envelope';
import { googleGrantContext, googleGrantEntity } from '../store/entities/google-grant';
import { nowIso } from '../store/keys';
import { createOAuthClient } from '../google/auth';
import { GoogleAuthRevoked, toGoogleError } from '../google/errors';
import { errorMessage, logger } from '../logger';
import type { GoogleContext } from '../google/call';
import { missingGoogleAccess } from './google-scopes';

/**
 * A person's Google grant: the refresh token is sealed before it is written and opened only to
 * build the OAuth client that mints access tokens (functions/lib/google/auth.ts).
 */
export class NoGoogleGrant extends Error {
  constructor(email: string) {
    super(`No Google access is stored for ${email}; sign in again`);
    this.name = 'NoGoogleGrant';
  }
}

export const storeGoogleGrant = async (grant: { email: string; refreshToken: string; scopes: string[]; subject?: string }): Promise<void> => {
  const now = nowIso();
  const refreshTokenSealed = await sealSecret(grant.refreshToken, googleGrantContext(grant.email));
  await googleGrantEntity
    .upsert({
      email: grant.email,
      refreshTokenSealed,
      scopes: grant.scopes,
      ...(grant.subject ? { subject: grant.subject } : {}),
      updatedAt: now,
    })
    .ifNotExists({ grantedAt: now })
    .go({ response: 'none' });
  // A fresh grant is usable again (ElectroDB's upsert cannot remove an attribute itself).
  await googleGrantEntity.patch({ email: grant.email }).remove(['revokedAt']).go({ response: 'none' });
};

export const hasGoogleGrant = async (email: string): Promise<boolean> => {
  const { data } = await googleGrantEntity.get({ email }).go({ attributes: ['email'] });
  return Boolean(data);
};

export type GoogleAccess = 'ok' | 'missing' | 'revoked';

/**
 * What the connection check reports: a stored grant, none (or one without Gmail: the person
 * unticked it on Google's consent screen), or one Google has refused.
 */
export const googleAccessOf = async (email: string): Promise<GoogleAccess> => {
  const { data } = await googleGrantEntity.get({ email }).go({ attributes: ['email', 'revokedAt', 'scopes'] });
  if (!data) return 'missing';
  if (data.revokedAt) return 'revoked';
  return data.scopes?.length && missingGoogleAccess(data.scopes).includes('gmail') ? 'missing' : 'ok';
};

/** How long the connection check waits for Google before it reports the stored reading. */
const ACCESS_CHECK_TIMEOUT_MS = 5_000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Google within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

/**
 * The connection check's reading of the caller's Google access: what is stored, and for a grant
 * stored as usable, a token refresh at Google. A grant revoked there (the person removed
 * Threadline's access in their Google account) reads 'revoked' on the next check, not at the next
 * job, and is remembered. Google unreachable, slow or refusing the OAuth client (the deployment's
 * fault, not this person's grant): the stored reading stands, and the failure is logged.
 */
export const checkGoogleAccess = async (email: string): Promise<GoogleAccess> => {
  const stored = await googleAccessOf(email);
  if (stored !== 'ok') return stored;
  try {
    const { auth } = await googleContextFor(email);
    // No cached access token is given: this is a refresh, the call a revoked grant fails.
    await within(auth.getAccessToken(), ACCESS_CHECK_TIMEOUT_MS);
    return 'ok';
  } catch (error) {
    if (error instanceof NoGoogleGrant) return 'missing';
    if (toGoogleError(error) instanceof GoogleAuthRevoked) {
      await markGoogleGrantRevoked(email);
      return 'revoked';
    }
    logger.warn('connection check: Google access could not be checked; the stored grant is reported', { error: errorMessage(error) });
    return stored;
  }
};

/** Remembers that Google refused this person's grant, so the app can ask them to sign in again. */
export const markGoogleGrantRevoked = async (email: string): Promise<void> => {
  await googleGrantEntity
    .patch({ email })
    .set({ revokedAt: nowIso() })
    .go({ response: 'none' })
    .catch(() => undefined);
};

/** Google's access tokens come with expires_in 3599 at most: expiry − this is when it was received. */
const ACCESS_TOKEN_MAX_LIFETIME_MS = 3599_000;

/** An access token the caller kept (e.g. sealed on the mailbox item) and when it expires (epoch ms). */
export type CachedAccessToken = { accessToken: string; expiresAt: number; /** the scopes Google granted it, space-separated */ scope?: string };

export type GoogleContextOptions = {
  /** Used instead of a refresh while it is valid (the client refreshes by itself once it expires). */
  cached?: CachedAccessToken;
  /** Each access token minted by a refresh, so the caller can keep it for the next invocation. */
  onAccessToken?: (token: CachedAccessToken) => void;
};

/**
 * A Google API context acting as this person (their stored grant). A refresh token Google rotates
 * is sealed and stored again. A cached access token still valid is reused: no token request.
 */
export const googleContextFor = async (email: string, options: GoogleContextOptions = {}): Promise<GoogleContext> => {
  const { data } = await googleGrantEntity.get({ email }).go();
  if (!data) throw new NoGoogleGrant(email);
  const refreshToken = await openSecret(data.refreshTokenSealed, googleGrantContext(email));
  // A token minted before the grant last changed (a new consent, e.g. Gmail allowed again after
  // it was unticked) carries the old scopes: refresh instead. Google's tokens live 3599 s at
  // most, so one received after the change expires at least that long after it.
  const grantChangedAt = Date.parse(data.updatedAt ?? '') || 0;
  const cached =
    options.cached && options.cached.expiresAt > Date.now() + 60_000 && options.cached.expiresAt - ACCESS_TOKEN_MAX_LIFETIME_MS >= grantChangedAt ? options.cached : undefined;
  const auth = createOAuthClient({
    refreshToken,
    ...(cached ? { accessToken: cached.accessToken, expiryDate: cached.expiresAt } : {}),
    onTokens: (tokens) => {
      if (tokens.refresh_token && tokens.refresh_token !== refreshToken) {
        void storeGoogleGrant({ email, refreshToken: tokens.refresh_token, scopes: data.scopes ?? [], subject: data.subject }).catch(() => undefined);
      }
      if (tokens.access_token && tokens.expiry_date) options.onAccessToken?.({ accessToken: tokens.access_token, expiresAt: tokens.expiry_date, ...(tokens.scope ? { scope: tokens.scope } : {}) });
    },
  });
  return { auth };
};
