// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { testQueryClient } from '../../../testing/render';
import { useOptimisticSave } from './use-optimistic-save';

type Data = { a: number; b: number };

afterEach(() => {
  notificationStore.clear();
  vi.useRealTimers();
});

const setup = (save: (changes: Partial<Data>) => Promise<Partial<Data>>) => {
  const client = testQueryClient();
  client.setQueryData<Data>(['s'], { a: 1, b: 1 });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result, unmount } = renderHook(
    () =>
      useOptimisticSave<Data, Partial<Data>>({
        queryKey: ['s'],
        apply: (data, change) => ({ ...data, ...change }),
        fields: (data) => data,
        save,
        sectionName: 'drive recovery',
      }),
    { wrapper },
  );
  return { client, result, unmount };
};

describe('useOptimisticSave', () => {
  it('applies at once and sends the merged edits after 800 ms', async () => {
    vi.useFakeTimers();
    const save = vi.fn(async (changes: Partial<Data>) => changes);
    const { client, result } = setup(save);
    act(() => result.current.update({ a: 2 }));
    act(() => result.current.update({ b: 3 }));
    expect(client.getQueryData(['s'])).toEqual({ a: 2, b: 3 });
    await act(async () => vi.advanceTimersByTimeAsync(799));
    expect(save).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(save).toHaveBeenCalledWith({ a: 2, b: 3 }, { a: 2, b: 3 });
  });

  it('rolls back only its own fields and says "Failed to save {section} settings" without a message', async () => {
    const { client, result } = setup(() => Promise.reject(new Error('')));
    await act(async () => result.current.update({ a: 5 }, { immediate: true }));
    expect(client.getQueryData(['s'])).toEqual({ a: 1, b: 1 });
    expect(notificationStore.getSnapshot().map((n) => [n.title, n.message])).toEqual([
      ['Save Failed', 'Failed to save drive recovery settings'],
    ]);
  });

  it('sends a pending edit on unmount instead of dropping it', () => {
    const save = vi.fn(async (changes: Partial<Data>) => changes);
    const { result, unmount } = setup(save);
    act(() => result.current.update({ b: 9 }));
    unmount();
    expect(save).toHaveBeenCalledWith({ b: 9 }, { a: 1, b: 9 });
  });
});
