/**
 * The audit log (issue 26): every change a person makes, as an append-only event — who, when,
 * what, before → after. Requests and answers of GET /api/v3/audit and its CSV export. No Node
 * imports: the web app parses its answers with these.
 *
 * An event never holds a secret, a token, an API key or a message body: the recorder
 * (functions/lib/audit/record.ts) refuses such fields, and an API key change records only that
 * the key was replaced and its last four characters.
 */
import * as z from 'zod';
import { normalizeEmailAddress, isEmailAddress } from '../email-address';

/** What a person did. One literal per kind of change; the screen and the CSV show these. */
export const AUDIT_KINDS = [
  'agency.create',
  'member.invite',
  'member.invite_resend',
  'member.invite_cancel',
  'member.join',
  'member.remove',
  'api_key.set',
  'campaign.create',
  'campaign.delete',
  'campaign.client_address',
  'contact.add',
  'contact.remove',
  'contact.tracking',
  'contacts.clear',
  'contacts.import',
  'drive.delete',
  'drive.recreate',
  'conversation.correct',
  'conversation.assign',
  'conversation.dismiss',
  'mailbox.connect',
  'mailbox.disconnect',
  'settings.change',
  'settings.reset',
  'settings.profile',
  'audit.retention',
  'audit.export',
  'talent.export',
  'talent.erase',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** A changed field's value as recorded: scalars and lists of strings (addresses, fee lines), nothing nested. */
export const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type AuditValue = z.infer<typeof auditValue>;

export const auditChange = z.object({ field: z.string(), before: auditValue, after: auditValue });
export type AuditChange = z.infer<typeof auditChange>;

export const auditEventJson = z.object({
  id: z.string(),
  /** ISO time of the change */
  at: z.string(),
  /** who made it: the signed-in person's e-mail */
  actor: z.string(),
  kind: z.enum(AUDIT_KINDS),
  campaign_id: z.string().nullable(),
  /** the talent the change is about, when it is about one */
  contact_email: z.string().nullable(),
  /** what else the change names: a member's or a mailbox's address, a settings section */
  target: z.string().nullable(),
  changes: z.array(auditChange),
});
export type AuditEventJson = z.infer<typeof auditEventJson>;

export const AUDIT_PAGE_SIZE = { default: 50, max: 100 } as const;

const optionalEmail = (name: string) =>
  z
    .string()
    .max(1_000)
    .transform(normalizeEmailAddress)
    .refine(isEmailAddress, { error: `${name} must be an e-mail address` })
    .optional();

/** The filters both the list and the CSV take; several filters narrow together. */
const auditFilters = {
  person: optionalEmail('person'),
  campaign_id: z.string().trim().min(1, { error: 'campaign_id must not be empty' }).max(64, { error: 'campaign_id is too long' }).optional(),
  contact_email: optionalEmail('contact_email'),
  kind: z.enum(AUDIT_KINDS, { error: `kind must be one of: ${AUDIT_KINDS.join(', ')}` }).optional(),
};

/** GET /api/v3/audit?person&campaign_id&contact_email&kind&cursor&limit (owners only), newest first. */
export const auditListQuery = z.object({
  ...auditFilters,
  cursor: z.string().max(500, { error: 'Invalid cursor' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: `limit must be between 1 and ${AUDIT_PAGE_SIZE.max}` })
    .max(AUDIT_PAGE_SIZE.max, { error: `limit must be between 1 and ${AUDIT_PAGE_SIZE.max}` })
    .default(AUDIT_PAGE_SIZE.default),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** GET /api/v3/audit/export?person&campaign_id&contact_email&kind (owners only): text/csv, newest first. */
export const auditExportQuery = z.object(auditFilters);
export type AuditFilters = z.infer<typeof auditExportQuery>;

export const auditListResponse = z.object({
  success: z.literal(true),
  events: z.array(auditEventJson),
  /** the next (older) page, or null on the last page */
  next_cursor: z.string().nullable(),
});

/** The CSV export's header row, one event per row; `Changes` reads "field: before → after; ...". */
export const AUDIT_CSV_COLUMNS = ['When', 'Person', 'Kind', 'Campaign', 'Talent', 'Target', 'Changes'] as const;

/** The most rows one export holds (newest first); a bigger log is exported by filter. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
