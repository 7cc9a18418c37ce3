import { useCallback, useEffect, useState } from 'react';
import { TIMING } from '../../../../../shared/constants';

type Shown = { message: string; at: number } | null;

/** An error banner text that clears itself after 10 s (restarted by each new error), or when dismissed. */
export const useTimedError = (ms: number = TIMING.errorBannerClearMs) => {
  const [shown, setShown] = useState<Shown>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), ms);
    return () => clearTimeout(timer);
  }, [shown, ms]);
  const show = useCallback((message: string) => setShown({ message, at: Date.now() }), []);
  const dismiss = useCallback(() => setShown(null), []);
  return { error: shown?.message ?? null, show, dismiss };
};
