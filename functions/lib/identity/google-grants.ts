import { openSecret, sealSecret } from '../crypto/envelope';
import { googleGrantContext, googleGrantEntity } from '../store/entities/google-grant';
import { nowIso } from '../store/keys';
import { createOAuthClient } from '../google/auth';
import type { GoogleContext } from '../google/call';

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
  await googleGrantEntity()
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
  await googleGrantEntity().patch({ email: grant.email }).remove(['revokedAt']).go({ response: 'none' });
};

export const hasGoogleGrant = async (email: string): Promise<boolean> => {
  const { data } = await googleGrantEntity().get({ email }).go({ attributes: ['email'] });
  return Boolean(data);
};

export type GoogleAccess = 'ok' | 'missing' | 'revoked';

/** What the connection check reports: a stored grant, none, or one Google has refused. */
export const googleAccessOf = async (email: string): Promise<GoogleAccess> => {
  const { data } = await googleGrantEntity().get({ email }).go({ attributes: ['email', 'revokedAt'] });
  return !data ? 'missing' : data.revokedAt ? 'revoked' : 'ok';
};

/** Remembers that Google refused this person's grant, so the app can ask them to sign in again. */
export const markGoogleGrantRevoked = async (email: string): Promise<void> => {
  await googleGrantEntity()
    .patch({ email })
    .set({ revokedAt: nowIso() })
    .go({ response: 'none' })
    .catch(() => undefined);
};

/**
 * A Google API context acting as this person (their stored grant). A refresh token Google rotates
 * is sealed and stored again.
 */
export const googleContextFor = async (email: string): Promise<GoogleContext> => {
  const { data } = await googleGrantEntity().get({ email }).go();
  if (!data) throw new NoGoogleGrant(email);
  const refreshToken = await openSecret(data.refreshTokenSealed, googleGrantContext(email));
  const auth = createOAuthClient({
    refreshToken,
    onTokens: (tokens) => {
      if (tokens.refresh_token && tokens.refresh_token !== refreshToken) {
        void storeGoogleGrant({ email, refreshToken: tokens.refresh_token, scopes: data.scopes ?? [], subject: data.subject }).catch(() => undefined);
      }
    },
  });
  return { auth };
};
