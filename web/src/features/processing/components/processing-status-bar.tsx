import { Loader2, X } from 'lucide-react';
import { formatElapsed } from '../../../../../shared/format/timer';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { notifyFailure } from '../../../components/ui/notifications';
import { useCancelProcessing } from '../api/cancel-processing';
import { useProcessingStatus } from '../api/get-processing-status';
import { statusBarView } from '../lib/status-view';
import { useElapsedSeconds } from '../lib/use-elapsed-seconds';
import { useShownStatus } from '../lib/use-shown-status';

const text = messages.processing;

/**
 * The global bar at the bottom of every top-nav page: polls GET /api/v3/status every second and
 * shows the running job (timer, label, phase, progress, current thread, Cancel). Hidden when idle.
 */
export const ProcessingStatusBar = () => {
  const { data, dataUpdatedAt } = useProcessingStatus();
  const shown = useShownStatus(data, dataUpdatedAt);
  const running = shown !== null && !shown.ended;
  const elapsed = useElapsedSeconds(shown?.clock ?? null, running);
  const cancel = useCancelProcessing();

  if (!shown) return null;
  const view = statusBarView(shown.status);
  const cancelling = view.cancelling || cancel.isPending;

  const onCancel = () => {
    // Ignored when nothing runs or a cancel is already under way.
    if (!running || cancelling) return;
    cancel.mutate(undefined, { onError: (error) => notifyFailure(error) });
  };

  return (
    <section
      aria-label={text.statusBar}
      data-testid="processing-status-bar"
      data-state={shown.ended ? 'ended' : 'running'}
      className="border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur"
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
            {view.phaseText ? (
              <p className="truncate text-xs text-slate-500" data-testid="status-phase">
                {view.phaseText}
              </p>
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
        {view.subject ? (
          <p className="max-w-xs truncate text-xs text-slate-500" title={view.subject} data-testid="status-subject">
            <span className="sr-only">{text.currentThread}: </span>
            {view.subject}
          </p>
        ) : null}
        <Button variant="outline" size="sm" onClick={onCancel} disabled={!running || cancelling}>
          <X className="h-4 w-4" aria-hidden="true" />
          {cancelling ? text.cancelling : text.cancel}
        </Button>
      </div>
    </section>
  );
};
