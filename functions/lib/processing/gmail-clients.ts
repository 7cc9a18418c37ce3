import { googleContextFor, type GoogleContextOptions } from '../identity/google-grants';
import { createGmailClient, type GmailClient } from '../google/gmail';

/**
 * Gmail clients acting as each mailbox's owner, one per mailbox per invocation, sharing the
 * process's per-mailbox quota limiter. `remainingMs` bounds retries by the Lambda's deadline.
 */
export const gmailClients = (remainingMs?: () => number, tokens?: (mailbox: string) => Promise<GoogleContextOptions>) => {
  const cache = new Map<string, Promise<GmailClient>>();
  return (mailbox: string): Promise<GmailClient> => {
    let client = cache.get(mailbox);
    if (!client) {
      client = (tokens ? tokens(mailbox) : Promise.resolve({})).then((options) => googleContextFor(mailbox, options)).then((ctx) =>
        createGmailClient({ ...ctx, mailbox, ...(remainingMs ? { retry: { remainingMs } } : {}) }),
      );
      client.catch(() => cache.delete(mailbox));
      cache.set(mailbox, client);
    }
    return client;
  };
};
