import { recordAudit } from '../audit/record';
import { BadRequest, Forbidden, NotFound } from '../http/errors';
import type { AgencyScope } from '../session/resolve';
import { agencyEntity } from '../store/entities/agency';
import { inviteEntity } from '../store/entities/invite';
import { memberEntity } from '../store/entities/member';
import { revokeMemberDriveAccess } from './drive';
import { isConditionalFailure } from '../store/conditional-write';
import { getProfiles } from './users';

export const MEMBER_MESSAGES = {
  onlyOwnersRemove: 'Only owners can remove members',
  cannotRemoveSelf: 'You cannot remove yourself',
  lastOwner: 'An agency needs at least one owner',
  notMember: (email: string) => `${email} is not a member of this agency`,
  removed: 'Member removed',
} as const;

export type MemberView = {
  email: string;
  name: string | null;
  picture: string | null;
  role: 'owner' | 'member';
  status: 'active' | 'invited';
  invited_at: string | null;
  accepted_at: string | null;
  expires_at: string | null;
  invited_by: string | null;
  is_oauth_user: boolean;
};

export const listMembers = async (scope: AgencyScope): Promise<MemberView[]> => {
  const { data } = await memberEntity.query.byAgency({ agencyName: scope.agencyName }).go({ pages: 'all' });
  const profiles = await getProfiles(data.map((member) => member.email));
  const rank = (member: (typeof data)[number]) => (member.status === 'active' ? 0 : 1);
  return [...data]
    .sort((a, b) => rank(a) - rank(b) || a.email.localeCompare(b.email))
    .map((member) => {
      const profile = profiles.get(member.email);
      return {
        email: member.email,
        name: profile?.name ?? null,
        picture: profile?.picture ?? null,
        role: member.role,
        status: member.status,
        invited_at: member.invitedAt ?? null,
        accepted_at: member.status === 'active' ? (member.acceptedAt ?? null) : null,
        expires_at: member.status === 'invited' ? (member.expiresAt ?? null) : null,
        invited_by: member.invitedBy ?? null,
        is_oauth_user: Boolean(profile),
      };
    });
};

/**
 * Owners remove anyone but themselves. Removing an owner first takes one off the agency's
 * ownerCount with a condition (it must stay >= 1), so two owners removing each other at once
 * cannot leave the agency without one.
 */
export const removeMember = async (scope: AgencyScope, email: string): Promise<void> => {
  if (scope.role !== 'owner') throw new Forbidden(MEMBER_MESSAGES.onlyOwnersRemove);
  if (email === scope.email) throw new BadRequest(MEMBER_MESSAGES.cannotRemoveSelf);
  const { data: member } = await memberEntity.get({ agencyName: scope.agencyName, email }).go();
  if (!member) throw new NotFound(MEMBER_MESSAGES.notMember(email));

  const removingActiveOwner = member.status === 'active' && member.role === 'owner';
  if (removingActiveOwner) {
    try {
      await agencyEntity
        .patch({ name: scope.agencyName })
        .subtract({ ownerCount: 1 })
        .where((attr, op) => op.gt(attr.ownerCount, 1))
        .go({ response: 'none' });
    } catch (error) {
      if (isConditionalFailure(error)) throw new BadRequest(MEMBER_MESSAGES.lastOwner);
      throw error;
    }
  }
  try {
    await memberEntity
      .delete({ agencyName: scope.agencyName, email })
      .where((attr, op) => `${op.eq(attr.status, member.status)} AND ${op.eq(attr.role, member.role)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (removingActiveOwner) {
      await agencyEntity.patch({ name: scope.agencyName }).add({ ownerCount: 1 }).go({ response: 'none' }).catch(() => undefined);
    }
    if (isConditionalFailure(error)) throw new NotFound(MEMBER_MESSAGES.notMember(email));
    throw error;
  }
  if (member.inviteTokenHash) await inviteEntity.delete({ tokenHash: member.inviteTokenHash }).go({ response: 'none' }).catch(() => undefined);
  if (member.status === 'active') await revokeMemberDriveAccess(scope.agencyName, email);
  await recordAudit(scope, { kind: 'member.remove', target: email, changes: [{ field: 'role', before: `${member.role} (${member.status})`, after: null }] });
};
