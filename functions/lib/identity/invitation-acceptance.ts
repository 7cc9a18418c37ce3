import { recordAudit } from '../audit/record';
import { inviteTokenSchema } from '../../../shared/schemas/identity';
import { hashToken } from '../crypto/token';
import { Forbidden, NotFound } from '../http/errors';
import { memberScope, type SessionContext } from '../session/resolve';
import { agencyEntity } from '../store/entities/agency';
import { inviteEntity } from '../store/entities/invite';
import { memberEntity } from '../store/entities/member';
import { nowIso } from '../store/keys';
import { getAgency } from './agencies';
import { grantMemberDriveAccess } from './drive';
import { deleteInviteItem, INVITE_MESSAGES, InvitationExpired } from './invitations';
import { setSessionAgency } from './sessions';
import { isConditionalFailure } from '../store/conditional-write';
import { isExpired } from '../store/expiry';
import { rememberAgency } from './users';

// Apart from invitations.ts because accepting grants Drive access (Google): inviting, resending
// and cancelling stay free of the Google clients, and so do their Lambda bundles.
export type Accepted = { agencyName: string; displayName: string; driveAccess: 'granted' | 'pending' };

/**
 * Where a caller without a session goes to accept (the 401's redirect_url): the sign-in carrying
 * the invitation's token, which the sign-in callback accepts; without a readable token, the
 * sign-in back to the agency selector, which lists the caller's pending invitations.
 */
export const signInToAcceptUrl = (rawBody: string | undefined): string => {
  let token: unknown;
  try {
    token = (JSON.parse(rawBody ?? '') as { invite_token?: unknown } | null)?.invite_token;
  } catch {
    token = undefined;
  }
  const parsed = inviteTokenSchema.safeParse(token);
  const query: Record<string, string> = parsed.success ? { invite: parsed.data } : { redirect: '/agencies' };
  return `/auth/login?${new URLSearchParams(query).toString()}`;
};

/** Accepts by the invite token's hash (the accept route and the sign-in callback). */
export const acceptInvitationByHash = async (session: Pick<SessionContext, 'email' | 'tokenHash'>, tokenHash: string): Promise<Accepted> => {
  const { data: invite } = await inviteEntity.get({ tokenHash }).go();
  if (!invite) throw new NotFound(INVITE_MESSAGES.invalidOrUsed);
  if (invite.email !== session.email) throw new Forbidden(INVITE_MESSAGES.wrongEmail);
  if (isExpired(invite.expiresAt)) throw new InvitationExpired();
  return finishAcceptance(session, invite.agencyName, tokenHash);
};

export const acceptInvitationByToken = (session: Pick<SessionContext, 'email' | 'tokenHash'>, token: string) =>
  acceptInvitationByHash(session, hashToken(token));

/** Accepts the pending invitation of the session's e-mail to a named agency. */
export const acceptInvitationForAgency = async (session: Pick<SessionContext, 'email' | 'tokenHash'>, agencyName: string): Promise<Accepted> => {
  const { data: member } = await memberEntity.get({ agencyName, email: session.email }).go();
  if (!member || member.status !== 'invited' || !member.inviteTokenHash) throw new NotFound(INVITE_MESSAGES.invalidOrUsed);
  if (isExpired(member.expiresAt)) throw new InvitationExpired();
  return finishAcceptance(session, agencyName, member.inviteTokenHash);
};

/**
 * The acceptance itself is ONE conditional update (invited → active while the token hash matches
 * and the week is not over); everything after it is idempotent follow-up.
 */
const finishAcceptance = async (session: Pick<SessionContext, 'email' | 'tokenHash'>, agencyName: string, tokenHash: string): Promise<Accepted> => {
  const now = nowIso();
  let role: 'owner' | 'member';
  try {
    const { data } = await memberEntity
      .patch({ agencyName, email: session.email })
      .set({ status: 'active', acceptedAt: now })
      .remove(['inviteTokenHash', 'expiresAt'])
      .where((attr, op) => `${op.eq(attr.status, 'invited')} AND ${op.eq(attr.inviteTokenHash, tokenHash)} AND ${op.gt(attr.expiresAt, now)}`)
      .go({ response: 'all_new' });
    role = data.role;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    const { data: member } = await memberEntity.get({ agencyName, email: session.email }).go();
    if (member?.status === 'invited' && member.inviteTokenHash === tokenHash && isExpired(member.expiresAt)) throw new InvitationExpired();
    throw new NotFound(INVITE_MESSAGES.invalidOrUsed);
  }
  await deleteInviteItem(tokenHash).catch(() => undefined); // single use (the condition above already is)
  if (role === 'owner') {
    await agencyEntity.patch({ name: agencyName }).add({ ownerCount: 1 }).go({ response: 'none' });
  }
  await setSessionAgency(session.tokenHash, agencyName);
  await rememberAgency(session.email, agencyName);
  const driveAccess = await grantMemberDriveAccess(agencyName, session.email);
  await memberEntity.patch({ agencyName, email: session.email }).set({ driveAccess }).go({ response: 'none' }).catch(() => undefined);
  const agency = await getAgency(agencyName);
  // The newcomer's first act in the agency, recorded as theirs: the membership is active now.
  const joined = memberScope({ email: session.email, agencyName }, { agencyName, email: session.email, role, status: 'active' });
  if (joined) await recordAudit(joined, { kind: 'member.join', target: session.email, changes: [{ field: 'role', before: null, after: role }] });
  return { agencyName, displayName: agency?.displayName ?? agencyName, driveAccess };
};
