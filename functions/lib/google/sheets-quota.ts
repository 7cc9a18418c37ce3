import { perPlatform } from '../platform/platform';
import { SharedBucket, type RateStore } from '../limits/shared-bucket';
import { KeyedTokenBucket, type TokenBucketOptions } from '../limits/token-bucket';

/**
 * Sheets' quotas, as published on developers.google.com/sheets/api/limits: read and write
 * requests are counted apart, 60 a minute per user and 300 a minute per project (the OAuth
 * client), whatever a request's size; past them Sheets answers 429 RESOURCE_EXHAUSTED and the
 * quota refills over the next minute. Every Sheets call of the product awaits a unit from its
 * user's bucket and from the project's bucket first.
 *
 * The buckets sit behind `RateStore` (acquire/penalize): the product's are shared by every
 * Lambda (limits/shared-bucket.ts, in DynamoDB), so parallel syncs share one budget.
 */
export type SheetsRequestKind = 'read' | 'write';

export type { RateStore };

export type SheetsQuotaConfig = {
  readsPerUser: number;
  writesPerUser: number;
  readsPerProject: number;
  writesPerProject: number;
  /** The quota window: a minute at Google; tests scale it down (e.g. 60 writes per 3 s). */
  windowMs: number;
  /** Share of a budget allowed as an immediate burst; the rest refills over the window. */
  burstFraction: number;
};

export const SHEETS_DEFAULT_QUOTA: SheetsQuotaConfig = {
  readsPerUser: 60,
  writesPerUser: 60,
  readsPerProject: 300,
  writesPerProject: 300,
  windowMs: 60_000,
  burstFraction: 0.5,
};

const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * SHEETS_READS_PER_USER, SHEETS_WRITES_PER_USER, SHEETS_READS_PER_PROJECT,
 * SHEETS_WRITES_PER_PROJECT (per window) and SHEETS_QUOTA_WINDOW_MS override the defaults: raise
 * them with a quota increase; tests scale the window with the emulator's.
 */
export const sheetsQuotaConfig = (env: Record<string, string | undefined> = process.env): SheetsQuotaConfig => ({
  readsPerUser: positive(env.SHEETS_READS_PER_USER, SHEETS_DEFAULT_QUOTA.readsPerUser),
  writesPerUser: positive(env.SHEETS_WRITES_PER_USER, SHEETS_DEFAULT_QUOTA.writesPerUser),
  readsPerProject: positive(env.SHEETS_READS_PER_PROJECT, SHEETS_DEFAULT_QUOTA.readsPerProject),
  writesPerProject: positive(env.SHEETS_WRITES_PER_PROJECT, SHEETS_DEFAULT_QUOTA.writesPerProject),
  windowMs: positive(env.SHEETS_QUOTA_WINDOW_MS, SHEETS_DEFAULT_QUOTA.windowMs),
  burstFraction: SHEETS_DEFAULT_QUOTA.burstFraction,
});

/**
 * A budget of `perWindow` requests as a bucket: capacity + refill over the window stays one
 * under the budget, so no sliding window at Google (requests arrive a little later than they
 * leave) ever counts more than the budget.
 */
export const sheetsBucketOptions = (perWindow: number, config: Pick<SheetsQuotaConfig, 'windowMs' | 'burstFraction'>): TokenBucketOptions => {
  const budget = Math.max(1, perWindow - 1);
  const capacity = Math.max(1, Math.min(budget, Math.floor(budget * config.burstFraction)));
  return { capacity, refillPerMs: Math.max(budget - capacity, 1) / config.windowMs };
};

export type SheetsQuotaLimiter = {
  config: SheetsQuotaConfig;
  /** Waits for one request of `user`; throws WaitTooLong (limits/token-bucket.ts) past `maxWaitMs`. */
  spend(user: string, kind: SheetsRequestKind, maxWaitMs?: number): Promise<void>;
  /** After a 429: this user (or, for a per-project limit, everyone) sends no request of this kind for `ms`. */
  penalize(user: string, kind: SheetsRequestKind, ms: number, scope?: 'user' | 'project'): void;
  /** How long to wait after a 429: past the quota window, when the spent quota has refilled. */
  backoffAfter429Ms(random?: () => number): number;
};

export type SheetsStores = { user: Record<SheetsRequestKind, RateStore>; project: Record<SheetsRequestKind, RateStore> };

export const createSheetsQuotaLimiter = (
  config: SheetsQuotaConfig = sheetsQuotaConfig(),
  clock: Pick<TokenBucketOptions, 'now' | 'sleep'> = {},
  stores?: SheetsStores,
): SheetsQuotaLimiter => {
  const bucket = (perWindow: number) => new KeyedTokenBucket({ ...sheetsBucketOptions(perWindow, config), ...clock });
  const s: SheetsStores = stores ?? {
    user: { read: bucket(config.readsPerUser), write: bucket(config.writesPerUser) },
    project: { read: bucket(config.readsPerProject), write: bucket(config.writesPerProject) },
  };
  return {
    config,
    async spend(user, kind, maxWaitMs) {
      await s.user[kind].acquire(user.toLowerCase(), 1, maxWaitMs);
      await s.project[kind].acquire('project', 1, maxWaitMs);
    },
    penalize(user, kind, ms, scope = 'user') {
      if (scope === 'project') s.project[kind].penalize('project', ms);
      else s.user[kind].penalize(user.toLowerCase(), ms);
    },
    // The window plus up to a quarter of it at random, so callers that met the same 429 spread out.
    backoffAfter429Ms: (random = Math.random) => Math.ceil(config.windowMs * (1 + 0.25 * random())),
  };
};

/** The product's: user and project buckets in DynamoDB, one budget across concurrent Lambdas. */
export const createSharedSheetsQuotaLimiter = (config: SheetsQuotaConfig = sheetsQuotaConfig(), clock: Pick<TokenBucketOptions, 'now' | 'sleep'> = {}): SheetsQuotaLimiter => {
  const bucket = (scope: string, perWindow: number) => new SharedBucket({ ...sheetsBucketOptions(perWindow, config), ...clock, scope });
  return createSheetsQuotaLimiter(config, clock, {
    user: { read: bucket('sheets-user-read', config.readsPerUser), write: bucket('sheets-user-write', config.writesPerUser) },
    project: { read: bucket('sheets-project-read', config.readsPerProject), write: bucket('sheets-project-write', config.writesPerProject) },
  });
};

/** One client of the shared budget per process (per warm Lambda), used by every Sheets client it builds. */
export const sharedSheetsQuotaLimiter: () => SheetsQuotaLimiter = perPlatform(() => createSharedSheetsQuotaLimiter());
