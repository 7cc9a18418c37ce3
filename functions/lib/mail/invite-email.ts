import { PRODUCT_NAME } from '../../../shared/messages';
import { agencyNameProblem, agencySlug } from '../../../shared/schemas/identity';
import { mailer, type MailMessage } from './mailer';

export type InviteEmail = {
  to: string;
  token: string;
  /** the agency's id ([a-z0-9-] only), named instead of a display name unfit for e-mail (default: derived from it) */
  agencySlug?: string;
  agencyDisplayName: string;
  invitedBy: string;
  inviterName?: string;
  role: 'owner' | 'member';
  expiresAt: string;
};

export const inviteLink = (token: string): string => {
  const base = (process.env.APP_URL ?? '').replace(/\/+$/, '');
  return `${base}/invite?token=${encodeURIComponent(token)}`;
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Defence in depth: a name stored before the rule (or a Google profile name, which its owner
 * chooses) that carries a link, markup or control text never reaches the e-mail.
 */
const mailSafe = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed && !agencyNameProblem(trimmed) ? trimmed : undefined;
};

export const buildInviteEmail = (raw: InviteEmail): MailMessage => {
  const agencyDisplayName = mailSafe(raw.agencyDisplayName) ?? raw.agencySlug ?? agencySlug(raw.agencyDisplayName);
  const invite = { ...raw, agencyDisplayName, inviterName: mailSafe(raw.inviterName) };
  const link = inviteLink(invite.token);
  const who = invite.inviterName ? `${invite.inviterName} (${invite.invitedBy})` : invite.invitedBy;
  const expires = new Date(invite.expiresAt).toUTCString();
  const role = invite.role === 'owner' ? 'an owner' : 'a member';
  const subject = `${invite.inviterName ?? invite.invitedBy} invited you to ${invite.agencyDisplayName} on ${PRODUCT_NAME}`;
  const text = [
    `${who} invited you to join ${invite.agencyDisplayName} on ${PRODUCT_NAME} as ${role}.`,
    '',
    `Accept the invitation: ${link}`,
    '',
    `Sign in with the Google account of ${invite.to}. The link can be used once and expires on ${expires}.`,
    `After accepting you get full access to the agency's ${PRODUCT_NAME} Drive folder.`,
  ].join('\n');
  const html = `<p>${escapeHtml(who)} invited you to join <strong>${escapeHtml(invite.agencyDisplayName)}</strong> on ${PRODUCT_NAME} as ${role}.</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p>Sign in with the Google account of ${escapeHtml(invite.to)}. The link can be used once and expires on ${escapeHtml(expires)}.</p>`;
  return { to: invite.to, subject, text, html, link };
};

export const sendInviteEmail = async (invite: InviteEmail) => mailer().send(buildInviteEmail(invite));
