import { Forbidden } from '../http/errors';
import type { AgencyScope } from '../session/resolve';

/**
 * Owner-only actions (deleting campaigns, setting the OpenAI key, resetting settings, clearing
 * contacts): a member is refused with the action's own message (shared/messages.ts roles.ownerOnly).
 * Apart from members.ts so a route can check a role without bundling the Google clients.
 */
export const requireOwner = (scope: AgencyScope, message: string): void => {
  if (scope.role !== 'owner') throw new Forbidden(message);
};

/**
 * Deleting and recreating the agency's Drive folder are owners' (one message for both: the same
 * folder, every campaign's files in it). Not in spec.
 */
export const DRIVE_ROOT_OWNERS_ONLY = "Only owners can delete or recreate the agency's Drive folder";
