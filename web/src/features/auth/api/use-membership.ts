import type { Role } from '../../../../../shared/constants';
import { useAuthStatus } from './get-auth-status';

export type Membership = {
  /** The caller's role in the selected agency; undefined until the session status is known. */
  role: Role | undefined;
  /** Owner-only actions (delete campaigns, set the OpenAI key, reset settings, clear contacts) show only for owners. */
  isOwner: boolean;
  /** The agency's name as its people typed it (its id when the server has none). */
  agencyDisplayName: string | undefined;
};

/**
 * The signed-in person's membership of the selected agency, from the session status the startup
 * gate already loaded. The server refuses owner-only actions to members whatever the screen shows.
 */
export const useMembership = (): Membership => {
  const { data } = useAuthStatus();
  const role = data?.membership_role ?? undefined;
  return { role, isOwner: role === 'owner', agencyDisplayName: data?.agency_display_name || data?.agency_name || undefined };
};
