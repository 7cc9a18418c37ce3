export const agencyKeys = {
  all: ['agencies'] as const,
  mine: () => [...agencyKeys.all, 'mine'] as const,
  invitesMine: () => [...agencyKeys.all, 'invites', 'mine'] as const,
};
