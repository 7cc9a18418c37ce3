import { useCallback, useSyncExternalStore } from 'react';

/** Width from which the board shows a real table; below it the rows are stacked cards. */
export const WIDE_BOARD_QUERY = '(min-width: 1024px)';

/** Whether a media query matches, live. Without matchMedia (jsdom) it reads as `fallback`. */
export const useMediaQuery = (query: string, fallback = true): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => (typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? fallback : window.matchMedia(query).matches);
  return useSyncExternalStore(subscribe, read, () => fallback);
};
