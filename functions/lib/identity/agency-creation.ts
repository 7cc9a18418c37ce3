import { recordAudit } from '../audit/record';
import { agencyNameProblem, agencySlug, IDENTITY_MESSAGES } from '../../../shared/schemas/identity';
import { BadRequest, Conflict } from '../http/errors';
import { memberScope, type AgencyScope, type SessionContext } from '../session/resolve';
import { agencyEntity } from '../store/entities/agency';
import { memberEntity } from '../store/entities/member';
import { nowIso } from '../store/keys';
import type { AgencySummary } from './agencies';
import { setupAgencyDrive } from './drive';
import { setSessionAgency } from './sessions';
import { isConditionalFailure } from '../store/conditional-write';
import { rememberAgency } from './users';

// Apart from agencies.ts because it talks to Google (the Drive root): the other agency routes
// stay free of the Google clients, and so do their Lambda bundles.
/**
 * Creates the agency (conditional put: a taken name is a 409), makes the creator its owner,
 * creates its Drive root and tracker in the creator's Drive (a failure leaves the drive-assets
 * item 'incomplete' for recovery, it does not fail the creation), and selects it in the session.
 * Returns the creator's scope in it, for what the creation goes on to do (connecting their mailbox).
 */
export const createAgency = async (session: SessionContext, typedName: string): Promise<AgencySummary & { driveReady: boolean; scope: AgencyScope }> => {
  const displayName = typedName.trim();
  const name = agencySlug(displayName);
  if (!name) throw new BadRequest(IDENTITY_MESSAGES.agencyNameNoSlug);
  // the name goes into invitation e-mails: no links, markup or control text (the body schema says so too)
  const problem = agencyNameProblem(displayName);
  if (problem) throw new BadRequest(problem);
  const now = nowIso();
  try {
    await agencyEntity.create({ name, displayName, createdBy: session.email, createdAt: now, ownerCount: 1 }).go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) throw new Conflict(`An agency named "${name}" already exists`);
    throw error;
  }
  const owner = { agencyName: name, email: session.email, role: 'owner', status: 'active' } as const;
  try {
    await memberEntity.put({ ...owner, invitedAt: now, acceptedAt: now, driveAccess: 'granted' }).go({ response: 'none' });
  } catch (error) {
    // without its owner the agency would be unreachable: give the name back
    await agencyEntity.delete({ name }).go({ response: 'none' }).catch(() => undefined);
    throw error;
  }
  const drive = await setupAgencyDrive(name, session.email);
  await setSessionAgency(session.tokenHash, name);
  await rememberAgency(session.email, name);
  const scope = memberScope({ email: session.email, agencyName: name }, owner);
  if (!scope) throw new Error(`the owner of ${name} has no scope in it`);
  await recordAudit(scope, { kind: 'agency.create', target: name, changes: [{ field: 'display_name', before: null, after: displayName }] });
  return { name, displayName, driveReady: drive.status === 'ready', scope };
};

