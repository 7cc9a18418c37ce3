import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobOutcome } from '../api/processing-types';
import { operationLabel, threadsDone } from './status-view';
import type { ShownStatus } from './use-shown-status';

/** What a job that this tab saw running came to: shown once it ends, with its counts. */
export type JobResult = {
  taskId: string | null;
  outcome: JobOutcome;
  label: string;
  threads: number;
  /** null when the server does not report it */
  messages: number | null;
  error: string | null;
  /** what went wrong without failing the job (a sheet sync that failed); not in spec */
  warnings: string[];
};

/**
 * The result of an ended snapshot. A server that went straight to idle says nothing of how the
 * job went: a cancel seen (phase or request) makes it cancelled, anything else succeeded.
 */
export const jobOutcomeOf = ({ status }: ShownStatus, cancelSeen: boolean): JobOutcome => {
  const said = status.status === 'running' ? undefined : status.status;
  return said ?? (cancelSeen || status.phase === 'cancelling' ? 'cancelled' : 'succeeded');
};

export const jobResultOf = (shown: ShownStatus, cancelSeen: boolean, now: Date = new Date()): JobResult => {
  const { status } = shown;
  const outcome = jobOutcomeOf(shown, cancelSeen);
  return {
    taskId: status.task_id,
    outcome,
    label: operationLabel(status, now),
    threads: threadsDone(status),
    messages: status.messages_processed ?? null,
    error: outcome === 'failed' ? (status.error ?? null) : null,
    warnings: status.warnings ?? [],
  };
};

/**
 * Watches the shown status and yields the result of each job this tab saw running, once, when
 * it ends (a job first seen already ended, e.g. on page load, is old news and yields nothing).
 */
export const useJobResult = (shown: ShownStatus | null, cancelSeen: boolean): [JobResult | null, () => void] => {
  const seenRunning = useRef(new Set<string>());
  const reported = useRef(new Set<string>());
  const [result, setResult] = useState<JobResult | null>(null);

  useEffect(() => {
    if (!shown) return;
    const key = shown.status.task_id ?? '';
    if (!shown.ended) {
      seenRunning.current.add(key);
      return;
    }
    if (!seenRunning.current.has(key) || reported.current.has(key)) return;
    reported.current.add(key);
    setResult(jobResultOf(shown, cancelSeen));
  }, [shown, cancelSeen]);

  const dismiss = useCallback(() => setResult(null), []);
  return [result, dismiss];
};
