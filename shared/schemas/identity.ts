/**
 * Request schemas of sign-in, agencies, members, invitations and API keys, with the spec's
 * messages. The handlers parse with them; the web client may import them (no Node imports).
 */
import * as z from 'zod';
import { API_KEY_MIN_LENGTH, API_KEY_PATTERN, API_KEY_SERVICE, normalizeRole } from '../constants';

export const IDENTITY_MESSAGES = {
  agencyNameRequired: 'Please provide a name to continue.',
  agencyNameTooLong: 'Agency name must be 64 characters or fewer',
  agencyNameNoSlug: 'Agency name must contain at least one letter or number',
  agencyNameRequiredForSwitch: 'Please choose an agency',
  invalidEmail: 'Please enter a valid email address',
  acceptNeedsTokenOrAgency: 'Provide an invite_token or an agency_name',
  apiKey: {
    required: 'API key is required',
    mustStartWithSk: 'API key must start with "sk-"',
    incomplete: 'API key appears incomplete',
    invalidFormat: 'Invalid API key format',
    noSpaces: 'API key cannot contain spaces',
    serverDefault: 'Invalid API key',
  },
  unsupportedService: 'Unsupported service: only "openai" is supported',
} as const;

export const AGENCY_NAME_MAX = 64;
export const EMAIL_MAX = 254;

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

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** Trimmed, lower-cased e-mail that contains "@" (spec section 5 "Invite"). */
export const emailSchema = z
  .string({ error: IDENTITY_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: IDENTITY_MESSAGES.invalidEmail })
  .regex(EMAIL_SHAPE, { error: IDENTITY_MESSAGES.invalidEmail });

/** member (default) or owner; any other value becomes member. */
export const roleSchema = z.unknown().transform((value) => normalizeRole(value));

export const createAgencyBody = z.object({
  name: z
    .string({ error: IDENTITY_MESSAGES.agencyNameRequired })
    .trim()
    .min(1, { error: IDENTITY_MESSAGES.agencyNameRequired })
    .max(AGENCY_NAME_MAX, { error: IDENTITY_MESSAGES.agencyNameTooLong })
    .refine((name) => agencySlug(name).length > 0, { error: IDENTITY_MESSAGES.agencyNameNoSlug }),
});
export type CreateAgencyBody = z.infer<typeof createAgencyBody>;

const agencyNameField = z
  .string({ error: IDENTITY_MESSAGES.agencyNameRequiredForSwitch })
  .trim()
  .min(1, { error: IDENTITY_MESSAGES.agencyNameRequiredForSwitch })
  .max(AGENCY_NAME_MAX * 2, { error: IDENTITY_MESSAGES.agencyNameRequiredForSwitch });

export const switchAgencyBody = z.object({ agency_name: agencyNameField });
export type SwitchAgencyBody = z.infer<typeof switchAgencyBody>;

export const inviteBody = z.object({ email: emailSchema, role: roleSchema });
export type InviteBody = z.infer<typeof inviteBody>;

export const inviteEmailBody = z.object({ email: emailSchema });
export type InviteEmailBody = z.infer<typeof inviteEmailBody>;

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
export type AcceptInviteBody = z.infer<typeof acceptInviteBody>;

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

export const apiKeyBody = z.object({
  service: z.literal(API_KEY_SERVICE, { error: IDENTITY_MESSAGES.unsupportedService }),
  // shape rules are applied by the handler (validate answers valid:false, set answers 400)
  api_key: z.string({ error: IDENTITY_MESSAGES.apiKey.required }).max(1000, { error: IDENTITY_MESSAGES.apiKey.invalidFormat }).transform((key) => key.trim()),
});
export type ApiKeyBody = z.infer<typeof apiKeyBody>;

/** `redirect` after sign-in: a same-origin path only ("/x", never "//host" or "/\\host"). */
export const safeRedirectPath = (value: string | undefined | null): string => {
  if (!value || value.length > 512) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\r\n\t]/.test(value)) return '/';
  return value;
};

export const loginQuery = z.object({
  invite: z.string().trim().regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'Invalid invite token' }).optional(),
  redirect: z.string().optional(),
  login_hint: z.string().trim().max(EMAIL_MAX).optional(),
});
export type LoginQuery = z.infer<typeof loginQuery>;
