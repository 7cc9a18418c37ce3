import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { hashToken } from '../crypto/token';
import { memberEntity } from '../store/entities/member';
import { sessionEntity } from '../store/entities/session';

export const SESSION_COOKIE = 'tl_session';
/** A session unused for this long is over, whatever its absolute expiry says. */
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;

export type SessionContext = {
  tokenHash: string;
  email: string;
  agencyName?: string;
  via: 'cookie' | 'bearer';
};

/** The tenant boundary: every store call of an agency route takes this, never an id from input. */
export type AgencyScope = {
  agencyName: string;
  email: string;
  role: 'owner' | 'member';
};

export const readToken = (event: APIGatewayProxyEventV2): { token: string; via: SessionContext['via'] } | undefined => {
  const authorization = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === 'authorization')?.[1];
  const bearer = authorization?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/)?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookies = event.cookies ?? [];
  for (const cookie of cookies.flatMap((line) => line.split(';'))) {
    const [name, ...rest] = cookie.trim().split('=');
    if (name === SESSION_COOKIE) {
      const value = rest.join('=');
      if (/^[A-Za-z0-9_-]{20,200}$/.test(value)) return { token: value, via: 'cookie' };
    }
  }
  return undefined;
};

export const isSessionLive = (item: { lastSeenAt: string; expiresAt: string }, now = Date.now()): boolean =>
  Date.parse(item.expiresAt) > now && Date.parse(item.lastSeenAt) + SESSION_IDLE_MS > now;

/**
 * Finds the caller's session and, when it has a selected agency, checks the membership is still
 * active. Expired items are treated as absent (DynamoDB TTL lags, dynalite has none).
 */
export const resolveSession = async (
  event: APIGatewayProxyEventV2,
): Promise<{ session: SessionContext; scope?: AgencyScope } | undefined> => {
  const found = readToken(event);
  if (!found) return undefined;
  const tokenHash = hashToken(found.token);
  const { data } = await sessionEntity.get({ tokenHash }).go();
  if (!data || !isSessionLive(data)) return undefined;
  const session: SessionContext = { tokenHash, email: data.email, agencyName: data.agencyName, via: found.via };
  if (!data.agencyName) return { session };
  const { data: member } = await memberEntity.get({ agencyName: data.agencyName, email: data.email }).go();
  if (!member || member.status !== 'active') return { session };
  return { session, scope: { agencyName: data.agencyName, email: data.email, role: member.role } };
};
