import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordVisit, usePreviousPage } from './previous-page';

// @vitest-environment jsdom

const Shown = () => <p data-testid="previous">{usePreviousPage() ?? 'none'}</p>;

afterEach(cleanup);

describe('usePreviousPage', () => {
  it('names the page opened before this one, with its query; a new query on the same page is not a new page', () => {
    render(<Shown />);
    act(() => recordVisit('/campaigns/glow-q1', ''));
    act(() => recordVisit('/campaigns/glow-q1', '?turn=agency'));
    act(() => recordVisit('/talents/ana%40x.com', '?campaign=glow-q1'));
    expect(screen.getByTestId('previous').textContent).toBe('/campaigns/glow-q1?turn=agency');
    // Switching campaigns on the timeline keeps the way back to the board.
    act(() => recordVisit('/talents/ana%40x.com', '?campaign=glow-q2'));
    expect(screen.getByTestId('previous').textContent).toBe('/campaigns/glow-q1?turn=agency');
    act(() => recordVisit('/queues', ''));
    expect(screen.getByTestId('previous').textContent).toBe('/talents/ana%40x.com?campaign=glow-q2');
  });
});
