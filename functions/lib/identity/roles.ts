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
