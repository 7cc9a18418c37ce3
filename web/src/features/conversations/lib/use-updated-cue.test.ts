// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUE_SHOWN_MS, useUpdatedCue } from './use-updated-cue';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const render = (key: string, data: unknown) => renderHook((props: { key: string; data: unknown }) => useUpdatedCue(props.key, props.data), { initialProps: { key, data } });

describe('useUpdatedCue', () => {
  it('shows nothing for the first answer, then shows for a few seconds when the same view gets new data', () => {
    const first = { rows: 1 };
    const hook = render('page-1', first);
    expect(hook.result.current).toBe(false);
    hook.rerender({ key: 'page-1', data: first });
    expect(hook.result.current).toBe(false);
    hook.rerender({ key: 'page-1', data: { rows: 2 } });
    expect(hook.result.current).toBe(true);
    act(() => vi.advanceTimersByTime(CUE_SHOWN_MS - 1));
    expect(hook.result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe(false);
  });

  it('shows nothing when the person moved to another page or filter, placeholder data included', () => {
    const hook = render('page-1', { rows: 1 });
    hook.rerender({ key: 'page-2', data: undefined });
    hook.rerender({ key: 'page-2', data: { rows: 3 } });
    expect(hook.result.current).toBe(false);
    hook.rerender({ key: 'page-1', data: { rows: 1 } });
    expect(hook.result.current).toBe(false);
  });
});
