import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The page a person came from (path and query), so a page reached from several places (a talent's
 * timeline: from a board, the queues, the dashboard or the contacts) can offer the way back to
 * where they were, filters included. A change of query on the same page (a filter, a tab) is not
 * a new page.
 */
type Visit = { current: string | null; currentPath: string | null; previous: string | null };

let visit: Visit = { current: null, currentPath: null, previous: null };
const listeners = new Set<() => void>();

export const recordVisit = (path: string, search: string): void => {
  if (visit.currentPath === path) {
    visit = { ...visit, current: path + search };
  } else {
    visit = { current: path + search, currentPath: path, previous: visit.current };
  }
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Mounted once in the app layout: records every page the person opens. */
export const useRecordVisits = (): void => {
  const { pathname, search } = useLocation();
  useEffect(() => recordVisit(pathname, search), [pathname, search]);
};

/** The page opened before this one (path and query), or null on the first page of the visit. */
export const usePreviousPage = (): string | null => useSyncExternalStore(subscribe, () => visit.previous);
