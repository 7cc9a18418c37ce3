import type { ProcessingJobStatus, ProcessingStatusResponse } from '../../../../../shared/schemas/processing';

/** GET /api/v3/status as the shared schema parses it: the web reads it as it is. */
export type ProcessingStatus = ProcessingStatusResponse;

/** How an ended job went. */
export type JobOutcome = Exclude<ProcessingJobStatus, 'running'>;

/** What every POST /api/v3/process/* answers. */
export type StartedTask = { task_id: string | null; message?: string };
