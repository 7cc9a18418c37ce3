import { FileSpreadsheet } from 'lucide-react';
import { useRef, useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { notify } from '../../../components/ui/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useResyncSheets } from '../api/resync-sheets';

const text = messages.processing.resync;

/**
 * "Resync sheets": rewrites every campaign's outreach tracker and campaigns-tracker row from the
 * record, as a job of its own (the status bar follows it; a job already running refuses it).
 * Disabled while a job runs, like the process buttons.
 */
export const ResyncSheetsCard = ({ blocked }: { blocked: boolean }) => {
  const resync = useResyncSheets();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const onResync = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const task = await resync.mutateAsync();
      notify({ type: 'success', title: text.startedTitle, message: task.message || text.started });
    } catch (error) {
      notify({ type: 'error', title: messages.processing.failedTitle, message: errorMessage(error, text.failed) });
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-2">
        <FileSpreadsheet className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600" aria-hidden="true" />
        <p className="text-sm text-slate-600">{text.hint}</p>
      </div>
      <Button variant="outline" onClick={() => void onResync()} disabled={blocked || busy} loading={busy} className="self-start sm:self-auto">
        {text.button}
      </Button>
    </Card>
  );
};
