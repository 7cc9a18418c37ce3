import { useMemo } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useChanges } from '../api/get-changes';
import { useConversations } from '../api/list-conversations';
import { AssignItem } from '../components/assign-item';
import { QueueChangesList } from '../components/queue-changes-list';
import { QueueConversationItem } from '../components/queue-conversation-item';
import { QueueSection } from '../components/queue-section';
import { UpdatedCue } from '../components/updated-cue';
import { useUpdatedCue } from '../lib/use-updated-cue';
import { formatDateTime } from '../lib/format';
import { QUEUE_PARAMS } from '../lib/queue-params';
import { queueText } from '../lib/queue-text';

/** "and 12 more" under a queue the page shows only the first part of. */
const More = ({ shown, total }: { shown: number | undefined; total: number | undefined }) =>
  shown !== undefined && total !== undefined && total > shown ? <p className="pt-2 text-sm text-slate-600">{queueText.more(total - shown)}</p> : null;

/** /queues — Needs reply, Follow up, Needs assignment and What changed, side by side. */
export const QueuesRoute = () => {
  const needsReply = useConversations(QUEUE_PARAMS.needs_reply);
  const followUp = useConversations(QUEUE_PARAMS.follow_up);
  const needsAssignment = useConversations(QUEUE_PARAMS.needs_assignment);
  const changes = useChanges();
  // One reference per answer set, so a re-render is not mistaken for new data.
  const queuesData = useMemo(
    () => (needsReply.data && followUp.data && needsAssignment.data ? [needsReply.data, followUp.data, needsAssignment.data] : undefined),
    [needsReply.data, followUp.data, needsAssignment.data],
  );
  const updated = useUpdatedCue('queues', queuesData);
  const now = new Date();
  const since = changes.data?.since ? formatDateTime(changes.data.since) : '';

  return (
    <>
      <PageHeader title={queueText.title} subtitle={queueText.subtitle} actions={<UpdatedCue shown={updated} />} />
      <div className="grid gap-6 lg:grid-cols-2">
        <QueueSection queue="needs_reply" count={needsReply.data?.total} state={needsReply} empty={!needsReply.data?.items.length}>
          <ul className="divide-y divide-slate-100">
            {needsReply.data?.items.map((conversation) => (
              <QueueConversationItem key={conversation.id} conversation={conversation} now={now} />
            ))}
          </ul>
          <More shown={needsReply.data?.items.length} total={needsReply.data?.total} />
        </QueueSection>
        <QueueSection queue="follow_up" count={followUp.data?.total} state={followUp} empty={!followUp.data?.items.length}>
          <ul className="divide-y divide-slate-100">
            {followUp.data?.items.map((conversation) => (
              <QueueConversationItem key={conversation.id} conversation={conversation} now={now} />
            ))}
          </ul>
          <More shown={followUp.data?.items.length} total={followUp.data?.total} />
        </QueueSection>
        <QueueSection queue="needs_assignment" count={needsAssignment.data?.total} state={needsAssignment} empty={!needsAssignment.data?.items.length}>
          <ul className="divide-y divide-slate-100">
            {needsAssignment.data?.items.map((conversation) => (
              <AssignItem key={conversation.id} conversation={conversation} />
            ))}
          </ul>
          <More shown={needsAssignment.data?.items.length} total={needsAssignment.data?.total} />
        </QueueSection>
        <QueueSection
          queue="changes"
          count={changes.data?.items.length}
          state={changes}
          empty={!changes.data?.items.length}
          note={changes.data ? (since ? queueText.sinceVisit(since) : queueText.sinceFirstVisit) : undefined}
        >
          <QueueChangesList changes={changes.data?.items ?? []} now={now} />
        </QueueSection>
      </div>
    </>
  );
};
