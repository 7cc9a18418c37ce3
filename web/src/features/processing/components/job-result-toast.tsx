import { AlertCircle, CheckCircle2, CircleSlash, TriangleAlert, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { cn } from '../../../lib/cn';
import type { JobResult } from '../lib/job-result';

const text = messages.processing;

const LOOK = {
  succeeded: { icon: CheckCircle2, className: 'border-green-200 text-green-800' },
  cancelled: { icon: CircleSlash, className: 'border-amber-200 text-amber-800' },
  failed: { icon: AlertCircle, className: 'border-red-200 text-red-800' },
} as const;
/** A job that succeeded with warnings (e.g. its sheets could not be updated). */
const WARNED = { icon: TriangleAlert, className: 'border-amber-300 text-amber-900' } as const;

/**
 * The visible end of a job: how it went, its counts (threads, and messages when the server
 * reports them), and a "What changed" link to the queues. Sits above the status bar until the
 * person dismisses it or follows the link: a job's outcome is what they waited for, not news that
 * may fade while they look elsewhere.
 */
export const JobResultToast = ({ result, onDismiss }: { result: JobResult; onDismiss: () => void }) => {
  const warned = result.outcome === 'succeeded' && result.warnings.length > 0;
  const { icon: Icon, className } = warned ? WARNED : LOOK[result.outcome];
  return (
    <section
      role={result.outcome === 'failed' || result.warnings.length > 0 ? 'alert' : 'status'}
      aria-label={text.result}
      data-testid="job-result"
      data-outcome={result.outcome}
      className={cn('pointer-events-auto ml-auto flex w-96 max-w-full items-start gap-3 rounded-lg border bg-white p-4 shadow-lg', className)}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-slate-900">{text.resultTitle[result.outcome]}</p>
        <p className="mt-0.5 truncate text-slate-600" title={result.label}>
          {result.label}
        </p>
        <p className="mt-0.5 text-slate-600" data-testid="job-result-counts">
          {text.resultCounts(result.threads, result.messages)}
        </p>
        {result.error ? <p className="mt-0.5 text-red-700">{result.error}</p> : null}
        {result.warnings.length > 0 ? (
          <ul aria-label={text.warnings} className="mt-1 space-y-0.5 text-amber-800" data-testid="job-result-warnings">
            {result.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : null}
        <Link to="/queues" onClick={onDismiss} className="mt-2 inline-block font-medium text-indigo-700 hover:underline">
          {text.whatChanged}
        </Link>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={messages.notifications.dismiss}
        className="rounded p-0.5 text-slate-400 hover:text-slate-700"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </section>
  );
};
