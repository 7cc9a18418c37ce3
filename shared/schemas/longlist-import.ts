/**
 * The longlist import as a resumable background job: POST /api/campaigns/import-longlist starts
 * it (a small sheet is imported before the answer, a long one goes on in the background), and
 * GET /api/campaigns/import-longlist/{import_id} reports its progress and result. Both answer the
 * same bounded shape: counts for every row, notes (row, reason) for at most IMPORT_NOTES_MAX
 * skipped and IMPORT_NOTES_MAX duplicate rows. No Node imports: the web client parses it.
 */
import * as z from 'zod';

/** Notes kept (and answered) per kind; the counts go on past them. */
export const IMPORT_NOTES_MAX = 100;

export const importIdParams = z.object({
  import_id: z.string().trim().regex(/^[A-Za-z0-9-]{8,80}$/, { error: 'Unknown import' }),
});

const count = z.number().int().nonnegative().default(0);
const note = z.object({ row: z.number().int(), reason: z.string() });

export const longlistImportResponse = z.object({
  success: z.literal(true).optional(),
  import_id: z.string(),
  /** running until every row is in; then succeeded, or failed with `error` */
  status: z.enum(['running', 'succeeded', 'failed']),
  campaign_id: z.string().optional(),
  tab: z.string().optional(),
  /** rows to import (valid and not repeated in the sheet) and how many of them are done */
  total_rows: count,
  processed_rows: count,
  /** 0–100 */
  percent: count,
  imported: count,
  skipped: count,
  duplicates: count,
  /** false when the influencer list could not be written (the contacts are stored either way) */
  sheet_updated: z.boolean().optional(),
  message: z.string().optional(),
  error: z.string().nullable().optional(),
  details: z
    .object({
      skipped: z.array(note).default([]),
      duplicates: z.array(note.extend({ email: z.string() })).default([]),
    })
    .prefault({}),
});
export type LonglistImportResponse = z.output<typeof longlistImportResponse>;
