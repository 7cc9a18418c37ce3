/** Deterministic fault injection: status codes at a rate per api/operation/user (seeded PRNG). */
import { mulberry32, type Prng } from '../../fixtures/seed/prng';
import { GoogleError, OAuthError, type ApiName } from './errors';

export type FaultRule = {
  /** 'gmail' | 'drive' | 'sheets' | 'oauth'; omitted or '*' = every API */
  api?: Exclude<ApiName, 'control'> | '*';
  /** e.g. 'gmail.users.messages.get'; omitted = every operation of the api */
  operation?: string;
  /** only requests of this user (e-mail) */
  user?: string;
  /** HTTP status to answer with (429, 500, 503, 403, 401, ...) */
  status: number;
  /** probability per matching request, 0..1 (default 1) */
  rate?: number;
  /** Retry-After header value (seconds); 429 defaults to 1 */
  retryAfterSeconds?: number;
  message?: string;
  reason?: string;
  /** inject at most this many times, then the rule is dropped */
  times?: number;
};

export type FaultInjector = {
  /** adds a rule (replacing one with the same api/operation/user) */
  set(rule: FaultRule): void;
  /** removes every rule (and resets the PRNG so runs repeat) */
  clear(): void;
  list(): FaultRule[];
  /** re-seeds the PRNG */
  reseed(seed: number): void;
  /** how many faults were injected so far */
  readonly injected: number;
};

export type FaultInjectorInternal = FaultInjector & {
  /** returns the error to answer with, or undefined */
  decide(api: Exclude<ApiName, 'control'>, operation: string, user: string | undefined): GoogleError | OAuthError | undefined;
};

const keyOf = (r: FaultRule) => `${r.api ?? '*'}|${r.operation ?? '*'}|${r.user ?? '*'}`;

export const errorForStatus = (api: Exclude<ApiName, 'control'>, rule: FaultRule): GoogleError | OAuthError => {
  const status = rule.status;
  const retryAfter = rule.retryAfterSeconds ?? (status === 429 ? 1 : undefined);
  const headers: Record<string, string> = retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {};
  if (api === 'oauth') {
    const error = status === 503 ? 'temporarily_unavailable' : status >= 500 ? 'server_error' : status === 401 ? 'invalid_client' : status === 429 ? 'rate_limit_exceeded' : 'invalid_request';
    return new OAuthError(status, error, rule.message ?? 'Injected fault');
  }
  if (status === 429) {
    return new GoogleError(429, {
      message: rule.message ?? (api === 'drive' ? 'User rate limit exceeded.' : api === 'gmail' ? 'Too many concurrent requests for user' : "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user' of service 'sheets.googleapis.com'"),
      reason: rule.reason ?? 'rateLimitExceeded',
      domain: 'usageLimits',
      headers,
    });
  }
  if (status === 401) {
    return new GoogleError(401, { itemMessage: 'Invalid Credentials', reason: rule.reason ?? 'authError', location: 'Authorization', locationType: 'header', ...(rule.message ? { message: rule.message } : {}) });
  }
  if (status === 403) {
    return new GoogleError(403, { message: rule.message ?? 'Rate Limit Exceeded', reason: rule.reason ?? 'rateLimitExceeded', domain: 'usageLimits', headers });
  }
  return new GoogleError(status, { ...(rule.message ? { message: rule.message } : {}), ...(rule.reason ? { reason: rule.reason } : {}), headers });
};

export const createFaultInjector = (seed = 0xfa017): FaultInjectorInternal => {
  let rules: FaultRule[] = [];
  let rng: Prng = mulberry32(seed);
  let injected = 0;
  return {
    set(rule) {
      if (!Number.isInteger(rule.status) || rule.status < 400 || rule.status > 599) throw new Error(`fault status must be 4xx/5xx, got ${rule.status}`);
      rules = [...rules.filter((r) => keyOf(r) !== keyOf(rule)), { ...rule }];
    },
    clear() {
      rules = [];
      rng = mulberry32(seed);
    },
    list: () => rules.map((r) => ({ ...r })),
    reseed(n) {
      rng = mulberry32(n);
    },
    get injected() {
      return injected;
    },
    decide(api, operation, user) {
      for (const rule of rules) {
        if (rule.api && rule.api !== '*' && rule.api !== api) continue;
        if (rule.operation && rule.operation !== operation) continue;
        if (rule.user && rule.user.toLowerCase() !== user) continue;
        const rate = rule.rate ?? 1;
        if (!(rng.next() < rate)) continue;
        if (rule.times !== undefined) {
          rule.times -= 1;
          if (rule.times <= 0) rules = rules.filter((r) => r !== rule);
        }
        injected++;
        return errorForStatus(api, rule);
      }
      return undefined;
    },
  };
};
