import { agencyNameProblem, emailSchema } from '../../../../../shared/schemas/identity';
import { normalizeRole, type Role } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';

export type InviteRow = { email: string; role: string };
export type Invitation = { email: string; role: Role };

const text = messages.agencySetup;

/**
 * "<local-part>-agency", or "agency" when the e-mail has no local part. A dotted local part
 * ("jane.doe") reads as a domain, which the server refuses in a name (agencyNameProblem): its dots
 * become hyphens, so the pre-filled name is one the server takes.
 */
export const defaultAgencyName = (email: string | null | undefined): string => {
  const local = (email ?? '').split('@')[0]?.trim() ?? '';
  if (!local) return text.nameFallback;
  const name = `${local}${text.nameSuffix}`;
  return agencyNameProblem(name) ? `${local.replace(/\./g, '-')}${text.nameSuffix}` : name;
};

/** Rows that are not an e-mail address (the server's rule) are skipped silently; unknown roles become member. */
export const invitationsFromRows = (rows: readonly InviteRow[]): Invitation[] =>
  rows.flatMap((row) => {
    const email = emailSchema.safeParse(row.email);
    return email.success ? [{ email: email.data, role: normalizeRole(row.role) }] : [];
  });

export type Toast = { type: 'success' | 'error'; title: string; message: string };

/** The success toast after creating an agency, by how many invitations went out. */
export const agencyCreatedToast = (sent: number, total: number): Toast => {
  if (total === 0) return { type: 'success', title: text.createdTitle, message: text.createdNoInvites };
  if (sent === total) return { type: 'success', title: text.createdTitle, message: text.createdAllInvited(sent) };
  return { type: 'success', title: text.createdTitle, message: text.createdPartial(sent, total) };
};

export const agencyNameRequiredToast: Toast = { type: 'error', title: text.nameRequiredTitle, message: text.nameRequired };
export const agencySetupFailedToast: Toast = { type: 'error', title: text.failedTitle, message: text.failed };
