import { openSecret, sealSecret } from '../crypto/envelope';
import { createOAuthClient } from '../google/auth';
import type { GoogleContext } from '../google/call';
import type { CachedAccessToken, GoogleContextOptions } from '../identity/google-grants';
import { REQUIRED_GOOGLE_SCOPES } from '../identity/google-scopes';
import { logger, errorMessage } from '../logger';
import type { MailboxReading } from '../mailboxes/consent';
import { mailboxEntity, mailboxTokenContext } from '../store/entities/mailbox';

/** A token this close to its expiry is not reused (a check may run a while). */
const MARGIN_MS = 60_000;

/**
 * Access tokens kept between invocations, sealed on the mailbox item with their expiry: a monitor
 * check while the owner's token is valid makes no token request. A refresh (first check, expiry)
 * seals and stores the new token; the writes are awaited by `flush` before the check returns.
 */
export const mailboxTokenCache = (agencyName: string, readings: MailboxReading[], now = () => Date.now()) => {
  const byEmail = new Map(readings.map((r) => [r.email, r]));
  const pending: Promise<void>[] = [];
  const save = (email: string, token: CachedAccessToken) => {
    pending.push(
      (async () => {
        const accessTokenSealed = await sealSecret(token.accessToken, mailboxTokenContext(agencyName, email));
        await mailboxEntity
          .patch({ agencyName, email })
          .set({ accessTokenSealed, accessTokenExpiresAt: token.expiresAt, accessTokenScope: token.scope ?? '' })
          .where((attr, op) => op.eq(attr.connected, true))
          .go({ response: 'none' });
      })().catch((error) => logger.info('access token not cached', { mailbox: email, error: errorMessage(error) })),
    );
  };
  const options = async (email: string): Promise<GoogleContextOptions> => {
    const reading = byEmail.get(email);
    const onAccessToken = (token: CachedAccessToken) => save(email, token);
    if (!reading?.accessTokenSealed || !reading.accessTokenExpiresAt || reading.accessTokenExpiresAt <= now() + MARGIN_MS) return { onAccessToken };
    try {
      const accessToken = await openSecret(reading.accessTokenSealed, mailboxTokenContext(agencyName, email));
      return { cached: { accessToken, expiresAt: reading.accessTokenExpiresAt }, onAccessToken };
    } catch {
      return { onAccessToken };
    }
  };
  /**
   * A context on the cached access token alone, without reading the owner's grant (no DynamoDB
   * request, no token request): undefined when no valid token is cached. It cannot refresh, so a
   * caller whose call it fails (token revoked early, grant changed) goes again the full way,
   * `options` and the grant, which refreshes and tells a revoked grant from a passing error.
   */
  const cachedContext = async (email: string): Promise<GoogleContext | undefined> => {
    // Only a token known to carry Gmail access: one minted before a new consent (Gmail unticked,
    // then allowed) would be refused, and a scope refusal is not retried through the grant.
    if (!byEmail.get(email)?.accessTokenScope?.split(' ').includes(REQUIRED_GOOGLE_SCOPES.gmail)) return undefined;
    const { cached } = await options(email);
    if (!cached) return undefined;
    return { auth: createOAuthClient({ refreshToken: '', accessToken: cached.accessToken, expiryDate: cached.expiresAt }) };
  };
  return { options, cachedContext, flush: async () => void (await Promise.all(pending.splice(0))) };
};
