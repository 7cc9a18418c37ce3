/**
 * Per-user, per-minute quota units (Gmail's model), as a 60-second sliding window.
 * GMAIL_EMULATOR_QUOTA_WINDOW_MS (or `windowMs`) scales the window for tests, the same units per
 * a shorter window, with the product's limiter scaled alike (GMAIL_QUOTA_WINDOW_MS).
 */
import { GoogleError } from './errors';

export type QuotaConfig = { unitsPerMinute: number; costs: Record<string, number>; windowMs?: number };

/** What the tracker saw of one user: units charged, refusals, and the fullest window. */
export type QuotaSeen = { charged: number; refused: number; peakWindowUnits: number };

export type QuotaTracker = {
  config: QuotaConfig;
  /** units for an operation (undefined when the operation is not metered) */
  cost(operation: string): number | undefined;
  /** charges the user or throws 429 (userRateLimitExceeded) with Retry-After */
  charge(user: string, operation: string): number | undefined;
  /** units used by the user in the current window */
  used(user: string): number;
  /** every user's totals since the last reset (the log a test reads) */
  seen(): Map<string, QuotaSeen>;
  reset(): void;
};

const windowOf = (config: QuotaConfig): number => {
  const scaled = Number(process.env.GMAIL_EMULATOR_QUOTA_WINDOW_MS);
  return config.windowMs ?? (scaled > 0 ? scaled : 60_000);
};

type Window = { entries: Array<{ at: number; units: number }>; head: number; total: number };

export const createQuotaTracker = (config: QuotaConfig, clock: () => number): QuotaTracker => {
  const WINDOW_MS = windowOf(config);
  const windows = new Map<string, Window>();
  const stats = new Map<string, QuotaSeen>();
  const statsOf = (user: string): QuotaSeen => {
    let s = stats.get(user);
    if (!s) stats.set(user, (s = { charged: 0, refused: 0, peakWindowUnits: 0 }));
    return s;
  };
  /** drops expired entries from the front (entries are appended in clock order) */
  const prune = (user: string, now: number): Window => {
    let w = windows.get(user);
    if (!w) windows.set(user, (w = { entries: [], head: 0, total: 0 }));
    while (w.head < w.entries.length && now - w.entries[w.head]!.at >= WINDOW_MS) {
      w.total -= w.entries[w.head]!.units;
      w.head++;
    }
    if (w.head > 1024 && w.head * 2 > w.entries.length) {
      w.entries = w.entries.slice(w.head);
      w.head = 0;
    }
    return w;
  };
  const tracker: QuotaTracker = {
    config,
    cost: (operation) => config.costs[operation],
    used: (user) => prune(user, clock()).total,
    seen: () => new Map([...stats].map(([user, s]) => [user, { ...s }])),
    reset: () => {
      windows.clear();
      stats.clear();
    },
    charge(user, operation) {
      const units = config.costs[operation];
      if (units === undefined) return undefined;
      const now = clock();
      const w = prune(user, now);
      if (w.total + units > config.unitsPerMinute) {
        // earliest moment enough units leave the window
        let freeAt = now + WINDOW_MS;
        let total = w.total;
        for (let i = w.head; i < w.entries.length; i++) {
          const e = w.entries[i]!;
          total -= e.units;
          if (total + units <= config.unitsPerMinute) {
            freeAt = e.at + WINDOW_MS;
            break;
          }
        }
        statsOf(user).refused += 1;
        const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
        throw new GoogleError(429, {
          message: `User-rate limit exceeded.  Retry after ${new Date(now + retryAfter * 1000).toISOString()}`,
          reason: 'userRateLimitExceeded',
          domain: 'usageLimits',
          headers: { 'retry-after': String(retryAfter) },
        });
      }
      w.entries.push({ at: now, units });
      w.total += units;
      const s = statsOf(user);
      s.charged += units;
      s.peakWindowUnits = Math.max(s.peakWindowUnits, w.total);
      return units;
    },
  };
  return tracker;
};

// ---------------------------------------------------------------- Sheets

/**
 * Sheets API quotas as published (developers.google.com/sheets/api/limits): read and write
 * requests are counted separately, per user per project (60 a minute) and per project (300 a
 * minute). Every request counts, whatever its size. Tests scale the window (e.g. 60 per 3 s)
 * instead of waiting minutes.
 */
export type SheetsQuotaConfig = {
  readsPerUser: number;
  writesPerUser: number;
  readsPerProject: number;
  writesPerProject: number;
  windowMs: number;
};

export const SHEETS_DEFAULT_QUOTA: SheetsQuotaConfig = { readsPerUser: 60, writesPerUser: 60, readsPerProject: 300, writesPerProject: 300, windowMs: 60_000 };

const SHEETS_READS = new Set(['sheets.spreadsheets.get', 'sheets.spreadsheets.values.get', 'sheets.spreadsheets.values.batchGet']);

export const sheetsRequestKind = (operation: string): 'read' | 'write' => (SHEETS_READS.has(operation) ? 'read' : 'write');

/** 429 RESOURCE_EXHAUSTED as Sheets answers it: no Retry-After, an ErrorInfo naming the limit. */
class SheetsQuotaError extends GoogleError {
  constructor(
    message: string,
    private readonly info: { quotaLimit: string; quotaMetric: string; project: string },
  ) {
    super(429, { message, reason: 'rateLimitExceeded', status: 'RESOURCE_EXHAUSTED' });
  }

  override toBody() {
    const body = super.toBody();
    Object.assign(body.error, {
      details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'RATE_LIMIT_EXCEEDED',
        domain: 'googleapis.com',
        metadata: { consumer: `projects/${this.info.project}`, quota_limit: this.info.quotaLimit, quota_metric: this.info.quotaMetric, service: 'sheets.googleapis.com' },
      },
      ],
    });
    return body;
  }
}

export type SheetsQuota = {
  config: SheetsQuotaConfig;
  /** counts one request of `user` through OAuth client `project`, or throws 429 */
  charge(user: string, project: string, operation: string): void;
  /** requests counted in the current window */
  used(key: { user?: string; project?: string; kind: 'read' | 'write' }): number;
  reset(): void;
};

export const createSheetsQuota = (config: SheetsQuotaConfig, clock: () => number): SheetsQuota => {
  const windows = new Map<string, number[]>();
  const recent = (key: string, now: number): number[] => {
    const kept = (windows.get(key) ?? []).filter((at) => now - at < config.windowMs);
    windows.set(key, kept);
    return kept;
  };
  const keyOf = (scope: 'user' | 'project', id: string, kind: 'read' | 'write') => `${scope}:${id}:${kind}`;
  return {
    config,
    used: ({ user, project, kind }) => recent(user ? keyOf('user', user, kind) : keyOf('project', project ?? '', kind), clock()).length,
    reset: () => windows.clear(),
    charge(user, project, operation) {
      const kind = sheetsRequestKind(operation);
      const now = clock();
      const Kind = kind === 'read' ? 'Read' : 'Write';
      const projectNumber = `project_number:${project}`;
      const perUser = recent(keyOf('user', user, kind), now);
      const perProject = recent(keyOf('project', project, kind), now);
      const limits = [
        { used: perProject, limit: kind === 'read' ? config.readsPerProject : config.writesPerProject, name: `${Kind} requests per minute`, id: `${Kind}RequestsPerMinutePerProject` },
        { used: perUser, limit: kind === 'read' ? config.readsPerUser : config.writesPerUser, name: `${Kind} requests per minute per user`, id: `${Kind}RequestsPerMinutePerUser` },
      ];
      for (const l of limits) {
        if (l.used.length >= l.limit) {
          throw new SheetsQuotaError(`Quota exceeded for quota metric '${Kind} requests' and limit '${l.name}' of service 'sheets.googleapis.com' for consumer '${projectNumber}'.`, {
            quotaLimit: l.id,
            quotaMetric: `sheets.googleapis.com/${kind}_requests`,
            project,
          });
        }
      }
      perUser.push(now);
      perProject.push(now);
    },
  };
};
