import { useEffect, useRef, useState } from 'react';

/** How long "Updated just now" stays after an open screen's data changed under it. */
export const CUE_SHOWN_MS = 8_000;

/**
 * True for a few seconds after `data` changed while the screen kept showing the same thing (the
 * same `key`: same campaign, filters and page), i.e. when a colleague, a job or new mail moved it.
 * A change of key (another page or filter) is the person's own doing and shows no cue; pass
 * undefined for placeholder data so a page change is not mistaken for an update.
 */
export const useUpdatedCue = (key: string, data: unknown): boolean => {
  const last = useRef<{ key: string; data: unknown } | undefined>(undefined);
  const [shownAt, setShownAt] = useState<number | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = { key, data };
    if (before?.key !== key) setShownAt(null);
    else if (before.data !== undefined && data !== undefined && before.data !== data) setShownAt(Date.now());
  }, [key, data]);
  useEffect(() => {
    if (shownAt === null) return undefined;
    const timer = setTimeout(() => setShownAt(null), CUE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shownAt]);
  return shownAt !== null;
};
