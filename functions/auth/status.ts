import { defineHandler } from '../lib/http/handler';
import { getAgency } from '../lib/identity/agencies';
import { hasGoogleGrant } from '../lib/identity/google-grants';
import { readSession, touchSession } from '../lib/identity/sessions';
import { getProfile } from '../lib/identity/users';
import type { Answer } from '../lib/http/typed';
import type { authStatusResponse } from '../../shared/schemas/identity';

const ANONYMOUS = {
  authenticated: false,
  user: null,
  agency_name: null,
  membership_role: null,
  pending_agency: false,
  has_pending_tokens: false,
} as const satisfies Answer<typeof authStatusResponse>;

/** GET /auth/status (public): who is signed in and in which agency. */
export const handler = defineHandler('public', {}, async ({ session, scope }) => {
  if (!session) return ANONYMOUS;
  const record = await readSession(session.tokenHash);
  if (!record) return ANONYMOUS;
  const [profile, agency, hasGrant] = await Promise.all([
    getProfile(session.email),
    scope ? getAgency(scope.agencyName) : undefined,
    scope ? false : hasGoogleGrant(session.email),
    touchSession(session.tokenHash, record.lastSeenAt),
  ]);
  return {
    authenticated: true,
    user: { email: session.email, name: profile?.name ?? null, picture: profile?.picture ?? null },
    agency_name: scope?.agencyName ?? null,
    agency_display_name: scope ? (agency?.displayName ?? scope.agencyName) : null,
    membership_role: scope?.role ?? null,
    pending_agency: !scope,
    has_pending_tokens: !scope && hasGrant,
  } satisfies Answer<typeof authStatusResponse>;
});
