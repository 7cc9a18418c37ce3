import { countMetric } from '../observability/metrics';
import { perPlatform } from '../platform/platform';
import { SharedBucket, type RateStore } from '../limits/shared-bucket';
import { KeyedTokenBucket, type TokenBucketOptions } from '../limits/token-bucket';

/**
 * Gmail's quota, as published on developers.google.com/gmail/api/reference/quota: every method
 * costs quota units and each user may spend 15,000 units per minute (exceeding it answers
 * 429/403 `userRateLimitExceeded`). Every Gmail call of the product awaits its units here
 * first, keyed by the Google user (the mailbox address: one mailbox serving two agencies is one
 * budget), in a bucket shared by every Lambda (limits/shared-bucket.ts).
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
  /** Budget per Google user per window, shared by every process. */
  unitsPerMinute: number;
  /** The quota window: a minute at Google; tests scale it down with the emulator's. */
  windowMs: number;
  /** Share of the budget allowed as an immediate burst; the rest refills over the minute. */
  burstFraction: number;
  /**
   * How late a call admitted here may reach Google (connection set-up, a stalled event loop):
   * Google counts a call when it arrives, so calls admitted a window apart can land in one of
   * its windows. Pacing over window + transit keeps every arrival window within the budget.
   */
  transitMs: number;
  costs: Record<GmailMethod, number>;
};

/** 1 s of a real minute: 1.7% of the budget kept back for calls that arrive late. */
export const GMAIL_TRANSIT_MS = 1_000;

/**
 * GMAIL_UNITS_PER_MINUTE overrides the budget (to match an emulator's smaller quota, or to keep
 * a share back); GMAIL_QUOTA_WINDOW_MS scales the window (tests, with the emulator's alike).
 */
export const gmailQuotaConfig = (env: Record<string, string | undefined> = process.env): GmailQuotaConfig => {
  const fromEnv = Number(env.GMAIL_UNITS_PER_MINUTE);
  const window = Number(env.GMAIL_QUOTA_WINDOW_MS);
  return {
    unitsPerMinute: Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : GMAIL_USER_UNITS_PER_MINUTE,
    windowMs: Number.isFinite(window) && window > 0 ? window : 60_000,
    burstFraction: 0.1,
    transitMs: GMAIL_TRANSIT_MS,
    costs: { ...GMAIL_METHOD_UNITS },
  };
};

/**
 * capacity + refill over window and transit = unitsPerMinute, so no sliding window of arrivals
 * at Google exceeds the budget.
 */
export const bucketOptions = (config: Pick<GmailQuotaConfig, 'unitsPerMinute' | 'burstFraction' | 'costs'> & { windowMs?: number; transitMs?: number }): TokenBucketOptions => {
  const capacity = Math.max(Math.max(...Object.values(config.costs)), Math.floor(config.unitsPerMinute * config.burstFraction));
  return { capacity, refillPerMs: (config.unitsPerMinute - capacity) / ((config.windowMs ?? 60_000) + (config.transitMs ?? 0)) };
};

/**
 * Units a process reserves from the shared bucket at once (5 thread reads): one DynamoDB write
 * per 5 reads instead of one each; a block unused for 2 s is dropped (under-spends, never over).
 */
export const GMAIL_BLOCK_UNITS = 50;

export type GmailQuotaLimiter = {
  config: GmailQuotaConfig;
  bucket: RateStore;
  spend(mailbox: string, method: GmailMethod, maxWaitMs?: number): Promise<void>;
};

/** In this process only (contract tests, one-off scripts); the product uses the shared one below. */
export const createGmailQuotaLimiter = (
  config: GmailQuotaConfig = gmailQuotaConfig(),
  clock: Pick<TokenBucketOptions, 'now' | 'sleep'> = {},
  store?: RateStore,
): GmailQuotaLimiter => {
  const bucket = store ?? new KeyedTokenBucket({ ...bucketOptions(config), ...clock });
  return {
    config,
    bucket,
    spend: async (mailbox, method, maxWaitMs) => {
      await bucket.acquire(mailbox.toLowerCase(), config.costs[method], maxWaitMs);
      countMetric('GmailQuotaUnits', config.costs[method]);
    },
  };
};

/**
 * Each process may spend this many units a window (10 history.list calls) without a table
 * request, so an idle monitor check costs no limiter write; 2 x this x GMAIL_ALLOWANCE_PROCESSES
 * Lambdas on one user at once is kept out of the shared budget (2 x: a sliding window may see a
 * process's full allowance and its refill).
 */
export const GMAIL_LOCAL_ALLOWANCE = 20;
const GMAIL_ALLOWANCE_PROCESSES = 50;

/** The per-user budget in DynamoDB: every Lambda reading the same Google user spends from one bucket. */
export const createSharedGmailQuotaLimiter = (config: GmailQuotaConfig = gmailQuotaConfig(), clock: Pick<TokenBucketOptions, 'now' | 'sleep'> = {}): GmailQuotaLimiter => {
  const kept = 2 * GMAIL_LOCAL_ALLOWANCE * GMAIL_ALLOWANCE_PROCESSES;
  // A budget too small to spare the allowance (tests' scaled quotas) goes entirely through the table.
  const local = config.unitsPerMinute >= 4 * kept ? GMAIL_LOCAL_ALLOWANCE : 0;
  const shared = { ...config, unitsPerMinute: config.unitsPerMinute - (local ? kept : 0) };
  return createGmailQuotaLimiter(
    config,
    clock,
    new SharedBucket({ ...bucketOptions(shared), ...clock, scope: 'gmail', blockUnits: GMAIL_BLOCK_UNITS, localAllowance: local, allowanceWindowMs: config.windowMs }),
  );
};

/** One client of the shared budget per process (per warm Lambda), used by every Gmail client it builds. */
export const sharedGmailQuotaLimiter: () => GmailQuotaLimiter = perPlatform(() => createSharedGmailQuotaLimiter());
