import { useCallback, useRef, useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { notify } from '../../../components/ui/notifications';
import { errorMessage } from '../../../lib/api-client';

export type ProcessActionOptions<TInput> = {
  start: (input: TInput) => Promise<unknown>;
  /** The "Processing Started" message for this input. */
  startedMessage: (input: TInput) => string;
  /** "Failed to process …" when the error carries no message. */
  fallback: string;
};

/**
 * One dashboard action: its own busy flag (a second click while it runs is ignored, even
 * within the same tick), a "Processing Started" toast on success and "Processing Failed" with
 * the error's message or the action's fallback otherwise.
 */
export const useProcessAction = <TInput>({ start, startedMessage, fallback }: ProcessActionOptions<TInput>) => {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (input: TInput) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        await start(input);
        notify({ type: 'success', title: messages.processing.startedTitle, message: startedMessage(input) });
      } catch (error) {
        notify({ type: 'error', title: messages.processing.failedTitle, message: errorMessage(error, fallback) });
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [start, startedMessage, fallback],
  );

  return { busy, run };
};
