import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

export type LoadSource = { error: unknown; errorUpdatedAt: number; fallback: string; refetch: () => unknown };

/**
 * The page-level banner: the first failed load's message. Clearing hides it and refetches;
 * a later failure (a newer errorUpdatedAt) shows it again.
 */
export const usePageError = (sources: readonly LoadSource[]) => {
  const [dismissedAt, setDismissedAt] = useState(0);
  const failed = sources.find((source) => source.error);
  const stamp = Math.max(0, ...sources.map((source) => (source.error ? source.errorUpdatedAt : 0)));
  const message = failed && stamp > dismissedAt ? errorMessage(failed.error, failed.fallback) : null;
  const clear = () => {
    setDismissedAt(stamp);
    for (const source of sources) if (source.error) void source.refetch();
  };
  return { message, hasError: failed !== undefined, clear };
};
