// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { useProcessAction } from './use-process-action';

afterEach(() => notificationStore.clear());

const toasts = () => notificationStore.getSnapshot().map(({ title, message }) => [title, message]);

describe('useProcessAction', () => {
  it('ignores a second run while the first is busy', async () => {
    let release: () => void = () => undefined;
    const start = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { result } = renderHook(() =>
      useProcessAction<number>({ start, startedMessage: (n) => `started ${n}`, fallback: 'Failed to process recent' }),
    );
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run(1);
      void result.current.run(2);
    });
    expect(result.current.busy).toBe(true);
    expect(start).toHaveBeenCalledTimes(1);
    await act(async () => {
      release();
      await first;
    });
    expect(result.current.busy).toBe(false);
    expect(toasts()).toEqual([['Processing Started', 'started 1']]);
  });

  it("falls back to the action's message when the error has none", async () => {
    const { result } = renderHook(() =>
      useProcessAction<string>({ start: () => Promise.reject(new Error('')), startedMessage: () => '', fallback: 'Failed to process email' }),
    );
    await act(() => result.current.run('a@x.test'));
    expect(toasts()).toEqual([['Processing Failed', 'Failed to process email']]);
  });
});
