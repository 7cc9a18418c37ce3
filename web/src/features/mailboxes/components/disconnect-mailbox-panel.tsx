import { Unplug } from 'lucide-react';
import { useId, useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useDisconnectMailbox } from '../api/disconnect-mailbox';

const text = messages.mailboxes;

/** Disconnect, after a confirm step; what was read stays unless "also remove" is ticked. */
export const DisconnectMailboxPanel = ({ agency }: { agency: string }) => {
  const confirm = useConfirm();
  const disconnect = useDisconnectMailbox();
  const [removeData, setRemoveData] = useState(false);
  const removeId = useId();

  const onDisconnect = async () => {
    const confirmed = await confirm({
      title: text.disconnectConfirmTitle,
      message: (
        <div className="space-y-2">
          <p>{text.disconnectConfirm(agency)}</p>
          <p className={removeData ? 'font-medium text-red-700' : undefined}>{removeData ? text.disconnectRemoves : text.disconnectKeeps}</p>
        </div>
      ),
      confirmText: text.disconnect,
      variant: 'danger',
    });
    if (!confirmed) return;
    try {
      const result = await disconnect.mutateAsync({ remove_data: removeData });
      notify({
        type: 'success',
        title: text.disconnected,
        message: removeData ? text.removedThreads(result.removed_threads) : text.disconnectKeeps,
      });
    } catch (error) {
      notify({ type: 'error', title: text.saveFailedTitle, message: errorMessage(error, text.saveFailed) });
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <label htmlFor={removeId} className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
        <Checkbox
          id={removeId}
          className="mt-0.5"
          checked={removeData}
          disabled={disconnect.isPending}
          onChange={(event) => setRemoveData(event.target.checked)}
        />
        <span>{text.removeData}</span>
      </label>
      <Button
        variant="outline"
        loading={disconnect.isPending}
        onClick={() => void onDisconnect()}
        className="shrink-0 border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800"
      >
        {disconnect.isPending ? null : <Unplug className="h-4 w-4" aria-hidden="true" />}
        {text.disconnect}
      </Button>
    </div>
  );
};
