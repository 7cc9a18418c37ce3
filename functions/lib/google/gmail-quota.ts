import { KeyedTokenBucket, type TokenBucketOptions } from './limiter';

/**
 * Gmail's quota, as published on developers.google.com/gmail/api/reference/quota: every method
 * costs quota units and each user may spend 15,000 units per minute (exceeding it answers
 * 429/403 `userRateLimitExceeded`). Every Gmail call of the product awaits its units here
 * first, per mailbox.
 */
export const GMAIL_METHOD_UNITS = {
  'users.getProfile': 1,
  'users.labels.list': 1,
  'users.history.list': 2,
  'users.messages.list': 5,
  'users.messages.get': 5,
  'users.messages.attachments.get': 5,
  'users.threads.list': 10,
  'users.threads.get': 10,
} as const;

export type GmailMethod = keyof typeof GMAIL_METHOD_UNITS;

export const GMAIL_USER_UNITS_PER_MINUTE = 15_000;

export type GmailQuotaConfig = {
  /** Budget per mailbox per minute for this process. */
  unitsPerMinute: number;
  /** Share of the budget allowed as an immediate burst; the rest refills over the minute. */
  burstFraction: number;
  costs: Record<GmailMethod, number>;
};

/**
 * GMAIL_UNITS_PER_MINUTE overrides the budget: lower it when several Lambdas read the same
 * mailbox at once (each bucket is per process), or to match an emulator's smaller quota.
 */
export const gmailQuotaConfig = (env: Record<string, string | undefined> = process.env): GmailQuotaConfig => {
  const fromEnv = Number(env.GMAIL_UNITS_PER_MINUTE);
  return {
    unitsPerMinute: Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : GMAIL_USER_UNITS_PER_MINUTE,
    burstFraction: 0.1,
    costs: { ...GMAIL_METHOD_UNITS },
  };
};

/** capacity + refill over 60 s = unitsPerMinute, so no sliding minute exceeds the budget. */
export const bucketOptions = (config: GmailQuotaConfig): TokenBucketOptions => {
  const capacity = Math.max(Math.max(...Object.values(config.costs)), Math.floor(config.unitsPerMinute * config.burstFraction));
  return { capacity, refillPerMs: (config.unitsPerMinute - capacity) / 60_000 };
};

export type GmailQuotaLimiter = {
  config: GmailQuotaConfig;
  bucket: KeyedTokenBucket;
  spend(mailbox: string, method: GmailMethod, maxWaitMs?: number): Promise<void>;
};

export const createGmailQuotaLimiter = (
  config: GmailQuotaConfig = gmailQuotaConfig(),
  clock: Pick<TokenBucketOptions, 'now' | 'sleep'> = {},
): GmailQuotaLimiter => {
  const bucket = new KeyedTokenBucket({ ...bucketOptions(config), ...clock });
  return {
    config,
    bucket,
    spend: (mailbox, method, maxWaitMs) => bucket.acquire(mailbox.toLowerCase(), config.costs[method], maxWaitMs),
  };
};

let shared: GmailQuotaLimiter | undefined;

/** One limiter per process (per warm Lambda), shared by every Gmail client it builds. */
export const sharedGmailQuotaLimiter = (): GmailQuotaLimiter => (shared ??= createGmailQuotaLimiter());
