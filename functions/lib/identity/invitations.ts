import { recordAudit } from '../audit/record';
import { messages } from '../../../shared/messages';
import { AppError, Conflict, Forbidden, NotFound, rateLimited, UpstreamError } from '../http/errors';
import { hashToken, newToken } from '../crypto/token';
import { logger, errorMessage } from '../logger';
import { sendInviteEmail } from '../mail/invite-email';
import type { AgencyScope } from '../session/resolve';
import { inviteEntity } from '../store/entities/invite';
import { memberEntity } from '../store/entities/member';
import { epochSeconds, nowIso } from '../store/keys';
import { takeSlot, type RateRule } from '../store/rate-limit';
import { agencyDisplayNames, getAgency } from './agencies';
import { isConditionalFailure } from '../store/conditional-write';
import { isExpired } from '../store/expiry';
import { getProfile } from './users';

export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;

/** Invitation e-mails (new ones and resends) one agency may send in an hour. */
export const INVITES_PER_AGENCY_PER_HOUR = 20;
/** Invitation e-mails one address may receive in a (UTC) day, from all agencies together. */
export const INVITES_PER_ADDRESS_PER_DAY = 5;

const AGENCY_INVITES: RateRule = { name: 'invites-agency', limit: INVITES_PER_AGENCY_PER_HOUR, windowSeconds: 3600 };
const ADDRESS_INVITES: RateRule = { name: 'invites-address', limit: INVITES_PER_ADDRESS_PER_DAY, windowSeconds: 24 * 3600 };

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
  await inviteEntity
    .create({ tokenHash, ...invite, createdAt: nowIso(), expires_at_epoch: epochSeconds(invite.expiresAt) })
    .go({ response: 'none' });
};

export const deleteInviteItem = async (tokenHash: string | undefined) => {
  if (tokenHash) await inviteEntity.delete({ tokenHash }).go({ response: 'none' });
};

const mailInvite = async (args: { to: string; token: string; agencyName: string; invitedBy: string; role: 'owner' | 'member'; expiresAt: string }) => {
  const [agency, inviter] = await Promise.all([getAgency(args.agencyName), getProfile(args.invitedBy)]);
  await sendInviteEmail({
    to: args.to,
    token: args.token,
    agencySlug: args.agencyName,
    agencyDisplayName: agency?.displayName ?? args.agencyName,
    invitedBy: args.invitedBy,
    inviterName: inviter?.name,
    role: args.role,
    expiresAt: args.expiresAt,
  });
};

/**
 * One invitation e-mail's worth of both limits, taken just before sending (after the role and
 * state checks, so a refused request counts for nothing): the address's first, then the agency's.
 * The returned function gives both back when the e-mail could not be sent.
 */
const takeInviteSlots = async (agencyName: string, email: string): Promise<() => Promise<void>> => {
  const address = await takeSlot(ADDRESS_INVITES, email);
  if (!address.allowed) throw rateLimited(messages.limits.invitesToAddress(email, messages.limits.wait(address.retryAfterSeconds)), address.retryAfterSeconds);
  const agency = await takeSlot(AGENCY_INVITES, agencyName);
  if (!agency.allowed) {
    await address.release();
    throw rateLimited(messages.limits.invitesFromAgency(messages.limits.wait(agency.retryAfterSeconds)), agency.retryAfterSeconds);
  }
  return async () => {
    await Promise.all([address.release(), agency.release()]);
  };
};

/**
 * Invites an e-mail to the scope's agency: the member item (status invited, token hash) is written
 * with a condition (nobody there, or only an expired invitation), then the token's lookup item,
 * then the e-mail. A failed e-mail undoes both writes.
 */
export const inviteMember = async (scope: AgencyScope, email: string, role: 'owner' | 'member'): Promise<string> => {
  if (role === 'owner' && scope.role !== 'owner') throw new Forbidden(INVITE_MESSAGES.onlyOwnersInviteOwners);
  const { data: existing } = await memberEntity.get({ agencyName: scope.agencyName, email }).go();
  if (existing?.status === 'active') throw new Conflict(INVITE_MESSAGES.alreadyMember(email));
  if (existing?.status === 'invited' && !isExpired(existing.expiresAt)) throw new Conflict(INVITE_MESSAGES.alreadyPending(email));
  const giveBackSlots = await takeInviteSlots(scope.agencyName, email);

  const token = newToken();
  const tokenHash = hashToken(token);
  const now = nowIso();
  const expiresAt = new Date(Date.now() + INVITE_TTL_MS).toISOString();
  const item = { agencyName: scope.agencyName, email, role, status: 'invited' as const, invitedBy: scope.email, invitedAt: now, expiresAt, inviteTokenHash: tokenHash };
  try {
    if (existing) {
      // re-inviting over an expired invitation: only if it is still that same expired invitation
      await memberEntity
        .put(item)
        .where((attr, op) => `${op.eq(attr.status, 'invited')} AND ${op.eq(attr.inviteTokenHash, existing.inviteTokenHash ?? '')}`)
        .go({ response: 'none' });
    } else {
      await memberEntity.create(item).go({ response: 'none' });
    }
  } catch (error) {
    await giveBackSlots();
    if (!isConditionalFailure(error)) throw error;
    const { data: now } = await memberEntity.get({ agencyName: scope.agencyName, email }).go();
    throw new Conflict(now?.status === 'active' ? INVITE_MESSAGES.alreadyMember(email) : INVITE_MESSAGES.alreadyPending(email));
  }
  if (existing) await deleteInviteItem(existing.inviteTokenHash).catch(() => undefined);
  await putInviteItem(tokenHash, { agencyName: scope.agencyName, email, role, invitedBy: scope.email, expiresAt });

  try {
    await mailInvite({ to: email, token, agencyName: scope.agencyName, invitedBy: scope.email, role, expiresAt });
  } catch (error) {
    log().error('invitation e-mail failed', { agency: scope.agencyName, error: errorMessage(error) });
    await giveBackSlots();
    await deleteInviteItem(tokenHash).catch(() => undefined);
    await memberEntity
      .delete({ agencyName: scope.agencyName, email })
      .where((attr, op) => op.eq(attr.inviteTokenHash, tokenHash))
      .go({ response: 'none' })
      .catch(() => undefined);
    throw new UpstreamError(INVITE_MESSAGES.sendFailed);
  }
  await recordAudit(scope, { kind: 'member.invite', target: email, changes: [{ field: 'role', before: null, after: role }] });
  return INVITE_MESSAGES.invited(email);
};

const pendingInvitation = async (scope: AgencyScope, email: string) => {
  const { data } = await memberEntity.get({ agencyName: scope.agencyName, email }).go();
  if (!data || data.status !== 'invited') throw new NotFound(INVITE_MESSAGES.noPending(email));
  // any member may invite members; only owners manage someone else's invitation
  if (scope.role !== 'owner' && data.invitedBy !== scope.email) throw new Forbidden(INVITE_MESSAGES.onlyOwnersManageOthers);
  return data;
};

/** A new token and a new week for an expired invitation, and the e-mail again. */
export const resendInvitation = async (scope: AgencyScope, email: string): Promise<string> => {
  const invitation = await pendingInvitation(scope, email);
  if (!isExpired(invitation.expiresAt)) throw new Conflict(INVITE_MESSAGES.notExpiredYet);
  const giveBackSlots = await takeInviteSlots(scope.agencyName, email);
  const token = newToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(Date.now() + INVITE_TTL_MS).toISOString();
  try {
    await memberEntity
      .patch({ agencyName: scope.agencyName, email })
      .set({ inviteTokenHash: tokenHash, expiresAt, invitedAt: nowIso() })
      .where((attr, op) => `${op.eq(attr.status, 'invited')} AND ${op.eq(attr.inviteTokenHash, invitation.inviteTokenHash ?? '')}`)
      .go({ response: 'none' });
  } catch (error) {
    await giveBackSlots();
    if (isConditionalFailure(error)) throw new Conflict(INVITE_MESSAGES.noPending(email));
    throw error;
  }
  await deleteInviteItem(invitation.inviteTokenHash).catch(() => undefined);
  await putInviteItem(tokenHash, { agencyName: scope.agencyName, email, role: invitation.role, invitedBy: invitation.invitedBy ?? scope.email, expiresAt });
  try {
    await mailInvite({ to: email, token, agencyName: scope.agencyName, invitedBy: scope.email, role: invitation.role, expiresAt });
  } catch (error) {
    log().error('invitation e-mail failed', { agency: scope.agencyName, error: errorMessage(error) });
    await giveBackSlots();
    // keep it expired so it can be resent again
    await memberEntity
      .patch({ agencyName: scope.agencyName, email })
      .set({ expiresAt: invitation.expiresAt ?? nowIso() })
      .go({ response: 'none' })
      .catch(() => undefined);
    await deleteInviteItem(tokenHash).catch(() => undefined);
    throw new UpstreamError(INVITE_MESSAGES.sendFailed);
  }
  await recordAudit(scope, { kind: 'member.invite_resend', target: email, changes: [{ field: 'invitation', before: 'expired', after: 'sent again' }] });
  return `Invitation resent to ${email}`;
};

export const cancelInvitation = async (scope: AgencyScope, email: string): Promise<string> => {
  const invitation = await pendingInvitation(scope, email);
  try {
    await memberEntity
      .delete({ agencyName: scope.agencyName, email })
      .where((attr, op) => op.eq(attr.status, 'invited'))
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) throw new NotFound(INVITE_MESSAGES.noPending(email));
    throw error;
  }
  await deleteInviteItem(invitation.inviteTokenHash).catch(() => undefined);
  await recordAudit(scope, { kind: 'member.invite_cancel', target: email, changes: [{ field: 'invitation', before: invitation.role, after: null }] });
  return `Invitation for ${email} cancelled`;
};

export type MyInvite = { agency_name: string; agency_display_name: string; invited_by: string | null; role: 'owner' | 'member'; expires_at: string | null };

export const listMyInvitations = async (email: string): Promise<MyInvite[]> => {
  const { data } = await memberEntity.query.byUser({ email }).go({ pages: 'all' });
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

