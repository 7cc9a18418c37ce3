import { AppError, Conflict, Forbidden, NotFound, UpstreamError } from '../http/errors';
import { hashToken, newToken } from '../crypto/token';
import { logger } from '../logger';
import { sendInviteEmail } from '../mail/invite-email';
import type { AgencyScope, SessionContext } from '../session/resolve';
import { agencyEntity } from '../store/entities/agency';
import { inviteEntity } from '../store/entities/invite';
import { memberEntity } from '../store/entities/member';
import { epochSeconds, nowIso } from '../store/keys';
import { agencyDisplayNames, getAgency } from './agencies';
import { grantMemberDriveAccess } from './drive';
import { setSessionAgency } from './sessions';
import { isConditionalFailure, isExpired } from './store-errors';
import { getProfile, rememberAgency } from './users';

export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;

export const INVITE_MESSAGES = {
  onlyOwnersInviteOwners: 'Only owners can invite owners',
  alreadyMember: (email: string) => `${email} is already a member of this agency`,
  alreadyPending: (email: string) => `${email} already has a pending invitation`,
  invited: (email: string) => `${email} has been invited`,
  invalidOrUsed: 'This invitation is invalid or has already been used',
  expired: 'This invitation has expired',
  wrongEmail: 'This invitation was sent to a different e-mail address',
  notExpiredYet: 'The invitation has not expired yet',
  noPending: (email: string) => `No pending invitation for ${email}`,
  onlyOwnersManageOthers: "Only owners can resend or cancel another member's invitation",
  sendFailed: 'Failed to send invitation e-mail. Please try again.',
  joined: (agency: string) => `You've joined ${agency}`,
} as const;

/** 410 Gone: the invitation existed but its week is over. */
export class InvitationExpired extends AppError {
  constructor() {
    super(410, 'BAD_REQUEST', INVITE_MESSAGES.expired);
    this.name = 'InvitationExpired';
  }
}

const log = () => logger.createChild({ persistentLogAttributes: { component: 'invitations' } });

const putInviteItem = async (tokenHash: string, invite: { agencyName: string; email: string; role: 'owner' | 'member'; invitedBy: string; expiresAt: string }) => {
  await inviteEntity()
    .create({ tokenHash, ...invite, createdAt: nowIso(), expires_at_epoch: epochSeconds(invite.expiresAt) })
    .go({ response: 'none' });
};

const deleteInviteItem = async (tokenHash: string | undefined) => {
  if (tokenHash) await inviteEntity().delete({ tokenHash }).go({ response: 'none' });
};

const mailInvite = async (args: { to: string; token: string; agencyName: string; invitedBy: string; role: 'owner' | 'member'; expiresAt: string }) => {
  const [agency, inviter] = await Promise.all([getAgency(args.agencyName), getProfile(args.invitedBy)]);
  await sendInviteEmail({
    to: args.to,
    token: args.token,
    agencyDisplayName: agency?.displayName ?? args.agencyName,
    invitedBy: args.invitedBy,
    inviterName: inviter?.name,
    role: args.role,
    expiresAt: args.expiresAt,
  });
};

/**
 * Invites an e-mail to the scope's agency: the member item (status invited, token hash) is written
 * with a condition (nobody there, or only an expired invitation), then the token's lookup item,
 * then the e-mail. A failed e-mail undoes both writes.
 */
export const inviteMember = async (scope: AgencyScope, email: string, role: 'owner' | 'member'): Promise<string> => {
  if (role === 'owner' && scope.role !== 'owner') throw new Forbidden(INVITE_MESSAGES.onlyOwnersInviteOwners);
  const { data: existing } = await memberEntity().get({ agencyName: scope.agencyName, email }).go();
  if (existing?.status === 'active') throw new Conflict(INVITE_MESSAGES.alreadyMember(email));
  if (existing?.status === 'invited' && !isExpired(existing.expiresAt)) throw new Conflict(INVITE_MESSAGES.alreadyPending(email));

  const token = newToken();
  const tokenHash = hashToken(token);
  const now = nowIso();
  const expiresAt = new Date(Date.now() + INVITE_TTL_MS).toISOString();
  const item = { agencyName: scope.agencyName, email, role, status: 'invited' as const, invitedBy: scope.email, invitedAt: now, expiresAt, inviteTokenHash: tokenHash };
  try {
    if (existing) {
      // re-inviting over an expired invitation: only if it is still that same expired invitation
      await memberEntity()
        .put(item)
        .where((attr, op) => `${op.eq(attr.status, 'invited')} AND ${op.eq(attr.inviteTokenHash, existing.inviteTokenHash ?? '')}`)
        .go({ response: 'none' });
    } else {
      await memberEntity().create(item).go({ response: 'none' });
    }
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    const { data: now } = await memberEntity().get({ agencyName: scope.agencyName, email }).go();
    throw new Conflict(now?.status === 'active' ? INVITE_MESSAGES.alreadyMember(email) : INVITE_MESSAGES.alreadyPending(email));
  }
  if (existing) await deleteInviteItem(existing.inviteTokenHash).catch(() => undefined);
  await putInviteItem(tokenHash, { agencyName: scope.agencyName, email, role, invitedBy: scope.email, expiresAt });

  try {
    await mailInvite({ to: email, token, agencyName: scope.agencyName, invitedBy: scope.email, role, expiresAt });
  } catch (error) {
    log().error('invitation e-mail failed', { agency: scope.agencyName, error: error instanceof Error ? error.message : String(error) });
    await deleteInviteItem(tokenHash).catch(() => undefined);
    await memberEntity()
      .delete({ agencyName: scope.agencyName, email })
      .where((attr, op) => op.eq(attr.inviteTokenHash, tokenHash))
      .go({ response: 'none' })
      .catch(() => undefined);
    throw new UpstreamError(INVITE_MESSAGES.sendFailed);
  }
  return INVITE_MESSAGES.invited(email);
};

const pendingInvitation = async (scope: AgencyScope, email: string) => {
  const { data } = await memberEntity().get({ agencyName: scope.agencyName, email }).go();
  if (!data || data.status !== 'invited') throw new NotFound(INVITE_MESSAGES.noPending(email));
  // any member may invite members; only owners manage someone else's invitation
  if (scope.role !== 'owner' && data.invitedBy !== scope.email) throw new Forbidden(INVITE_MESSAGES.onlyOwnersManageOthers);
  return data;
};

/** A new token and a new week for an expired invitation, and the e-mail again. */
export const resendInvitation = async (scope: AgencyScope, email: string): Promise<string> => {
  const invitation = await pendingInvitation(scope, email);
  if (!isExpired(invitation.expiresAt)) throw new Conflict(INVITE_MESSAGES.notExpiredYet);
  const token = newToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(Date.now() + INVITE_TTL_MS).toISOString();
  try {
    await memberEntity()
      .patch({ agencyName: scope.agencyName, email })
      .set({ inviteTokenHash: tokenHash, expiresAt, invitedAt: nowIso() })
      .where((attr, op) => `${op.eq(attr.status, 'invited')} AND ${op.eq(attr.inviteTokenHash, invitation.inviteTokenHash ?? '')}`)
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) throw new Conflict(INVITE_MESSAGES.noPending(email));
    throw error;
  }
  await deleteInviteItem(invitation.inviteTokenHash).catch(() => undefined);
  await putInviteItem(tokenHash, { agencyName: scope.agencyName, email, role: invitation.role, invitedBy: invitation.invitedBy ?? scope.email, expiresAt });
  try {
    await mailInvite({ to: email, token, agencyName: scope.agencyName, invitedBy: scope.email, role: invitation.role, expiresAt });
  } catch (error) {
    log().error('invitation e-mail failed', { agency: scope.agencyName, error: error instanceof Error ? error.message : String(error) });
    // keep it expired so it can be resent again
    await memberEntity()
      .patch({ agencyName: scope.agencyName, email })
      .set({ expiresAt: invitation.expiresAt ?? nowIso() })
      .go({ response: 'none' })
      .catch(() => undefined);
    await deleteInviteItem(tokenHash).catch(() => undefined);
    throw new UpstreamError(INVITE_MESSAGES.sendFailed);
  }
  return `Invitation resent to ${email}`;
};

export const cancelInvitation = async (scope: AgencyScope, email: string): Promise<string> => {
  const invitation = await pendingInvitation(scope, email);
  try {
    await memberEntity()
      .delete({ agencyName: scope.agencyName, email })
      .where((attr, op) => op.eq(attr.status, 'invited'))
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) throw new NotFound(INVITE_MESSAGES.noPending(email));
    throw error;
  }
  await deleteInviteItem(invitation.inviteTokenHash).catch(() => undefined);
  return `Invitation for ${email} cancelled`;
};

export type MyInvite = { agency_name: string; agency_display_name: string; invited_by: string | null; role: 'owner' | 'member'; expires_at: string | null };

export const listMyInvitations = async (email: string): Promise<MyInvite[]> => {
  const { data } = await memberEntity().query.byUser({ email }).go({ pages: 'all' });
  const pending = data.filter((member) => member.status === 'invited' && !isExpired(member.expiresAt));
  const names = await agencyDisplayNames(pending.map((member) => member.agencyName));
  return pending.map((member) => ({
    agency_name: member.agencyName,
    agency_display_name: names.get(member.agencyName) ?? member.agencyName,
    invited_by: member.invitedBy ?? null,
    role: member.role,
    expires_at: member.expiresAt ?? null,
  }));
};

export type Accepted = { agencyName: string; displayName: string; driveAccess: 'granted' | 'pending' };

/** Accepts by the invite token's hash (the accept route and the sign-in callback). */
export const acceptInvitationByHash = async (session: Pick<SessionContext, 'email' | 'tokenHash'>, tokenHash: string): Promise<Accepted> => {
  const { data: invite } = await inviteEntity().get({ tokenHash }).go();
  if (!invite) throw new NotFound(INVITE_MESSAGES.invalidOrUsed);
  if (invite.email !== session.email) throw new Forbidden(INVITE_MESSAGES.wrongEmail);
  if (isExpired(invite.expiresAt)) throw new InvitationExpired();
  return finishAcceptance(session, invite.agencyName, tokenHash);
};

export const acceptInvitationByToken = (session: Pick<SessionContext, 'email' | 'tokenHash'>, token: string) =>
  acceptInvitationByHash(session, hashToken(token));

/** Accepts the pending invitation of the session's e-mail to a named agency. */
export const acceptInvitationForAgency = async (session: Pick<SessionContext, 'email' | 'tokenHash'>, agencyName: string): Promise<Accepted> => {
  const { data: member } = await memberEntity().get({ agencyName, email: session.email }).go();
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
    const { data } = await memberEntity()
      .patch({ agencyName, email: session.email })
      .set({ status: 'active', acceptedAt: now })
      .remove(['inviteTokenHash', 'expiresAt'])
      .where((attr, op) => `${op.eq(attr.status, 'invited')} AND ${op.eq(attr.inviteTokenHash, tokenHash)} AND ${op.gt(attr.expiresAt, now)}`)
      .go({ response: 'all_new' });
    role = data.role;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    const { data: member } = await memberEntity().get({ agencyName, email: session.email }).go();
    if (member?.status === 'invited' && member.inviteTokenHash === tokenHash && isExpired(member.expiresAt)) throw new InvitationExpired();
    throw new NotFound(INVITE_MESSAGES.invalidOrUsed);
  }
  await deleteInviteItem(tokenHash).catch(() => undefined); // single use (the condition above already is)
  if (role === 'owner') {
    await agencyEntity().patch({ name: agencyName }).add({ ownerCount: 1 }).go({ response: 'none' });
  }
  await setSessionAgency(session.tokenHash, agencyName);
  await rememberAgency(session.email, agencyName);
  const driveAccess = await grantMemberDriveAccess(agencyName, session.email);
  await memberEntity().patch({ agencyName, email: session.email }).set({ driveAccess }).go({ response: 'none' }).catch(() => undefined);
  const agency = await getAgency(agencyName);
  return { agencyName, displayName: agency?.displayName ?? agencyName, driveAccess };
};
