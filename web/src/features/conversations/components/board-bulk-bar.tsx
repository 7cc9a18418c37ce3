import { FolderPlus, Pause, Play, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notifications';
import { countOutcomes, removeFromCampaign, setTrackingFor, useInvalidateAfterBulk, type BulkTarget, type RowOutcome } from '../lib/board-bulk';
import { boardText } from '../lib/board-messages';
import { BoardAddDialog } from './board-add-dialog';

export type BoardBulkBarProps = {
  targets: readonly BulkTarget[];
  campaign: { id: string; name: string };
  onClear: () => void;
};

type Busy = 'pause' | 'resume' | 'remove' | null;

const reportFailures = (outcomes: readonly RowOutcome[], title: string, fallback: string) => {
  const { failed } = countOutcomes(outcomes);
  if (failed.length > 0) notify({ type: 'error', title, message: boardText.partialFailure(failed.length, failed[0]!.message || fallback) });
};

/** What can be done to the selected talents at once; shown while any is selected. */
export const BoardBulkBar = ({ targets, campaign, onClear }: BoardBulkBarProps) => {
  const confirm = useConfirm();
  const invalidate = useInvalidateAfterBulk();
  const [busy, setBusy] = useState<Busy>(null);
  // Who the open "Add to another campaign" dialog adds: the selection when it opened, and only it.
  const [adding, setAdding] = useState<readonly BulkTarget[] | null>(null);

  const setTracking = async (tracking: boolean) => {
    setBusy(tracking ? 'resume' : 'pause');
    try {
      const outcomes = await setTrackingFor(targets, tracking);
      await invalidate();
      const { done } = countOutcomes(outcomes);
      if (done > 0) notify({ type: 'success', title: tracking ? boardText.resumedTitle : boardText.pausedTitle, message: boardText.trackingDone(tracking, done) });
      reportFailures(outcomes, messages.fallback.toggleTracking, messages.fallback.toggleTracking);
      // Acted on: the next action starts from a new selection, never one left over from this.
      onClear();
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      title: boardText.removeTitle,
      message: boardText.removeMessage(targets.length, campaign.name),
      details: messages.contacts.removeDetails,
      confirmText: boardText.removeConfirm,
      variant: 'danger',
    });
    if (!ok) return;
    setBusy('remove');
    try {
      const outcomes = await removeFromCampaign(targets);
      await invalidate();
      const { done } = countOutcomes(outcomes);
      if (done > 0) notify({ type: 'success', title: boardText.removedTitle, message: boardText.removed(done) });
      reportFailures(outcomes, messages.fallback.removeContact, messages.fallback.removeContact);
      onClear();
    } finally {
      setBusy(null);
    }
  };

  if (targets.length === 0 && !adding) return null;
  const count = targets.length;

  return (
    <>
      {targets.length > 0 ? (
        <section
          aria-label={boardText.bulkActions}
          data-testid="bulk-bar"
          className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2"
        >
          <p className="mr-auto text-sm font-medium text-indigo-900" aria-live="polite">
            {boardText.selected(targets.length)}
          </p>
          <Button size="sm" variant="outline" loading={busy === 'pause'} disabled={busy !== null} onClick={() => void setTracking(false)}>
            {busy === 'pause' ? null : <Pause className="h-4 w-4" aria-hidden="true" />}
            {boardText.pause(count)}
          </Button>
          <Button size="sm" variant="outline" loading={busy === 'resume'} disabled={busy !== null} onClick={() => void setTracking(true)}>
            {busy === 'resume' ? null : <Play className="h-4 w-4" aria-hidden="true" />}
            {boardText.resume(count)}
          </Button>
          <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => setAdding([...targets])}>
            <FolderPlus className="h-4 w-4" aria-hidden="true" />
            {boardText.addTo(count)}
          </Button>
          <Button size="sm" variant="outline" loading={busy === 'remove'} disabled={busy !== null} onClick={() => void remove()} className="text-red-700 hover:bg-red-50">
            {busy === 'remove' ? null : <Trash2 className="h-4 w-4" aria-hidden="true" />}
            {boardText.remove(count)}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy !== null} onClick={onClear}>
            <X className="h-4 w-4" aria-hidden="true" />
            {boardText.clearSelection}
          </Button>
        </section>
      ) : null}
      <BoardAddDialog
        open={adding !== null}
        onClose={() => setAdding(null)}
        targets={adding ?? []}
        currentCampaignId={campaign.id}
        // Acted on: like the other bulk actions, the next one starts from a new selection.
        onAdded={onClear}
      />
    </>
  );
};
