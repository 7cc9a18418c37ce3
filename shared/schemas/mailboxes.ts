/**
 * Mailbox connections (`/api/v3/mailboxes`): a person connects their own Gmail to the current
 * agency, optionally limited to mail from/to some addresses and after a day. No Node imports:
 * the web client shares them.
 */
import * as z from 'zod';
import { emailSchema } from './identity';
import { isRealDay } from './processing';

export const MAILBOX_HEALTH_VALUES = ['connected', 'missing_access', 'revoked', 'history_reset'] as const;
export const MAX_MAILBOX_FROM_ADDRESSES = 20;
const DAY_MS = 24 * 3600 * 1000;


export const connectMailboxBody = z.object({
  from_addresses: z
    .array(emailSchema, { error: 'from_addresses must be a list of e-mail addresses' })
    .max(MAX_MAILBOX_FROM_ADDRESSES, { error: `At most ${MAX_MAILBOX_FROM_ADDRESSES} addresses` })
    .optional()
    .transform((list) => [...new Set((list ?? []).map((a) => a.toLowerCase()))].sort()),
  after: z
    .string()
    .trim()
    .refine((value) => value === '' || isRealDay(value), { error: 'after must be a date in the form yyyy-MM-dd' })
    // A day still to come would read nothing until then: almost always a typo (9999, 2062 for 2026).
    // A day of slack for the person's time zone.
    .refine((value) => value === '' || !isRealDay(value) || Date.parse(`${value}T00:00:00Z`) <= Date.now() + DAY_MS, {
      error: 'after must be today or a day before: mail after a day still to come cannot be read yet',
    })
    .nullish()
    .transform((value) => value || null),
});
export type ConnectMailboxBody = z.input<typeof connectMailboxBody>;

export const disconnectMailboxBody = z
  .object({ remove_data: z.boolean({ error: 'remove_data must be true or false' }).optional().default(false) })
  .optional()
  .transform((body) => body ?? { remove_data: false });

/**
 * Gmail push per mailbox: 'watching' (Gmail notifies new mail within seconds, until
 * watching_until) or 'polling' (the 2-minute check alone) with the reason.
 */
export const PUSH_FALLBACK_REASONS = ['not_configured', 'watch_failed', 'watch_expired', 'not_watched'] as const;
export const pushStatusJson = z.object({
  state: z.enum(['watching', 'polling']),
  watching_until: z.string().nullable(),
  last_notification_at: z.string().nullable(),
  fallback_reason: z.enum(PUSH_FALLBACK_REASONS).nullable(),
  detail: z.string().nullable(),
});
export type PushStatusJson = z.output<typeof pushStatusJson>;

export const mailboxJson = z.object({
  email: z.string(),
  owner_name: z.string(),
  is_you: z.boolean(),
  connected_at: z.string().nullable(),
  from_addresses: z.array(z.string()),
  after: z.string().nullable(),
  health: z.enum(MAILBOX_HEALTH_VALUES),
  health_detail: z.string().nullable(),
  last_check_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  push: pushStatusJson,
});
export type MailboxJson = z.output<typeof mailboxJson>;

/** GET /api/v3/mailboxes: every connected mailbox of the agency, and the caller's own state. */
export const mailboxesResponse = z.object({
  success: z.literal(true),
  mailboxes: z.array(mailboxJson),
  you: z.object({ email: z.string(), connected: z.boolean(), google_access: z.boolean() }),
  /** how often the agency's mailboxes are checked without push: its monitoring setting (not in spec) */
  check_interval_minutes: z.number().int().positive(),
});
export type MailboxesResponse = z.output<typeof mailboxesResponse>;

export const connectMailboxResponse = z.object({ success: z.literal(true), mailbox: mailboxJson });
export type ConnectMailboxResponse = z.output<typeof connectMailboxResponse>;

export const disconnectMailboxResponse = z.object({ success: z.literal(true), connected: z.literal(false), removed_threads: z.number().int() });
export type DisconnectMailboxResponse = z.output<typeof disconnectMailboxResponse>;
