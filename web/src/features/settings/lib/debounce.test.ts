import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer } from './debounce';

afterEach(() => {
  vi.useRealTimers();
});

describe('createDebouncer', () => {
  it('runs only the last task, after the pause', () => {
    vi.useFakeTimers();
    const debouncer = createDebouncer(800);
    const first = vi.fn();
    const second = vi.fn();
    debouncer.schedule(first);
    vi.advanceTimersByTime(500);
    debouncer.schedule(second);
    vi.advanceTimersByTime(799);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(debouncer.isPending()).toBe(false);
  });

  it('flushes a waiting task now, once, and cancels', () => {
    vi.useFakeTimers();
    const debouncer = createDebouncer(800);
    const task = vi.fn();
    debouncer.schedule(task);
    expect(debouncer.isPending()).toBe(true);
    debouncer.flush();
    vi.advanceTimersByTime(2000);
    expect(task).toHaveBeenCalledTimes(1);
    debouncer.schedule(task);
    debouncer.cancel();
    vi.advanceTimersByTime(2000);
    debouncer.flush();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
