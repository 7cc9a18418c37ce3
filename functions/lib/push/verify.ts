import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Forbidden, Unauthorized } from '../http/errors';
import { header, type PushCaller } from '../http/handler';
import { GOOGLE_ISSUERS, pushReceiverConfig } from './config';

/** Why a delivery was refused (logged, never sent back in detail). */
export class PushAuthError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
    this.name = 'PushAuthError';
  }
}

// One key set per URL per warm Lambda: jose caches the keys and refetches on an unknown kid.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const keySetFor = (url: string) => {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 });
    keySets.set(url, set);
  }
  return set;
};

/**
 * Verifies the OIDC token Pub/Sub signs on a push delivery (Authorization: Bearer): Google's
 * keys, Google's issuer, audience = our push route, e-mail = the configured service account
 * (verified). Anything else is refused: 401 for a missing or invalid token, 403 for a valid
 * token of another service account, or when push is not configured here at all.
 */
export const verifyPushToken = async (authorization: string | undefined): Promise<PushCaller> => {
  const config = pushReceiverConfig();
  if (!config) throw new PushAuthError(403, 'Gmail push is not configured');
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new PushAuthError(401, 'Missing bearer token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySetFor(config.jwksUrl), {
      issuer: GOOGLE_ISSUERS,
      audience: config.audience,
      algorithms: ['RS256'],
      clockTolerance: 30,
    }));
  } catch (error) {
    const reason = error instanceof errors.JOSEError ? error.code : 'ERR_UNKNOWN';
    throw new PushAuthError(401, `Invalid push token (${reason})`);
  }
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined;
  if (!email || payload.email_verified !== true || email !== config.serviceAccount) throw new PushAuthError(403, 'Push token of another service account');
  return { serviceAccount: email };
};

/** The push route's token check for the HTTP wrapper: 401 or 403 with the reason. */
export const verifyPushEvent = async (event: APIGatewayProxyEventV2): Promise<PushCaller> => {
  try {
    return await verifyPushToken(header(event, 'authorization'));
  } catch (error) {
    if (!(error instanceof PushAuthError)) throw error;
    throw error.status === 401 ? new Unauthorized(error.message) : new Forbidden(error.message);
  }
};
