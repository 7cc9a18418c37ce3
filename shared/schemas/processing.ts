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

/** POST /api/v3/process/{thread,email,campaign,interval}: the job was started; the status bar follows it. */
export const startedResponse = z.object({ success: z.literal(true), task_id: z.string().min(1), message: z.string() });

const countJson = z.number().nonnegative();

/** The phases a job goes through (spec section 4; 'fetching' also covers the per-thread work), then how it ended. */
const PROCESSING_PHASES = ['starting', 'initializing', 'fetching', 'syncing_sheets', 'finalizing', 'cancelling', 'completed', 'failed', 'cancelled'] as const;
export type ProcessingPhase = (typeof PROCESSING_PHASES)[number];
/** A job's state: running, or how it ended. */
const PROCESSING_JOB_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
export type ProcessingJobStatus = (typeof PROCESSING_JOB_STATUSES)[number];

export const processingProgress = z.object({
  threads_total: countJson,
  threads_completed: countJson,
  total: countJson,
  completed: countJson,
  /** completed of total, 0–100 */
  percent: z.number().min(0).max(100),
});

/** What the open screens show, by kind: a change of one refetches the queries that read it. */
export const PULSE_TOPICS = ['conversations', 'contacts', 'campaigns'] as const;
export type PulseTopic = (typeof PULSE_TOPICS)[number];

/** The agency's change counters: each rises with every write of its kind (compare, never read as a count of anything). */
export const dataChanges = z.object({ conversations: z.number().int().nonnegative(), contacts: z.number().int().nonnegative(), campaigns: z.number().int().nonnegative() });
export type DataChanges = z.output<typeof dataChanges>;

/**
 * GET /api/v3/status: the running (or just ended) job, polled every second by the status bar,
 * which reads the parsed answer as it is. Idle: every job field null.
 */
export const processingStatusResponse = z.object({
  success: z.literal(true),
  is_processing: z.boolean(),
  /** the job's label; null only when idle */
  operation_label: z.string().nullable(),
  elapsed_seconds: z.number().nonnegative().nullable(),
  task_id: z.string().nullable(),
  phase: z.enum(PROCESSING_PHASES).nullable(),
  /** the working phases the job has entered so far, in the order jobs go through them (not in spec; absent from older servers) */
  phases_passed: z.array(z.enum(PROCESSING_PHASES)).optional(),
  progress: processingProgress.nullable(),
  /** the thread being worked on while the job runs (its subject may be empty) */
  current_thread: z.object({ subject: z.string(), thread_id: z.string() }).nullable(),
  /** messages analysed by the model in this job (not in spec; the result toast shows it) */
  messages_processed: z.number().nonnegative().optional(),
  /** set when the job just ended: succeeded, failed or cancelled (not in spec) */
  status: z.enum(PROCESSING_JOB_STATUSES).optional(),
  error: z.string().nullable().optional(),
  /** set when the job just ended: what went wrong without failing it, e.g. "The sheets could not be updated: ..." (not in spec) */
  warnings: z.array(z.string()).optional(),
  /** the agency's change counters, so an open screen refetches what a colleague or a job changed (not in spec) */
  changes: dataChanges.optional(),
});
export type ProcessingStatusResponse = z.output<typeof processingStatusResponse>;

/** No job running or just ended. */
export const IDLE_PROCESSING_STATUS: ProcessingStatusResponse = {
  success: true,
  is_processing: false,
  operation_label: null,
  elapsed_seconds: null,
  task_id: null,
  phase: null,
  progress: null,
  current_thread: null,
};

/** POST /api/v3/task/{task_id}/cancel */
export const taskCancelResponse = z.object({
  success: z.literal(true),
  task_id: z.string(),
  cancelled: z.boolean(),
  phase: z.string(),
  message: z.string(),
});

/** POST /api/v3/process/cancel: whatever runs for the agency (task_id null when nothing did). */
export const processCancelResponse = z.object({
  success: z.literal(true),
  cancelled: z.boolean(),
  phase: z.string().nullable(),
  message: z.string(),
  task_id: z.string().nullable(),
});

/** POST /api/v3/sheets/resync: a sheets-only job was started (the status bar follows it like any job). */
export const sheetsResyncResponse = z.object({
  success: z.literal(true),
  task_id: z.string().min(1),
  message: z.string(),
});

/** GET /api/v3/monitor/metrics: the monitor's last and next check. */
export const monitorMetricsResponse = z.object({
  success: z.literal(true),
  status: z.literal('success'),
  data: z.object({
    is_processing: z.boolean(),
    last_check: z.string().nullable(),
    next_check_at: z.string().nullable(),
    next_check_in_seconds: z.number().nullable(),
    threads_in_last_check: z.number(),
    messages_in_last_check: z.number(),
    tracked_conversations: z.number(),
  }),
});
export type MonitorMetricsResponse = z.output<typeof monitorMetricsResponse>;

/** GET /api/v3/metrics: the dashboard's stat cards (the spec shows no shape; these names are the web's). */
export const dashboardMetricsResponse = z.object({
  success: z.literal(true),
  totalCampaigns: z.number().int().nonnegative(),
  totalContacts: z.number().int().nonnegative(),
  trackingEnabled: z.number().int().nonnegative(),
  trackedConversations: z.number().int().nonnegative(),
});
export type DashboardMetricsResponse = z.output<typeof dashboardMetricsResponse>;
