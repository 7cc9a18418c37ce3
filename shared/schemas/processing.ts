/**
 * Request and response shapes of processing (spec sections 3 and 7): the four process calls,
 * cancel, status and the monitor metrics. No Node imports: the web client shares them.
 */
import * as z from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

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
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address' })),
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
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'mailbox must be an e-mail address' }))
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
};

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
