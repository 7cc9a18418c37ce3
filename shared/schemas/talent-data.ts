/**
 * A talent's data on request (issue 26, point 2): everything the agency holds about one talent,
 * as JSON (owners only), and the erasure of it. Requests and answers of
 * GET /api/v3/talents/{email}/export and POST /api/v3/talents/erase. No Node imports: the web
 * app parses its answers with these.
 */
import * as z from 'zod';
import { auditEventJson } from './audit';
import { contactEmailSchema, contactJson } from './campaigns';
import { conversationJson, conversationMessageJson } from './conversations';

/** The talent a request is about, by address (normalised: the same address the contacts are stored under). */
export const talentEmailParams = z.object({ email: contactEmailSchema });
export const eraseTalentBody = z.object({ email: contactEmailSchema });

/** One conversation thread the talent's conversations are built from: its summary, subject and dates. */
export const talentThreadJson = z.object({
  thread_key: z.string(),
  subject: z.string(),
  summary: z.string(),
  first_message_at: z.string().nullable(),
  last_message_at: z.string().nullable(),
  message_count: z.number().int().nonnegative(),
  /** the key dates the thread's messages name (date, kind, the message's words) */
  dates: z.array(z.object({ date: z.string(), kind: z.string(), quote: z.string() })),
});
export type TalentThreadJson = z.infer<typeof talentThreadJson>;

export const talentExportResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  exported_at: z.string(),
  /** the talent as a contact, one entry per campaign */
  contacts: z.array(contactJson),
  /** each campaign's conversation (status, facts: dates and fees) with its messages' summaries */
  conversations: z.array(z.object({ conversation: conversationJson, messages: z.array(conversationMessageJson) })),
  threads: z.array(talentThreadJson),
  /** the activity log's entries about the talent, newest first */
  audit: z.array(auditEventJson),
});
export type TalentExportResponse = z.infer<typeof talentExportResponse>;

/** How much of each kind an erasure removed (counts only: the answer names the address the caller sent, nothing more). */
export const talentEraseResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  removed: z.object({
    contacts: z.number().int().nonnegative(),
    conversations: z.number().int().nonnegative(),
    threads: z.number().int().nonnegative(),
    messages: z.number().int().nonnegative(),
    sheet_rows: z.number().int().nonnegative(),
    audit_entries: z.number().int().nonnegative(),
  }),
});
export type TalentEraseResponse = z.infer<typeof talentEraseResponse>;
