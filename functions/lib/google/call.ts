import type { OAuth2Client } from 'google-auth-library';
import { logger } from '../logger';
import { forgetAccessToken, googleConfig, nativeFetch, type GoogleConfig, type GoogleTransport } from './auth';
import { describeFailure, GoogleClientMisconfigured, GoogleRateLimited, isRetryable, toGoogleError, type GoogleFailure, type GoogleNotFound } from './errors';
import { WaitTooLong } from '../limits/token-bucket';
import { withRetry, type RetryPolicy } from './retry';

/**
 * What every Google client needs: the user's OAuth client, where Google is, the retry policy
 * (with the invocation's remaining time) and, in tests, a transport that sees each request.
 */
export type GoogleContext = {
  auth: OAuth2Client;
  config?: GoogleConfig;
  retry?: Partial<RetryPolicy>;
  adapter?: GoogleTransport;
  /** Per-request timeout; one slow call must not eat the whole Lambda. */
  timeoutMs?: number;
};

export type Api = 'gmail' | 'drive' | 'sheets';

/** Per-client options: rootUrl per API, and gaxios' own retry off so ours is the only policy. */
export const clientOptions = (ctx: GoogleContext, api: Api) => ({
  auth: ctx.auth,
  rootUrl: (ctx.config ?? googleConfig()).roots[api],
  retry: false,
  timeout: ctx.timeoutMs ?? 30_000,
  fetchImplementation: nativeFetch,
  ...(ctx.adapter ? { adapter: ctx.adapter } : {}),
});

export type CallOptions = {
  api: Api;
  operation: string;
  /** Runs before every attempt (spending rate-limit units); may throw WaitTooLong. */
  beforeAttempt?: (maxWaitMs: number) => Promise<void>;
  /** After a 429, tells the limiter to hold off (`failure` says which limit, when Google says). */
  onRateLimited?: (retryAfterMs: number, failure: GoogleFailure) => void;
  /**
   * The least wait after a 429 (e.g. past a per-minute quota window: Sheets sends no
   * Retry-After, and its quota refills only once the minute has passed).
   */
  rateLimitBackoffMs?: () => number;
  /** The message of the RateLimited error when the limiter would wait past the deadline. */
  rateLimitMessage?: string;
  notFound?: () => GoogleNotFound;
};

export const callGoogle = async <T>(ctx: GoogleContext, options: CallOptions, fn: () => Promise<T>): Promise<T> => {
  const policy = ctx.retry ?? {};
  let refreshed = false;
  const maxWait = () => (policy.remainingMs ? Math.max(0, policy.remainingMs() - (policy.reserveMs ?? 5_000)) : Infinity);
  try {
    return await withRetry(
      async () => {
        await options.beforeAttempt?.(maxWait());
        return fn();
      },
      {
        classify: (error) => {
          // The client secret could not be read (auth.ts): its 503 is the deployment's, not Google's.
          if (error instanceof WaitTooLong || error instanceof GoogleClientMisconfigured) return { retry: false };
          const failure = describeFailure(error);
          // A 401 with a cached access token usually means it expired early: refresh once.
          if (failure.status === 401 && !refreshed) {
            refreshed = true;
            forgetAccessToken(ctx.auth);
            return { retry: true, retryAfterMs: 0 };
          }
          const rateLimited = failure.status === 429 || (failure.status === 403 && isRetryable(failure));
          // A Retry-After is followed as given; without one (Sheets' quota answers), wait out the window.
          const floor = rateLimited && failure.retryAfterMs === undefined ? options.rateLimitBackoffMs?.() : undefined;
          const retryAfterMs = floor === undefined ? failure.retryAfterMs : Math.max(floor, failure.retryAfterMs ?? 0);
          return { retry: isRetryable(failure), retryAfterMs };
        },
        onRetry: ({ attempt, delayMs, error }) => {
          const failure = describeFailure(error);
          if (failure.status === 429 || failure.status === 403) options.onRateLimited?.(delayMs, failure);
          // Status and reason only: a gaxios error carries the request, and the request carries a token.
          logger.warn('google call retried', {
            api: options.api,
            operation: options.operation,
            status: failure.status,
            reason: failure.reason,
            network: failure.network,
            attempt: attempt + 1,
            delayMs,
          });
        },
      },
      policy,
    );
  } catch (error) {
    if (error instanceof WaitTooLong) throw new GoogleRateLimited(error.waitMs, options.rateLimitMessage ?? 'Gmail quota for this mailbox is spent for now');
    throw toGoogleError(error, options.notFound);
  }
};
