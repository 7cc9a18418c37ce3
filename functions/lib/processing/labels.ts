import { messages } from '../../../shared/messages';
import type { JobKind } from '../store/entities/job';

/** What a job is called on the status bar (operation_label). */
export type JobScope =
  | { kind: 'interval'; start_date: string; end_date: string }
  | { kind: 'email'; email: string }
  | { kind: 'campaign'; campaign_id: string }
  | { kind: 'thread'; thread_id: string; mailbox?: string }
  | { kind: 'monitor' }
  /** sheets only: every behind campaign's trackers, or (all) every campaign's ("Resync sheets") */
  | { kind: 'sheets'; all?: boolean };

export const operationLabel = (scope: JobScope): string => {
  switch (scope.kind) {
    case 'interval':
      return messages.processing.startedRange(scope.start_date, scope.end_date);
    case 'email':
      return messages.processing.startedEmail(scope.email);
    case 'campaign':
      return `Processing campaign ${scope.campaign_id}`;
    case 'thread':
      return `Processing thread ${scope.thread_id}`;
    case 'monitor':
      return 'Monitoring check';
    case 'sheets':
      return messages.processing.resync.label;
  }
};

/** The "Processing Started" text the start call answers with (spec section 8). */
export const startedMessage = (scope: JobScope): string =>
  // Only the campaign's and the resync's wording differ from their operation labels.
  scope.kind === 'campaign' ? messages.processing.startedCampaign(scope.campaign_id) : scope.kind === 'sheets' ? messages.processing.resync.started : operationLabel(scope);

/** The {operation} of the refusal "Cannot start {operation}: ...". */
export const OPERATION_NAMES: Record<JobKind, string> = {
  interval: 'date range processing',
  email: 'email processing',
  campaign: 'campaign processing',
  thread: 'thread processing',
  monitor: 'monitoring check',
  sheets: 'sheet sync',
};
