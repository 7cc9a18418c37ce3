import { useState } from 'react';
import type { SettingsPart } from '../api/settings-types';
import { settingsLoadError } from './load-errors';

export type PartQuery = { part: SettingsPart; error: unknown; errorUpdatedAt: number; refetch: () => unknown };

/**
 * The load-error banner over every part. Clearing it retries the failed parts; a failure after
 * that (a newer errorUpdatedAt) shows it again.
 */
export const useLoadErrorBanner = (parts: readonly PartQuery[]) => {
  const [clearedAt, setClearedAt] = useState(0);
  const failed = parts.filter((part) => part.error);
  const stamp = Math.max(0, ...failed.map((part) => part.errorUpdatedAt));
  const message = stamp > clearedAt ? settingsLoadError(failed) : null;
  const clear = () => {
    setClearedAt(stamp);
    for (const part of failed) void part.refetch();
  };
  return { message, clear };
};
