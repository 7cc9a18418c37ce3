import * as z from 'zod';
import { messages } from '../../../shared/messages';
import type { JobItem, JobKind } from '../store/entities/job';

/** What a job was asked to process, by kind. */
const jobScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('interval'), start_date: z.string(), end_date: z.string() }),
  z.object({ kind: z.literal('email'), email: z.string() }),
  z.object({ kind: z.literal('campaign'), campaign_id: z.string() }),
  z.object({ kind: z.literal('thread'), thread_id: z.string(), mailbox: z.string().optional() }),
  z.object({ kind: z.literal('monitor') }),
  /** sheets only: every behind campaign's trackers, or (all) every campaign's ("Resync sheets") */
  z.object({ kind: z.literal('sheets'), all: z.boolean().optional() }),
]);
export type JobScope = z.output<typeof jobScope>;

/**
 * A stored job's scope as the member its kind names. The job item stores it as one map with every
 * member's fields optional (store/entities/job.ts); this checks the kind's own fields are there.
 */
export const jobScopeOf = (job: Pick<JobItem, 'scope'>): JobScope => jobScope.parse(job.scope);

/** What a job is called on the status bar (operation_label); a campaign job by the name people know it by, when given. */
export const operationLabel = (scope: JobScope, campaignName = ''): string => {
  switch (scope.kind) {
    case 'interval':
      return messages.processing.startedRange(scope.start_date, scope.end_date);
    case 'email':
      return messages.processing.startedEmail(scope.email);
    case 'campaign':
      return `Processing campaign ${campaignName.trim() || scope.campaign_id}`;
    case 'thread':
      return `Processing thread ${scope.thread_id}`;
    case 'monitor':
      return 'Monitoring check';
    case 'sheets':
      return messages.processing.resync.label;
  }
};

/** The "Processing Started" text the start call answers with (spec section 8). */
export const startedMessage = (scope: JobScope, campaignName = ''): string =>
  // Only the campaign's and the resync's wording differ from their operation labels.
  scope.kind === 'campaign'
    ? messages.processing.startedCampaign(scope.campaign_id, campaignName)
    : scope.kind === 'sheets'
      ? messages.processing.resync.started
      : operationLabel(scope);

/** The {operation} of the refusal "Cannot start {operation}: ...". */
export const OPERATION_NAMES: Record<JobKind, string> = {
  interval: 'date range processing',
  email: 'email processing',
  campaign: 'campaign processing',
  thread: 'thread processing',
  monitor: 'monitoring check',
  sheets: 'sheet sync',
};
