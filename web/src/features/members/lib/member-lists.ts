import type { AgencyMember } from '../api/list-members';

const sameEmail = (a: string | undefined | null, b: string | undefined | null) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Active members first with the current user on top; invitations ordered by expiry. */
export const splitMembers = (members: readonly AgencyMember[], currentUserEmail?: string) => {
  const active = members
    .filter((member) => member.status === 'active')
    .sort((a, b) => {
      if (sameEmail(a.email, currentUserEmail)) return -1;
      if (sameEmail(b.email, currentUserEmail)) return 1;
      return a.email.localeCompare(b.email);
    });
  const pending = members
    .filter((member) => member.status === 'invited')
    .sort((a, b) => (a.expires_at ?? '').localeCompare(b.expires_at ?? ''));
  return { active, pending };
};

export const isCurrentUser = (member: AgencyMember, currentUserEmail?: string) => sameEmail(member.email, currentUserEmail);

/** The invitation was sent by the current user (who may resend or cancel it, owner or not). */
export const sameInviter = (invite: AgencyMember, currentUserEmail?: string) => sameEmail(invite.invited_by, currentUserEmail);
