import { useEffect, useState } from 'react';
import { JUST_ENDED_MS } from '../../../../../shared/constants';
import type { ProcessingStatus } from '../api/processing-types';
import { clearActiveTask, readActiveTask } from './active-task';
import type { ElapsedClock } from './status-view';


export type ShownStatus = {
  status: ProcessingStatus;
  clock: ElapsedClock;
  ended: boolean;
  /** Kept up by the client after the server went idle. */
  lingering: boolean;
};

const clockFor = (status: ProcessingStatus, receivedAt: number, previous: ShownStatus | null): ElapsedClock => {
  const sameJob = previous !== null && previous.status.task_id === status.task_id;
  return { serverSeconds: status.elapsed_seconds, receivedAt, firstSeenAt: sameJob ? previous.clock.firstSeenAt : receivedAt };
};

/** The snapshot the bar shows: the running job, the job that just ended, or nothing. */
export const useShownStatus = (status: ProcessingStatus | undefined, receivedAt: number): ShownStatus | null => {
  const [shown, setShown] = useState<ShownStatus | null>(null);

  useEffect(() => {
    if (!status) return;
    if (status.is_processing || status.task_id) {
      setShown((previous) => ({
        status,
        ended: !status.is_processing,
        lingering: false,
        clock: clockFor(status, receivedAt, previous),
      }));
      return;
    }
    // Idle. A job seen running lingers (frozen) for a moment; one the server already showed
    // as ended has had its moment. Idle polls return the same object, so this settles once.
    setShown((previous) => {
      if (!previous || previous.lingering) return previous;
      return previous.ended ? null : { ...previous, ended: true, lingering: true };
    });
  }, [status, receivedAt]);

  const ended = shown?.ended === true;
  const lingering = shown?.lingering === true;
  const endedTaskId = ended ? shown.status.task_id : null;

  useEffect(() => {
    // The stored id belonged to the job that just ended: a later Cancel must not target it.
    if (endedTaskId && readActiveTask() === endedTaskId) clearActiveTask();
  }, [endedTaskId]);

  // Apart from the first effect, which re-runs on every poll and would keep resetting the timer.
  useEffect(() => {
    if (!lingering) return;
    const timer = setTimeout(() => setShown(null), JUST_ENDED_MS);
    return () => clearTimeout(timer);
  }, [lingering]);

  return shown;
};
