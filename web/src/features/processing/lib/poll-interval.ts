import { TIMING } from '../../../../../shared/constants';
import type { ProcessingStatus } from '../api/processing-types';

/**
 * How long this tab keeps polling every second after it started a job itself, whatever the
 * status says meanwhile (a start the status does not show yet must not wait 30 s); not in spec.
 */
export const STARTED_HERE_FAST_POLL_MS = 5_000;

// Per tab, like the stored task id: module state lives as long as the page.
let fastUntil = 0;

/** Called by the guard once a start went through: poll every second for the next few seconds. */
export const noteJobStarted = (now: number = Date.now()): void => {
  fastUntil = now + STARTED_HERE_FAST_POLL_MS;
};

/** Forgets this tab's last start (tests). */
export const resetJobStarts = (): void => {
  fastUntil = 0;
};

/**
 * Milliseconds until the next GET /api/v3/status: every second (spec: processing status polled
 * every 1 s) while a job runs or has just ended (the server still names its task), or for a few
 * seconds after this tab started one; otherwise every 10 s, as the idle answer carries the agency's
 * change counters that keep open screens live (a hidden tab does not poll: react-query pauses
 * intervals in the background, and focus asks at once).
 */
export const statusPollInterval = (status: ProcessingStatus | undefined, now: number = Date.now(), until: number = fastUntil): number => {
  if (status?.is_processing || status?.task_id) return TIMING.processingStatusPollMs;
  if (now < until) return TIMING.processingStatusPollMs;
  return TIMING.changesPollMs;
};
