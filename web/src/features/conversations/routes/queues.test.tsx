// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactMapKey, trackingResponse } from '../../../../../shared/schemas/campaigns';
import type { ChangeJson, ConversationJson } from '../../../../../shared/schemas/conversations';
import { notificationStore } from '../../../components/ui/notifications';
import { renderRoutes } from '../../../testing/render';
import { fakeChange, fakeConversation, fakeConversationsServer } from '../../../testing/timeline-fakes';
import { QueuesRoute } from './queues';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const waitingLong = fakeConversation({ campaign_id: 'glow-q1', contact_email: 'ana@example.com', talent_name: 'Anaïs Dubois', whose_turn: 'agency', turn_since: ago(72 * HOUR) });
const waitingShort = fakeConversation({ campaign_id: 'glow-q1', contact_email: 'ben@example.com', talent_name: 'Ben Ode', whose_turn: 'agency', turn_since: ago(5 * HOUR) });
const quiet = fakeConversation({
  campaign_id: 'glow-q1',
  contact_email: 'cleo@example.com',
  talent_name: 'Cléo Martin',
  status: 'awaiting_reply',
  whose_turn: 'talent',
  turn_since: ago(10 * 24 * HOUR),
  follow_up: true,
});
const unassigned = fakeConversation({
  id: '~na:0123456789abcdef',
  campaign_id: null,
  campaign_name: '',
  contact_email: null,
  talent_name: '',
  email_owner: 'javier@estrellatalent.es',
  status: 'replied',
  subject: 'Verde Kitchen – creadores de cocina',
  summary: 'Javier says Sofía would love to do it and asks for the brief.',
  needs_assignment: true,
  attribution: { reason: 'none', campaign_confirmed: false },
  candidates: [
    { contact_email: 'sofiamgil.cocina@gmail.com', talent_name: 'Sofía Martín Gil', campaign_id: 'hc-verde-otono', campaign_name: 'Verde Kitchen Otoño' },
    { contact_email: 'sofianavarro.eats@gmail.com', talent_name: 'Sofía Navarro', campaign_id: 'hc-verde-otono', campaign_name: 'Verde Kitchen Otoño' },
  ],
  threads: [{ mailbox: 'daniel@brightwave-agency.com', thread_id: '1a0f', gmail_url: 'https://mail.google.com/mail/u/daniel@brightwave-agency.com/#all/1a0f' }],
});

const CHANGES: ChangeJson[] = [
  fakeChange({ at: ago(3 * HOUR), contact_email: 'ben@example.com', talent_name: 'Ben Ode', conversation_id: 'glow-q1:ben@example.com' }),
  fakeChange({ at: ago(1 * HOUR), kind: 'status', previous_status: 'replied', status: 'negotiating', summary: 'Counter at 1,500 EUR.' }),
];

/** The agency's contacts the "Another talent" search finds (GET /api/campaigns/contacts/tracking?q). */
const CONTACTS = [
  { email: 'sofiaruiz.recetas@gmail.com', talent_name: 'Sofía Ruiz', campaign_id: 'hc-verde-otono', campaign_name: 'Verde Kitchen Otoño', tracking: true },
  { email: 'sofia.paused@gmail.com', talent_name: 'Sofía Pausada', campaign_id: 'hc-verde-otono', campaign_name: 'Verde Kitchen Otoño', tracking: false },
  { email: 'ben@example.com', talent_name: 'Ben Ode', campaign_id: 'glow-q1', campaign_name: 'Glow Serum Q1', tracking: true },
];

/** The conversations fake, plus the contacts search the "Another talent" picker asks. */
const withContactSearch = (conversations: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) => (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname !== '/api/campaigns/contacts/tracking') return conversations(input, init);
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const found = CONTACTS.filter((contact) => `${contact.talent_name} ${contact.email}`.toLowerCase().includes(q));
  const body = trackingResponse.parse({
    success: true,
    contacts: Object.fromEntries(found.map((contact) => [contactMapKey(contact.campaign_id, contact.email), { ...contact, email_owner: '', handle: '' }])),
    next_cursor: null,
  });
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
};

const setup = (items: ConversationJson[] = [waitingLong, waitingShort, quiet, unassigned], changes = CHANGES) => {
  const server = fakeConversationsServer(items, () => [], changes);
  vi.stubGlobal('fetch', vi.fn(withContactSearch(server.fetch)));
  renderRoutes([{ path: '/queues', element: <QueuesRoute /> }], { path: '/queues' });
  const posts = () => server.calls.filter((call) => call.method === 'POST');
  return { server, user: userEvent.setup(), posts };
};

const queue = (id: string) => within(screen.getByTestId(`queue-${id}`));

describe('QueuesRoute', () => {
  it('asks the server for each queue: needs_reply (the agency owes an answer, not Declined) oldest waiting first, follow_up, needs_assignment, and the changes feed', async () => {
    const { server } = setup();
    await waitFor(() => expect(queue('needs_reply').getAllByTestId('queue-item')).toHaveLength(2));
    const lists = server.calls.filter((call) => call.path === '/api/v3/conversations').map((call) => Object.fromEntries(call.query));
    expect(lists).toEqual(
      expect.arrayContaining([
        { needs_reply: 'true', tracking: 'on', sort: 'waiting', limit: '50' },
        { follow_up: 'true', tracking: 'on', sort: 'waiting', limit: '50' },
        { needs_assignment: 'true', sort: '-updated', limit: '50' },
      ]),
    );
    expect(server.calls.some((call) => call.path === '/api/v3/conversations/changes' && !call.query.has('since'))).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Work Queues' })).toBeTruthy();
    for (const title of ['Needs reply', 'Follow up', 'Needs assignment', 'What changed']) expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
  });

  it('lists who needs a reply, with how long they have waited, linking to the timeline', async () => {
    setup();
    const items = await waitFor(() => {
      const found = queue('needs_reply').getAllByTestId('queue-item');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(items[0]!.textContent).toContain('waiting 3 days');
    const link = within(items[0]!).getByRole('link', { name: 'Anaïs Dubois' });
    expect(link.getAttribute('href')).toBe('/talents/ana%40example.com?campaign=glow-q1');
    expect(queue('needs_reply').getByTestId('queue-count').textContent).toBe('2');
    const followUp = await queue('follow_up').findAllByTestId('queue-item');
    expect(followUp.map((item) => item.textContent)).toEqual([expect.stringContaining('Cléo Martin')]);
    expect(followUp[0]!.textContent).toContain('Awaiting reply');
  });

  it('assigns a needs-assignment conversation to one candidate in one click; it leaves the queue', async () => {
    const { user, posts } = setup();
    const item = await queue('needs_assignment').findByTestId('assign-item');
    expect(item.textContent).toContain('Verde Kitchen – creadores de cocina');
    expect(item.textContent).toContain('Javier says Sofía would love to do it');
    expect(within(item).getByRole('link', { name: 'Open in Gmail · daniel@' })).toBeTruthy();
    expect(within(item).getAllByTestId('assign-candidate')).toHaveLength(2);
    await user.click(within(item).getByRole('button', { name: 'Assign to Sofía Navarro (Verde Kitchen Otoño)' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      path: '/api/v3/conversations/assign',
      body: { id: '~na:0123456789abcdef', assignments: [{ contact_email: 'sofianavarro.eats@gmail.com', campaign_id: 'hc-verde-otono' }] },
    });
    await waitFor(() => expect(queue('needs_assignment').queryByTestId('assign-item')).toBeNull());
    expect(queue('needs_assignment').getByText('Every conversation has its talent.')).toBeTruthy();
    expect(notificationStore.getSnapshot().map(({ title, message }) => ({ title, message }))).toEqual([{ title: 'Conversation Assigned', message: 'Assigned to Sofía Navarro' }]);
  });

  it('assigns to several candidates at once, and asks for at least one with the shared schema\'s words', async () => {
    const { user, posts } = setup();
    const item = await queue('needs_assignment').findByTestId('assign-item');
    await user.click(within(item).getByRole('button', { name: 'Assign selected' }));
    expect(within(item).getByText('Choose at least one talent')).toBeTruthy();
    expect(posts()).toEqual([]);
    await user.click(within(item).getByRole('checkbox', { name: /Sofía Martín Gil/ }));
    await user.click(within(item).getByRole('checkbox', { name: /Sofía Navarro/ }));
    await user.click(within(item).getByRole('button', { name: 'Assign selected (2)' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      id: '~na:0123456789abcdef',
      assignments: [
        { contact_email: 'sofiamgil.cocina@gmail.com', campaign_id: 'hc-verde-otono' },
        { contact_email: 'sofianavarro.eats@gmail.com', campaign_id: 'hc-verde-otono' },
      ],
    });
    await waitFor(() => expect(queue('needs_assignment').queryByTestId('assign-item')).toBeNull());
  });

  it('dismisses a needs-assignment conversation with "None of these"; it leaves the queue', async () => {
    const { user, posts } = setup();
    const item = await queue('needs_assignment').findByTestId('assign-item');
    await user.click(within(item).getByRole('button', { name: 'None of these talents: Verde Kitchen – creadores de cocina' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ id: '~na:0123456789abcdef', assignments: [], dismiss: true });
    await waitFor(() => expect(queue('needs_assignment').queryByTestId('assign-item')).toBeNull());
    expect(notificationStore.getSnapshot().map(({ title }) => title)).toEqual(['Conversation Dismissed']);
  });

  it('assigns to "Another talent" found by a search of the tracked talents; the request says the person picked outside the candidates', async () => {
    const { user, posts } = setup();
    const item = await queue('needs_assignment').findByTestId('assign-item');
    expect(within(item).queryByTestId('assign-other-talent')).toBeNull();
    const toggle = within(item).getByRole('button', { name: 'Another talent: Verde Kitchen – creadores de cocina' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const picker = within(within(item).getByTestId('assign-other-talent'));
    await user.click(picker.getByRole('button', { name: 'Assign to this talent' }));
    expect(picker.getByRole('alert').textContent).toBe('Choose a talent first');
    expect(posts()).toEqual([]);

    await user.type(picker.getByLabelText('Search your tracked talents'), 'sofia');
    // Tracked talents only: a paused one would be refused by the server.
    const option = await picker.findByRole('radio', { name: /Sofía Ruiz · Verde Kitchen Otoño/ });
    expect(picker.queryByRole('radio', { name: /Sofía Pausada/ })).toBeNull();
    await user.click(option);
    expect(picker.queryByRole('alert')).toBeNull();
    await user.click(picker.getByRole('button', { name: 'Assign to this talent' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      id: '~na:0123456789abcdef',
      assignments: [{ contact_email: 'sofiaruiz.recetas@gmail.com', campaign_id: 'hc-verde-otono' }],
      other_talent: true,
    });
    await waitFor(() => expect(queue('needs_assignment').queryByTestId('assign-item')).toBeNull());
    expect(notificationStore.getSnapshot().map(({ title, message }) => ({ title, message }))).toEqual([{ title: 'Conversation Assigned', message: 'Assigned to Sofía Ruiz' }]);
  });

  it("shows the server's refusal of a talent who is not a candidate", async () => {
    const server = fakeConversationsServer([unassigned], () => [], []);
    const refusal = 'ben@example.com is not one of this conversation\'s candidates; choose "Another talent" to assign someone else';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        withContactSearch((input, init = {}) =>
          String(input).endsWith('/api/v3/conversations/assign')
            ? Promise.resolve(new Response(JSON.stringify({ success: false, error: refusal }), { status: 400, headers: { 'content-type': 'application/json' } }))
            : server.fetch(input, init),
        ),
      ),
    );
    renderRoutes([{ path: '/queues', element: <QueuesRoute /> }], { path: '/queues' });
    const user = userEvent.setup();
    const item = await queue('needs_assignment').findByTestId('assign-item');
    await user.click(within(item).getByRole('button', { name: 'Assign to Sofía Navarro (Verde Kitchen Otoño)' }));
    expect(await within(item).findByText(refusal)).toBeTruthy();
    expect(notificationStore.getSnapshot().map(({ title }) => title)).toEqual(['Assignment Failed']);
  });

  it('shows what changed since the last visit, newest first, each linking to its timeline', async () => {
    setup();
    const changes = await queue('changes').findAllByTestId('change-item');
    expect(changes.map((change) => change.getAttribute('data-kind'))).toEqual(['status', 'reply']);
    expect(changes[0]!.textContent).toContain('Replied → Negotiating');
    expect(changes[0]!.textContent).toContain('Counter at 1,500 EUR.');
    expect(changes[0]!.textContent).toContain('1 hour ago');
    expect(within(changes[1]!).getByRole('link', { name: 'Ben Ode' }).getAttribute('href')).toBe('/talents/ben%40example.com?campaign=glow-q1');
    expect(queue('changes').getByText(/^Since your last visit \(/)).toBeTruthy();
  });

  it('says when a queue is empty, and shows a failed queue without hiding the others', async () => {
    const server = fakeConversationsServer([], () => [], []);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
        String(input).includes('follow_up=true')
          ? Promise.resolve(new Response(JSON.stringify({ success: false, error: 'Queue store down' }), { status: 500, headers: { 'content-type': 'application/json' } }))
          : server.fetch(input, init),
      ),
    );
    renderRoutes([{ path: '/queues', element: <QueuesRoute /> }], { path: '/queues' });
    expect(await queue('needs_reply').findByText('Nothing is waiting for a reply.')).toBeTruthy();
    expect(await queue('follow_up').findByText('Queue store down')).toBeTruthy();
    expect(await queue('changes').findByText('Nothing changed since your last visit.')).toBeTruthy();
  });
});
