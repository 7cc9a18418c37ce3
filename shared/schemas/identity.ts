/**
 * Request schemas of sign-in, agencies, members, invitations and API keys, with the spec's
 * messages. The handlers parse with them; the web client may import them (no Node imports).
 */
import * as z from 'zod';
import { API_KEY_MIN_LENGTH, API_KEY_PATTERN, API_KEY_SERVICE, normalizeRole, ROLES } from '../constants';
import { EMAIL_MAX, normalizeEmailAddress } from '../email-address';
import { messages } from '../messages';

/** The server's messages of these rules; those the screens show too are the catalogue's own (shared/messages.ts). */
export const IDENTITY_MESSAGES = {
  agencyNameRequired: messages.agencySetup.nameRequired,
  agencyNameTooLong: 'Agency name must be 64 characters or fewer',
  agencyNameNoSlug: 'Agency name must contain at least one letter or number',
  agencyNameNoLinks: 'Agency name cannot contain a web address or domain name',
  agencyNameNoControl: 'Agency name cannot contain <, > or control characters',
  agencyNameRequiredForSwitch: 'Please choose an agency',
  invalidEmail: messages.members.invalidEmail,
  acceptNeedsTokenOrAgency: 'Provide an invite_token or an agency_name',
  /** the API-key screen's rules (spec section 5): one set, the catalogue's */
  apiKey: messages.apiKey.validation,
  unsupportedService: 'Unsupported service: only "openai" is supported',
} as const;

export const AGENCY_NAME_MAX = 64;
export { EMAIL_MAX };

/**
 * The agency id derived from the typed name: lower-case, runs of anything but [a-z0-9] become one
 * dash, no leading or trailing dash. Accents are folded first ("Café" → "cafe").
 */
export const agencySlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

// One "@" between text without spaces, controls or the characters that separate addresses in a
// header or group them in a search.
// eslint-disable-next-line no-control-regex
const EMAIL_SHAPE = /^[^\s@<>()[\]\\,;:"{}\u0000-\u001f\u007f]+@[^\s@<>()[\]\\,;:"{}\u0000-\u001f\u007f]+$/;

/**
 * Normalised e-mail (shared/email-address.ts: NFKC, zero-width removed, trimmed, lower-cased)
 * that contains "@" (spec section 5 "Invite").
 */
export const emailSchema = z
  .string({ error: IDENTITY_MESSAGES.invalidEmail })
  .max(EMAIL_MAX * 4, { error: IDENTITY_MESSAGES.invalidEmail })
  .transform(normalizeEmailAddress)
  .refine((email) => email.length <= EMAIL_MAX && EMAIL_SHAPE.test(email), { error: IDENTITY_MESSAGES.invalidEmail });

// Invitation e-mails carry the agency's name: mail clients turn "x.com" or "www.x" into links and
// markup or line breaks into something else, so the name may hold none of them.
/** Control, invisible formatting (bidi overrides, zero-width) and line/paragraph separators. */
const CONTROL_TEXT = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/u;
/** "://", "www." or a word-dot-word that reads as a domain ("evil.com"), after NFKC ("ｅｖｉｌ．ｃｏｍ"). */
const LINK_TEXT = /:\/\/|\bwww\.|[\p{L}\p{N}_-][.\u3002\uFF61][\p{L}]{2,}/iu;

/** Why a name may not be shown in an e-mail, or undefined when it may (also used when rendering). */
export const agencyNameProblem = (name: string): string | undefined => {
  if (CONTROL_TEXT.test(name)) return IDENTITY_MESSAGES.agencyNameNoControl;
  if (LINK_TEXT.test(name.normalize('NFKC'))) return IDENTITY_MESSAGES.agencyNameNoLinks;
  return undefined;
};

/** member (default) or owner; any other value becomes member. */
export const roleSchema = z.unknown().transform((value) => normalizeRole(value));

export const createAgencyBody = z.object({
  name: z
    .string({ error: IDENTITY_MESSAGES.agencyNameRequired })
    .trim()
    .min(1, { error: IDENTITY_MESSAGES.agencyNameRequired })
    .max(AGENCY_NAME_MAX, { error: IDENTITY_MESSAGES.agencyNameTooLong })
    .refine((name) => agencySlug(name).length > 0, { error: IDENTITY_MESSAGES.agencyNameNoSlug })
    .check((ctx) => {
      const problem = agencyNameProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    }),
  /** the creator connects their own Gmail to the new agency (asked at creation, checked by default) */
  connect_mailbox: z.boolean({ error: 'connect_mailbox must be true or false' }).optional().default(true),
});
export type CreateAgencyBody = z.input<typeof createAgencyBody>;

/** POST /api/v3/agency: the new agency, whether its Drive is ready and whether the creator's mailbox is connected. */
export const createAgencyResponse = z.object({
  success: z.literal(true),
  agency: z.object({ name: z.string(), display_name: z.string() }),
  drive_ready: z.boolean(),
  mailbox_connected: z.boolean(),
});
export type CreateAgencyResponse = z.output<typeof createAgencyResponse>;

const agencyNameField = z
  .string({ error: IDENTITY_MESSAGES.agencyNameRequiredForSwitch })
  .trim()
  .min(1, { error: IDENTITY_MESSAGES.agencyNameRequiredForSwitch })
  .max(AGENCY_NAME_MAX * 2, { error: IDENTITY_MESSAGES.agencyNameRequiredForSwitch });

export const switchAgencyBody = z.object({ agency_name: agencyNameField });

export const inviteBody = z.object({ email: emailSchema, role: roleSchema });

export const inviteEmailBody = z.object({ email: emailSchema });

/** Invite tokens are 256-bit base64url strings. */
export const inviteTokenSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'This invitation is invalid or has already been used' });

export const acceptInviteBody = z
  .object({
    invite_token: inviteTokenSchema.optional(),
    agency_name: agencyNameField.optional(),
  })
  .refine((body) => Boolean(body.invite_token) !== Boolean(body.agency_name), {
    error: IDENTITY_MESSAGES.acceptNeedsTokenOrAgency,
  });

export const memberEmailParams = z.object({ email: emailSchema });

/**
 * The key's shape problem, or undefined when the shape is right (spec section 5). Checked in the
 * spec's order, with spaces reported before the format rule they would also break.
 */
export const apiKeyProblem = (raw: string | undefined | null): string | undefined => {
  const key = (raw ?? '').trim();
  const m = IDENTITY_MESSAGES.apiKey;
  if (!key) return m.required;
  if (!key.startsWith('sk-')) return m.mustStartWithSk;
  if (/\s/.test(key)) return m.noSpaces;
  if (key.length < API_KEY_MIN_LENGTH) return m.incomplete;
  if (!API_KEY_PATTERN.test(key)) return m.invalidFormat;
  return undefined;
};

/** The key as the API-key screen's field holds it: trimmed, its one issue the first rule it breaks (apiKeyProblem). */
export const apiKeyField = z
  .string({ error: IDENTITY_MESSAGES.apiKey.required })
  .trim()
  .check((ctx) => {
    const problem = apiKeyProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

export const apiKeyBody = z.object({
  service: z.literal(API_KEY_SERVICE, { error: IDENTITY_MESSAGES.unsupportedService }),
  // shape rules are applied by the handler (validate answers valid:false, set answers 400)
  api_key: z.string({ error: IDENTITY_MESSAGES.apiKey.required }).max(1000, { error: IDENTITY_MESSAGES.apiKey.invalidFormat }).transform((key) => key.trim()),
});

/** `redirect` after sign-in: the one shared rule (shared/safe-redirect.ts), also used by the web app. */
export { safeRedirectPath } from '../safe-redirect';

// ---------------------------------------------------------------- responses
// What the handlers answer (typed by these) and the web parses (with these).

const roleJson = z.enum(ROLES);
const okMessage = { success: z.literal(true), message: z.string() };

/** POST invitations, resend, cancel, DELETE a member, POST api-keys/set: a confirmation to show. */
export const messageResponse = z.object(okMessage);

/** GET /auth/status (public): who is signed in and in which agency; everything null when nobody is. */
export const authStatusResponse = z.object({
  authenticated: z.boolean(),
  user: z.object({ email: z.string(), name: z.string().nullable(), picture: z.string().nullable() }).nullable(),
  /** the agency's slug (its id in URLs and calls) */
  agency_name: z.string().nullable(),
  /** the agency's name as its people typed it (absent when signed out) */
  agency_display_name: z.string().nullable().optional(),
  membership_role: roleJson.nullable(),
  pending_agency: z.boolean(),
  has_pending_tokens: z.boolean(),
});
export type AuthStatusResponse = z.output<typeof authStatusResponse>;

/** POST /auth/logout */
export const logoutResponse = z.object({ success: z.literal(true) });

export const agencyListItemJson = z.object({ name: z.string(), display_name: z.string(), role: roleJson, joined_at: z.string().nullable() });
export type AgencyListItemJson = z.output<typeof agencyListItemJson>;

/** GET /api/v3/agency/list-mine: the caller's active memberships, by display name. */
export const myAgenciesResponse = z.object({ success: z.literal(true), agencies: z.array(agencyListItemJson) });

export const myInviteJson = z.object({
  agency_name: z.string(),
  agency_display_name: z.string(),
  invited_by: z.string().nullable(),
  role: roleJson,
  expires_at: z.string().nullable(),
});
export type MyInviteJson = z.output<typeof myInviteJson>;

/** GET /api/v3/agency/invitations/mine: the caller's pending, unexpired invitations. */
export const myInvitesResponse = z.object({ success: z.literal(true), invites: z.array(myInviteJson) });

/** POST /api/v3/agency/switch */
export const switchAgencyResponse = z.object({ success: z.literal(true), agency_name: z.string() });

/** POST /api/v3/agency/invitations/accept */
export const acceptInviteResponse = z.object({ ...okMessage, agency_name: z.string() });
export type AcceptInviteResponse = z.output<typeof acceptInviteResponse>;

export const memberJson = z.object({
  email: z.string(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  role: roleJson,
  status: z.enum(['active', 'invited']),
  invited_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  invited_by: z.string().nullable(),
  /** the person has signed in at least once (has a profile) */
  is_oauth_user: z.boolean(),
});
export type MemberJson = z.output<typeof memberJson>;

/** GET /api/v3/agency/members: active members first, then pending invitations, and who is asking. */
export const membersResponse = z.object({
  success: z.literal(true),
  members: z.array(memberJson),
  current_user_email: z.string(),
  current_user_role: roleJson,
});
export type MembersResponse = z.output<typeof membersResponse>;

/** POST /api/v3/api-keys/validate: a bad key is still a 200 with valid false and the reason. */
export const apiKeyValidateResponse = z.object({ ...okMessage, valid: z.boolean() });
export type ApiKeyValidateResponse = z.output<typeof apiKeyValidateResponse>;

/** GET /api/v3/api-keys/status */
export const apiKeyStatusResponse = z.object({ success: z.literal(true), openai: z.boolean() });
export type ApiKeyStatusResponse = z.output<typeof apiKeyStatusResponse>;
