import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { TIMING } from '../../../../../shared/constants';
import { createDebouncer } from './debounce';
import { notifySaveFailed } from './save-failed';

export type OptimisticSaveOptions<TData, TChange extends object> = {
  queryKey: QueryKey;
  /** The cached data with a change applied. */
  apply: (data: TData, change: TChange) => TData;
  /** The object in the cached data that a change's fields live in (read for rollbacks). */
  fields: (data: TData) => object;
  /**
   * Sends the pending changes; `current` already has them applied. Resolves to the fields as
   * saved, which are applied to the cache as it is by then (other savers may share the entry).
   */
  save: (changes: TChange, current: TData) => Promise<TChange>;
  /** Fills "Failed to save {section} settings". */
  sectionName: string;
};

export type UpdateOptions = { /** Skip the pause: the caller already debounced (typed fields). */ immediate?: boolean };

const pick = (source: object, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, (source as Record<string, unknown>)[key]]));

const omit = (source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(source).filter(([key]) => !keys.includes(key)));

/**
 * Settings edits: applied to the cache at once, sent after an 800 ms pause (merged), rolled back
 * with a "Save Failed" toast when the server refuses. Rollback restores only the fields this
 * save changed, so other parts edited meanwhile keep their values. A pending save is sent on
 * unmount rather than dropped.
 */
export const useOptimisticSave = <TData, TChange extends object>(options: OptimisticSaveOptions<TData, TChange>) => {
  const client = useQueryClient();
  const latest = useRef(options);
  latest.current = options;
  const pending = useRef<TChange | null>(null);
  /** The values the pending fields had before this batch of edits. */
  const originals = useRef<Record<string, unknown>>({});
  const debouncer = useMemo(() => createDebouncer(TIMING.settingsSaveDebounceMs), []);

  const flush = useCallback(async () => {
    const changes = pending.current;
    if (!changes) return;
    const before = originals.current;
    pending.current = null;
    originals.current = {};
    const { queryKey, apply, save, sectionName } = latest.current;
    const current = client.getQueryData<TData>(queryKey);
    if (current === undefined) return;
    try {
      const saved = await save(changes, current);
      // Edits made while this save was in flight stay on top of the server's answer.
      const newer = pending.current;
      client.setQueryData<TData>(queryKey, (data) => {
        if (data === undefined) return data;
        const withSaved = apply(data, saved);
        return newer ? apply(withSaved, newer) : withSaved;
      });
    } catch (error) {
      const newer = Object.keys(pending.current ?? {});
      const revert = omit(before, newer) as TChange;
      client.setQueryData<TData>(queryKey, (data) => (data === undefined ? data : apply(data, revert)));
      notifySaveFailed(error, sectionName);
    }
  }, [client]);

  const update = useCallback(
    (change: TChange, { immediate = false }: UpdateOptions = {}) => {
      const { queryKey, apply, fields } = latest.current;
      const current = client.getQueryData<TData>(queryKey);
      if (current === undefined) return;
      // A refetch landing now would overwrite the optimistic value.
      void client.cancelQueries({ queryKey });
      // The first edit of a field in this batch remembers what to go back to.
      originals.current = { ...pick(fields(current), Object.keys(change)), ...originals.current };
      pending.current = { ...pending.current, ...change } as TChange;
      client.setQueryData<TData>(queryKey, apply(current, change));
      if (immediate) {
        debouncer.cancel();
        void flush();
      } else {
        debouncer.schedule(() => void flush());
      }
    },
    [client, debouncer, flush],
  );

  useEffect(() => () => debouncer.flush(), [debouncer]);

  return { update };
};
