import { describe, expect, it } from 'vitest';
import { timelineBackLink } from './timeline-back';

describe('timelineBackLink', () => {
  it('returns to the board the person came from, filters and sort kept', () => {
    expect(timelineBackLink('/campaigns/glow-q1?turn=agency&sort=-waiting')).toEqual({ to: '/campaigns/glow-q1?turn=agency&sort=-waiting', label: 'Back to the board' });
  });

  it('returns to the queues, the dashboard or the contacts', () => {
    expect(timelineBackLink('/queues')).toEqual({ to: '/queues', label: 'Back to queues' });
    expect(timelineBackLink('/')).toEqual({ to: '/', label: 'Back to dashboard' });
    expect(timelineBackLink('/contacts?campaign=glow-q1')).toEqual({ to: '/contacts?campaign=glow-q1', label: 'Back to contacts' });
  });

  it('falls back to the contacts when opened directly or from a page it does not know', () => {
    expect(timelineBackLink(null)).toEqual({ to: '/contacts', label: 'Back to contacts' });
    expect(timelineBackLink('/settings')).toEqual({ to: '/contacts', label: 'Back to contacts' });
    expect(timelineBackLink('/campaigns')).toEqual({ to: '/contacts', label: 'Back to contacts' });
  });
});
