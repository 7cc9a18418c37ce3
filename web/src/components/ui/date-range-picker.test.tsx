// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DateRangePicker, nextRange, parseDay, rangeLabel, type DateRangeValue } from './date-range-picker';

// The calendar loads on demand; its first import (transforming react-day-picker) is not what these tests time.
beforeAll(() => import('./date-range-calendar'), 60_000);

afterEach(cleanup);

describe('nextRange', () => {
  it('starts with the end empty, completes on the second click and swaps reversed ends', () => {
    const first = nextRange({ start: '', end: '' }, '2025-06-10');
    expect(first).toEqual({ start: '2025-06-10', end: '' });
    expect(nextRange(first, '2025-06-20')).toEqual({ start: '2025-06-10', end: '2025-06-20' });
    expect(nextRange(first, '2025-06-01')).toEqual({ start: '2025-06-01', end: '2025-06-10' });
    expect(nextRange(first, '2025-06-10')).toEqual({ start: '2025-06-10', end: '2025-06-10' });
    expect(nextRange({ start: '2025-06-10', end: '2025-06-20' }, '2025-07-01')).toEqual({ start: '2025-07-01', end: '' });
  });
});

describe('rangeLabel', () => {
  it('shows "MMM dd, yyyy - MMM dd, yyyy"', () => {
    expect(rangeLabel({ start: '2025-06-01', end: '2026-01-15' })).toBe('Jun 01, 2025 - Jan 15, 2026');
    expect(rangeLabel({ start: '2025-06-01', end: '' })).toBe('Jun 01, 2025');
    expect(rangeLabel({ start: '', end: '' })).toBe('');
  });
});

describe('DateRangePicker', () => {
  const Harness = ({ initial }: { initial: DateRangeValue }) => {
    const [value, setValue] = useState(initial);
    return (
      <>
        <DateRangePicker value={value} onChange={setValue} />
        <output>{`${value.start}|${value.end}`}</output>
      </>
    );
  };

  it('shows the placeholder, and clears with "Clear date range"', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness initial={{ start: '', end: '' }} />);
    expect(screen.getByRole('button', { name: 'Select date range' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear date range' })).toBeNull();
    rerender(<Harness key="set" initial={{ start: '2025-06-01', end: '2025-06-30' }} />);
    expect(screen.getByRole('button', { name: 'Jun 01, 2025 - Jun 30, 2025' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear date range' }));
    expect(screen.getByRole('status').textContent).toBe('|');
  });

  it('picks a range in a future month from the calendar', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ start: '2099-03-05', end: '' }} />);
    await user.click(screen.getByRole('button', { name: 'Mar 05, 2099' }));
    // The calendar's code loads on first use.
    await screen.findByRole('dialog');
    const day = screen.getAllByRole('button').find((button) => /March 12th, 2099/.test(button.getAttribute('aria-label') ?? ''));
    expect(day).toBeTruthy();
    await user.click(day!);
    expect(screen.getByRole('status').textContent).toBe('2099-03-05|2099-03-12');
    // A completed range closes the calendar and gives the focus back to the picker.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mar 05, 2099 - Mar 12, 2099' }));
  });

  it('opens and closes from its button like a popover trigger, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ start: '', end: '' }} />);
    const trigger = screen.getByRole('button', { name: 'Select date range' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(dialog.id);
    await user.click(trigger);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});

describe('parseDay', () => {
  it('reads yyyy-MM-dd as date-fns parse does: local midnight, impossible days refused', () => {
    expect(parseDay('2025-06-01')).toEqual(new Date(2025, 5, 1));
    expect(parseDay('2024-2-29 ')).toEqual(new Date(2024, 1, 29));
    expect(parseDay('0099-01-01')?.getFullYear()).toBe(99);
    for (const impossible of ['2025-02-29', '2025-13-01', '2025-04-31', '2025-01-00', ' 2025-01-01', '2025-01-01x', '2025/01/01', '']) {
      expect(parseDay(impossible)).toBeUndefined();
    }
  });
});
