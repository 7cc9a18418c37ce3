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

type Role = 'owner' | 'member';

/**
 * The tenant boundary: every store call of an agency route takes this, never an id from input.
 * Only the two factories below make one (the class is not exported, and its ECMAScript private
 * field means an object literal with the same fields is not an AgencyScope); lint refuses
 * `as AgencyScope` (eslint.config.js).
 */
class Scope {
  // eslint-disable-next-line no-unused-private-class-members -- never read: having it is what an object literal cannot
  readonly #tenant = true;
  readonly agencyName: string;
  readonly email: string;
  readonly role: Role;

  constructor(agencyName: string, email: string, role: Role) {
    this.agencyName = agencyName;
    this.email = email;
    this.role = role;
    Object.freeze(this);
  }
}
export type AgencyScope = Scope;

/**
 * A person's scope: their session has this agency selected and their membership in it is active.
 * Undefined for anything else (another agency, another e-mail, an invitation not yet accepted).
 */
export const memberScope = (
  session: Pick<SessionContext, 'email' | 'agencyName'>,
  member: { agencyName: string; email: string; role: Role; status: 'active' | 'invited' },
): AgencyScope | undefined =>
  session.agencyName !== undefined && member.agencyName === session.agencyName && member.email === session.email && member.status === 'active'
    ? new Scope(member.agencyName, member.email, member.role)
    : undefined;

/**
 * The scope of work our own state machine, scheduler or async tasks run for an agency: the
 * agency comes from the task's input (written by our own code, never by a request) and `actor`
 * is who the work is recorded as (the person who started it, or the task's name). It has a
 * member's rights: nothing a task does is owner-only.
 */
export const taskScope = (agencyName: string, actor: string): AgencyScope => new Scope(agencyName, actor, 'member');

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
  const scope = member ? memberScope(session, member) : undefined;
  return scope ? { session, scope } : { session };
};
