import { openSecret, sealSecret } from '../crypto/envelope';
import type { CachedAccessToken, GoogleContextOptions } from '../identity/google-grants';
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
        await mailboxEntity()
          .patch({ agencyName, email })
          .set({ accessTokenSealed, accessTokenExpiresAt: token.expiresAt })
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
  return { options, flush: async () => void (await Promise.all(pending.splice(0))) };
};
