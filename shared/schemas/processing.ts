/**
 * Request and response shapes of processing (spec sections 3 and 7): the four process calls,
 * cancel, status and the monitor metrics. No Node imports: the web client shares them.
 */
import * as z from 'zod';
import { isEmailAddress, normalizeEmailAddress } from '../email-address';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written yyyy-MM-dd (2026-02-30 is not one). */
export const isRealDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const day = (field: string) =>
  z
    .string({ error: `${field} is required (yyyy-MM-dd)` })
    .trim()
    .refine(isRealDay, { error: `${field} must be a date in the form yyyy-MM-dd` });

export const intervalBody = z
  .object({ start_date: day('start_date'), end_date: day('end_date') })
  .refine((body) => body.start_date <= body.end_date, { error: 'end_date must be on or after start_date', path: ['end_date'] });
export type IntervalBody = z.infer<typeof intervalBody>;

export const emailBody = z.object({
  email: z
    .string({ error: 'email is required' })
    .max(1_000, { error: 'Please enter a valid email address' })
    .transform(normalizeEmailAddress)
    .refine(isEmailAddress, { error: 'Please enter a valid email address' }),
});
export type EmailBody = z.infer<typeof emailBody>;

export const campaignBody = z.object({
  campaign_id: z.string({ error: 'campaign_id is required' }).trim().min(1, { error: 'campaign_id is required' }).max(64),
});
export type CampaignBody = z.infer<typeof campaignBody>;

export const threadBody = z.object({
  thread_id: z
    .string({ error: 'thread_id is required' })
    .trim()
    .regex(/^[0-9a-fA-F]{1,24}$/, { error: 'thread_id must be a Gmail thread id' }),
  mailbox: z
    .string()
    .max(1_000, { error: 'mailbox must be an e-mail address' })
    .transform(normalizeEmailAddress)
    .refine(isEmailAddress, { error: 'mailbox must be an e-mail address' })
    .optional(),
});
export type ThreadBody = z.infer<typeof threadBody>;

export const taskIdParams = z.object({
  task_id: z.string().trim().regex(/^[A-Za-z0-9-]{8,80}$/, { error: 'Unknown task' }),
});

export type StartedResponse = { success: true; task_id: string; message: string };

export type ProcessingProgress = {
  threads_total: number;
  threads_completed: number;
  total: number;
  completed: number;
  percent: number;
};

export type ProcessingStatusResponse = {
  success: true;
  is_processing: boolean;
  operation_label: string | null;
  elapsed_seconds: number | null;
  task_id: string | null;
  phase: string | null;
  progress: ProcessingProgress | null;
  current_thread: { subject: string; thread_id: string } | null;
  /** messages analysed by the model in this job (not in spec; the result toast shows it) */
  messages_processed?: number;
  /** set when the job just ended: succeeded, failed or cancelled (not in spec) */
  status?: string;
  error?: string | null;
  /** set when the job just ended: what went wrong without failing it, e.g. "The sheets could not be updated: ..." (not in spec) */
  warnings?: string[];
};

const wireCount = z.number().nullish();

/**
 * GET /api/v3/status as the web reads it: lenient (both progress readings, nulls), so the status
 * bar keeps working with an older or newer server; the web normalises what it parsed.
 */
export const processingStatusWire = z.object({
  is_processing: z.boolean().nullish(),
  operation_label: z.string().nullish(),
  elapsed_seconds: wireCount,
  task_id: z.string().nullish(),
  phase: z.string().nullish(),
  progress: z
    .object({ threads_total: wireCount, threads_completed: wireCount, total: wireCount, completed: wireCount, percent: wireCount })
    .partial()
    .nullish(),
  current_thread: z.object({ subject: z.string().nullish(), thread_id: z.string().nullish() }).nullish(),
  status: z.string().nullish(),
  error: z.string().nullish(),
  warnings: z.array(z.string()).nullish(),
  messages_processed: wireCount,
});
export type ProcessingStatusWire = z.output<typeof processingStatusWire>;

/** POST /api/v3/sheets/resync: a sheets-only job was started (the status bar follows it like any job). */
export const sheetsResyncResponse = z.object({
  success: z.literal(true),
  task_id: z.string().min(1),
  message: z.string(),
});
export type SheetsResyncResponse = z.output<typeof sheetsResyncResponse>;

export type MonitorMetricsResponse = {
  success: true;
  status: 'success';
  data: {
    is_processing: boolean;
    last_check: string | null;
    next_check_at: string | null;
    next_check_in_seconds: number | null;
    threads_in_last_check: number;
    messages_in_last_check: number;
    tracked_conversations: number;
  };
};

export type DashboardMetricsResponse = {
  success: true;
  totalCampaigns: number;
  totalContacts: number;
  trackingEnabled: number;
  trackedConversations: number;
};
