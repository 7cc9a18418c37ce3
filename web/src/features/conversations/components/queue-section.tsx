import { useId, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import type { QueueId } from '../lib/queue-params';
import { QUEUE_DESCRIPTIONS, QUEUE_EMPTY, QUEUE_TITLES, queueText } from '../lib/queue-text';

export type QueueState = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** One work queue as a titled card: its count, then loading, error, empty or the items. */
export const QueueSection = ({
  queue,
  count,
  state,
  empty,
  note,
  children,
}: {
  queue: QueueId;
  count: number | undefined;
  state: QueueState;
  empty: boolean;
  note?: ReactNode;
  children: ReactNode;
}) => {
  const titleId = useId();
  return (
    <Card className="flex min-w-0 flex-col" data-testid={`queue-${queue}`}>
      <section aria-labelledby={titleId} id={queue.replace(/_/g, '-')} className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {QUEUE_TITLES[queue]}
            </h2>
            <p className="text-sm text-slate-500">{QUEUE_DESCRIPTIONS[queue]}</p>
            {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
          </div>
          {count !== undefined ? (
            <span data-testid="queue-count" className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-700">
              {count}
            </span>
          ) : null}
        </header>
        <div className="min-w-0 flex-1 px-5 py-3">
          {state.isError ? (
            <Banner variant="error" onDismiss={() => void state.refetch()}>
              {errorMessage(state.error, queueText.loadFailed)}
            </Banner>
          ) : state.isPending ? (
            <div className="space-y-3 py-1" aria-hidden="true">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : empty ? (
            <p className="py-2 text-sm text-slate-500">{QUEUE_EMPTY[queue]}</p>
          ) : (
            children
          )}
        </div>
      </section>
    </Card>
  );
};
