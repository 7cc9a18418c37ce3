// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../testing/render';
import { fakeChange, fakeConversation, fakeConversationsServer } from '../../../testing/timeline-fakes';
import { QueuesSummary } from './queues-summary';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('QueuesSummary', () => {
  it('shows each queue with its count and first items, linking to the timelines and the queues page', async () => {
    const server = fakeConversationsServer(
      [
        fakeConversation({ contact_email: 'ana@example.com', talent_name: 'Anaïs Dubois', whose_turn: 'agency' }),
        fakeConversation({
          id: '~na:0123456789abcdef',
          campaign_id: null,
          contact_email: null,
          talent_name: '',
          subject: 'My talents for Glow',
          needs_assignment: true,
          candidates: [{ contact_email: 'ben@example.com', talent_name: 'Ben Ode', campaign_id: 'glow-q1', campaign_name: 'Glow Serum Q1' }],
        }),
      ],
      () => [],
      [fakeChange({ contact_email: 'ben@example.com', talent_name: 'Ben Ode' })],
    );
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    renderAt(<QueuesSummary />);
    const tile = (id: string) => within(screen.getByTestId(`queue-summary-${id}`));
    await waitFor(() => expect(tile('needs_reply').getByTestId('queue-summary-count').textContent).toBe('1'));
    expect(tile('needs_reply').getByRole('link', { name: 'Anaïs Dubois' }).getAttribute('href')).toBe('/talents/ana%40example.com?campaign=glow-q1');
    expect(tile('follow_up').getByText('Nobody needs a nudge.')).toBeTruthy();
    await waitFor(() => expect(tile('needs_assignment').getByRole('link', { name: 'My talents for Glow' }).getAttribute('href')).toBe('/queues#needs-assignment'));
    expect(tile('needs_assignment').getByText('Ben Ode')).toBeTruthy();
    await waitFor(() => expect(tile('changes').getByRole('link', { name: 'Ben Ode' }).getAttribute('href')).toBe('/talents/ben%40example.com?campaign=glow-q1'));
    expect(tile('changes').getByText('Reply')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open queues' }).getAttribute('href')).toBe('/queues');
  });
});
