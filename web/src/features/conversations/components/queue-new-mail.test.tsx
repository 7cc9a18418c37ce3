// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../testing/render';
import { fakeChange, fakeConversationsServer } from '../../../testing/timeline-fakes';
import { QueueNewMail } from './queue-new-mail';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (changes: Parameters<typeof fakeConversationsServer>[2]) => {
  const server = fakeConversationsServer([], () => [], changes);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  renderAt(<QueueNewMail />);
  return server;
};

describe('QueueNewMail', () => {
  it('names each talent who wrote since the last visit once, linking to their timeline', async () => {
    render([
      fakeChange({ at: '2026-11-22T10:00:00.000Z', contact_email: 'ben@example.com', talent_name: 'Ben Ode', campaign_id: 'glow-q2' }),
      fakeChange({ at: '2026-11-21T10:00:00.000Z' }),
      fakeChange({ at: '2026-11-20T10:00:00.000Z' }),
      fakeChange({ at: '2026-11-23T10:00:00.000Z', kind: 'status', contact_email: 'cleo@example.com', talent_name: 'Cléo Martin' }),
    ]);
    const line = await screen.findByTestId('monitoring-new-mail');
    expect(line.textContent).toBe('New mail from:Ben Ode,Anaïs Dubois');
    expect(within(line).getByRole('link', { name: 'Ben Ode' }).getAttribute('href')).toBe('/talents/ben%40example.com?campaign=glow-q2');
    expect(within(line).queryByText('Cléo Martin')).toBeNull();
  });

  it('asks the feed again after each monitoring check', async () => {
    const server = fakeConversationsServer([], () => [], []);
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    const feedCalls = () => server.calls.filter((call) => call.path === '/api/v3/conversations/changes').length;
    const Panel = () => {
      const [checkedAt, setCheckedAt] = useState('2026-11-23T10:00:00.000Z');
      const [renders, setRenders] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setRenders(renders + 1)}>
            same check
          </button>
          <button type="button" onClick={() => setCheckedAt('2026-11-23T10:02:00.000Z')}>
            next check
          </button>
          <QueueNewMail checkedAt={checkedAt} />
        </>
      );
    };
    renderAt(<Panel />);
    const user = userEvent.setup();
    await screen.findByTestId('monitoring-new-mail');
    expect(feedCalls()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'same check' }));
    expect(feedCalls()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'next check' }));
    await waitFor(() => expect(feedCalls()).toBe(2));
  });

  it('says when nobody wrote', async () => {
    render([fakeChange({ kind: 'status' })]);
    expect((await screen.findByTestId('monitoring-new-mail')).textContent).toBe('No new replies since your last visit');
  });
});
