import { Check, Loader2, X } from 'lucide-react';
import { useState } from 'react';
import { formatElapsed } from '../../../../../shared/format/timer';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { notifyFailure } from '../../../components/ui/notifications';
import { useCancelProcessing } from '../api/cancel-processing';
import { useProcessingStatus } from '../api/get-processing-status';
import { jobOutcomeOf, useJobResult } from '../lib/job-result';
import { statusBarView } from '../lib/status-view';
import { useElapsedSeconds } from '../lib/use-elapsed-seconds';
import { useShownStatus, type ShownStatus } from '../lib/use-shown-status';
import { JobResultToast } from './job-result-toast';

const text = messages.processing;
/** what the list of passed phases is called to a screen reader (not in spec) */
const PHASES_PASSED = 'Phases passed';

/** Why an ended job needs attention: its error when it failed, else its warnings. */
const endedMessage = ({ status }: ShownStatus): string | null =>
  (status.status === 'failed' ? status.error : null) || (status.warnings?.length ? status.warnings.join(' ') : null);

/**
 * The global bar at the bottom of every top-nav page: polls GET /api/v3/status (every second
 * while a job runs, every 30 s when idle) and shows the running job (timer, label, phase,
 * progress, current thread, Cancel), hidden when idle. When a job it saw running ends, its
 * result (counts and a "What changed" link) shows above the bar.
 */
export const ProcessingStatusBar = () => {
  const { data, dataUpdatedAt } = useProcessingStatus();
  const shown = useShownStatus(data, dataUpdatedAt);
  const cancel = useCancelProcessing();
  // The task a cancel was accepted for: the button stays "Cancelling..." until that job ends,
  // even before the server's status says cancelling.
  const [cancelSentFor, setCancelSentFor] = useState<string | null>(null);
  const taskKey = shown ? (shown.status.task_id ?? '') : null;
  const cancelSent = taskKey !== null && cancelSentFor === taskKey;
  const [result, dismissResult] = useJobResult(shown, cancelSent);

  const onCancel = (running: boolean, cancelling: boolean) => {
    // Ignored when nothing runs or a cancel is already under way.
    if (!running || cancelling || taskKey === null) return;
    cancel.mutate(undefined, {
      onSuccess: () => setCancelSentFor(taskKey),
      onError: (error) => notifyFailure(error),
    });
  };

  return (
    <>
      {result ? (
        <div className="pointer-events-none px-4 pb-3 sm:px-6">
          <JobResultToast result={result} onDismiss={dismissResult} />
        </div>
      ) : null}
      {shown ? <StatusBar shown={shown} cancelling={cancel.isPending || cancelSent} onCancel={onCancel} /> : null}
    </>
  );
};

const StatusBar = ({
  shown,
  cancelling: cancelRequested,
  onCancel,
}: {
  shown: ShownStatus;
  cancelling: boolean;
  onCancel: (running: boolean, cancelling: boolean) => void;
}) => {
  const running = !shown.ended;
  const elapsed = useElapsedSeconds(shown.clock, running);
  const view = statusBarView(shown.status);
  const cancelling = view.cancelling || (running && cancelRequested);
  // While a cancel winds down the threads in flight still finish (the counts move): the bar says so.
  const phaseText = shown.ended ? text.ended[jobOutcomeOf(shown, cancelRequested)] : cancelling ? text.cancelling : view.phaseText;

  return (
    <section
      aria-label={text.statusBar}
      data-testid="processing-status-bar"
      data-state={shown.ended ? 'ended' : 'running'}
      className="pointer-events-auto border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Loader2
            className={running ? 'h-5 w-5 shrink-0 animate-spin text-indigo-600' : 'h-5 w-5 shrink-0 text-slate-400'}
            aria-hidden="true"
          />
          <span className="font-mono text-sm tabular-nums text-slate-700" aria-label={text.elapsed} data-testid="status-timer">
            {formatElapsed(elapsed)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900" data-testid="status-label">
              {view.label}
            </p>
            {phaseText ? (
              <p className="truncate text-xs text-slate-500" data-testid="status-phase">
                {phaseText}
              </p>
            ) : null}
            {view.passed.length ? (
              <ol aria-label={PHASES_PASSED} className="flex flex-wrap gap-x-3 text-xs text-slate-500" data-testid="status-phases-passed">
                {view.passed.map((step) => (
                  <li key={step.phase} data-phase={step.phase} className="inline-flex items-center gap-1">
                    <Check className="h-3 w-3 text-green-600" aria-hidden="true" />
                    {step.text}
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        </div>
        <div className="flex min-w-48 flex-1 items-center gap-3">
          <progress
            value={view.percent}
            max={100}
            aria-label={view.progressText}
            className="h-2 flex-1 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-indigo-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600"
          />
          <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums" data-testid="status-progress">
            {view.progressText} · {view.percentText}
          </span>
        </div>
        {shown.ended && endedMessage(shown) ? (
          <p className="w-full text-xs text-amber-800 sm:w-auto sm:max-w-md" data-testid="status-message">
            {endedMessage(shown)}
          </p>
        ) : null}
        {view.subject ? (
          <p className="max-w-xs truncate text-xs text-slate-500" title={view.subject} data-testid="status-subject">
            <span className="sr-only">{text.currentThread}: </span>
            {view.subject}
          </p>
        ) : null}
        <Button variant="outline" size="sm" onClick={() => onCancel(running, cancelling)} disabled={!running || cancelling}>
          <X className="h-4 w-4" aria-hidden="true" />
          {cancelling ? text.cancelling : text.cancel}
        </Button>
      </div>
    </section>
  );
};
