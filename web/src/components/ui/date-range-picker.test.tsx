// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateRangePicker, nextRange, rangeLabel, type DateRangeValue } from './date-range-picker';

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
    const day = screen.getAllByRole('button').find((button) => /March 12th, 2099/.test(button.getAttribute('aria-label') ?? ''));
    expect(day).toBeTruthy();
    await user.click(day!);
    expect(screen.getByRole('status').textContent).toBe('2099-03-05|2099-03-12');
  });
});
