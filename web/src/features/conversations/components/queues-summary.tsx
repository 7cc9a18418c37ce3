import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useChanges } from '../api/get-changes';
import { useConversations } from '../api/list-conversations';
import { formatWaiting } from '../lib/format';
import { changeText, newestFirst } from '../lib/queue-changes';
import { QUEUE_PARAMS, type QueueId } from '../lib/queue-params';
import { QUEUE_EMPTY, QUEUE_TITLES, queueText } from '../lib/queue-text';
import { talentTimelinePath } from '../../../lib/talent-path';

const SHOWN = 3;

type Row = { key: string; to: string; label: string; detail: string };

const QueueTile = ({ queue, count, rows, loading, failed }: { queue: QueueId; count: number | undefined; rows: Row[]; loading: boolean; failed: boolean }) => (
  <div data-testid={`queue-summary-${queue}`} className="flex min-w-0 flex-col rounded-md border border-slate-100 bg-slate-50 p-4">
    <div className="flex items-center justify-between gap-2">
      <h3 className="text-sm font-semibold text-slate-900">
        <Link to={`/queues#${queue.replace(/_/g, '-')}`} className="hover:underline">
          {QUEUE_TITLES[queue]}
        </Link>
      </h3>
      <span data-testid="queue-summary-count" className="rounded-full bg-white px-2 py-0.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-200">
        {count ?? '–'}
      </span>
    </div>
    <div className="mt-2 min-w-0 flex-1 text-sm">
      {failed ? (
        <p className="text-red-700">{queueText.loadFailed}</p>
      ) : loading ? (
        <Skeleton className="h-10" />
      ) : rows.length === 0 ? (
        <p className="text-slate-600">{QUEUE_EMPTY[queue]}</p>
      ) : (
        <ul className="space-y-1.5">
          {rows.slice(0, SHOWN).map((row) => (
            <li key={row.key} className="min-w-0">
              <Link to={row.to} className="block truncate font-medium text-indigo-700 hover:underline">
                {row.label}
              </Link>
              {row.detail ? <span className="block truncate text-xs text-slate-600">{row.detail}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  </div>
);

const conversationRows = (items: readonly ConversationJson[] | undefined, now: Date): Row[] =>
  (items ?? []).map((item) => {
    const waiting = formatWaiting(item.turn_since, now);
    return {
      key: item.id,
      to: item.contact_email ? talentTimelinePath(item.contact_email, item.campaign_id) : '/queues#needs-assignment',
      label: item.talent_name.trim() || item.contact_email || item.subject || queueText.noSubject,
      detail: [item.campaign_name, waiting ? queueText.waiting(waiting) : ''].filter(Boolean).join(' · '),
    };
  });

const assignmentRows = (items: readonly ConversationJson[] | undefined): Row[] =>
  (items ?? []).map((item) => ({
    key: item.id,
    to: '/queues#needs-assignment',
    label: item.subject || queueText.noSubject,
    detail: item.candidates.map((candidate) => candidate.talent_name || candidate.contact_email).join(', '),
  }));

/** The dashboard's compact work queues: counts and the first few of each, linking to /queues. */
export const QueuesSummary = () => {
  const needsReply = useConversations(QUEUE_PARAMS.needs_reply);
  const followUp = useConversations(QUEUE_PARAMS.follow_up);
  const needsAssignment = useConversations(QUEUE_PARAMS.needs_assignment);
  const changes = useChanges();
  const now = new Date();
  const changeRows: Row[] = newestFirst(changes.data?.items ?? []).map((change) => ({
    key: `${change.at}|${change.conversation_id}|${change.kind}`,
    to: talentTimelinePath(change.contact_email, change.campaign_id),
    label: change.talent_name.trim() || change.contact_email,
    detail: changeText(change),
  }));

  return (
    <Card className="p-5" data-testid="queues-summary">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <QueueTile queue="needs_reply" count={needsReply.data?.total} rows={conversationRows(needsReply.data?.items, now)} loading={needsReply.isPending} failed={needsReply.isError} />
        <QueueTile queue="follow_up" count={followUp.data?.total} rows={conversationRows(followUp.data?.items, now)} loading={followUp.isPending} failed={followUp.isError} />
        <QueueTile
          queue="needs_assignment"
          count={needsAssignment.data?.total}
          rows={assignmentRows(needsAssignment.data?.items)}
          loading={needsAssignment.isPending}
          failed={needsAssignment.isError}
        />
        <QueueTile queue="changes" count={changes.data?.items.length} rows={changeRows} loading={changes.isPending} failed={changes.isError} />
      </div>
      <div className="mt-4 flex justify-end">
        <Link to="/queues" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
          {queueText.openQueues}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
};
