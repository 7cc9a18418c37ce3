import { Activity, CalendarClock, History, Inbox } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { messages } from '../../../../../shared/messages';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { useMailboxes } from '../../mailboxes/api/get-mailboxes';
import { useMonitorMetrics } from '../api/get-monitor-metrics';
import {
  cycleMessagesText,
  cycleThreadsText,
  lastCheckText,
  MONITORING_STATE_LABELS,
  monitoringState,
  nextCheckText,
  type MonitoringState,
} from '../lib/monitoring-text';
import { MonitoredMailboxes } from './monitored-mailboxes';

const text = messages.dashboard.monitoring;

// The names come from the conversations feature (zod-parsed); loaded on demand so the dashboard
// shell stays light.
const QueueNewMail = lazy(() => import('../../conversations/components/queue-new-mail').then((module) => ({ default: module.QueueNewMail })));

const BADGE: Record<MonitoringState, string> = {
  error: 'bg-red-50 text-red-700 ring-red-200',
  loading: 'bg-slate-100 text-slate-600 ring-slate-200',
  processing: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  idle: 'bg-green-50 text-green-700 ring-green-200',
};

const Tile = ({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) => (
  <div className="rounded-md border border-slate-100 bg-slate-50 p-4">
    <p className="flex items-center gap-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
      {icon}
      {label}
    </p>
    <div className="mt-1 text-sm text-slate-900">{children}</div>
  </div>
);

export const MonitoringPanel = () => {
  const { data, error, isLoading } = useMonitorMetrics();
  const state = monitoringState({ error, isLoading, data });
  // What is monitored: the agency's connected mailboxes (unknown while loading or on error).
  const mailboxCount = useMailboxes().data?.mailboxes.length;
  const now = new Date();
  const threadsText = data ? cycleThreadsText(data, mailboxCount) : null;

  return (
    <Card className="p-5" data-testid="monitoring-panel">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <span
          className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1', BADGE[state])}
          data-testid="monitoring-state"
        >
          <Activity className={cn('h-3.5 w-3.5', state === 'processing' && 'animate-pulse')} aria-hidden="true" />
          {MONITORING_STATE_LABELS[state]}
        </span>
        {data ? <span className="text-xs text-slate-500">{text.trackedConversations(data.tracked_conversations)}</span> : null}
      </div>
      {mailboxCount === undefined ? null : <MonitoredMailboxes count={mailboxCount} />}
      {state === 'error' ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorMessage(error, text.loadFailed)}
        </p>
      ) : data ? (
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          <Tile icon={<History className="h-3.5 w-3.5" aria-hidden="true" />} label={text.lastCheck}>
            <span data-testid="monitoring-last-check">{lastCheckText(data, now)}</span>
          </Tile>
          <Tile icon={<CalendarClock className="h-3.5 w-3.5" aria-hidden="true" />} label={text.nextCheck}>
            <span data-testid="monitoring-next-check">{nextCheckText(data, now)}</span>
          </Tile>
          <Tile icon={<Inbox className="h-3.5 w-3.5" aria-hidden="true" />} label={text.lastCycle}>
            <p className="font-medium">{cycleMessagesText(data)}</p>
            {threadsText ? <p className="text-xs text-slate-500">{threadsText}</p> : null}
          </Tile>
          <div className="sm:col-span-3">
            <Suspense fallback={null}>
              <QueueNewMail checkedAt={data.last_check} />
            </Suspense>
          </div>
        </div>
      ) : (
        <div className="mt-4 grid gap-3 sm:grid-cols-3" aria-hidden="true">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      )}
    </Card>
  );
};
