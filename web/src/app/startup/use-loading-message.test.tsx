// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadingMessage } from './use-loading-message';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useLoadingMessage', () => {
  it('admits the wait after 30 s and again after 60 s', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useLoadingMessage());
    expect(result.current).toBe('Starting application...');
    act(() => vi.advanceTimersByTime(29_999));
    expect(result.current).toBe('Starting application...');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('Taking longer than usual...');
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current).toBe('Still working... (this may take a moment)');
  });
});
