/** Roles are stored lower-case and shown capitalised ("owner" → "Owner"). */
export const formatRole = (role: string | null | undefined): string => {
  if (!role) return '';
  return role.charAt(0).toUpperCase() + role.slice(1).toLowerCase();
};
