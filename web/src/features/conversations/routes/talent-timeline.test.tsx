// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { notificationStore } from '../../../components/ui/notifications';
import { renderRoutes } from '../../../testing/render';
import { fakeConversation, fakeConversationsServer, fakeMessage } from '../../../testing/timeline-fakes';
import { TalentTimelineRoute } from './talent-timeline';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

const MAYA = 'maya@brightwave-agency.com';

const q1 = () =>
  fakeConversation({
    campaign_id: 'glow-q1',
    campaign_name: 'Glow Serum Q1',
    status: 'negotiating',
    attribution: { reason: 'manager_named', campaign_confirmed: false, evidence: 'javier@verdetalent.es wrote; named "Sofía Navarro" in the mail' },
    dates: [{ date: '2026-12-03', kind: 'go_live', quote: 'the video up 12/03', message_id: '<m2@x>', set_by: 'model' }],
    fees: [{ amount: 1500, currency: 'EUR', unit: 'per_post', vat_included: false, state: 'quoted', quote: '1,500 EUR plus VAT', message_id: '<m2@x>', set_by: 'model' }],
    email_owner: 'Javier Ruiz <javier@verdetalent.es>',
    threads: [
      { mailbox: MAYA, thread_id: '18a1', gmail_url: `https://mail.google.com/mail/u/${MAYA}/#all/18a1`, subject: 'Re: Holiday Glam brief' },
      { mailbox: MAYA, thread_id: '18a7', gmail_url: `https://mail.google.com/mail/u/${MAYA}/#all/18a7` },
    ],
    failures: [{ purpose: 'individual_message_summary', message: 'The gpt-5-nano answer was cut at its token limit', at: '2026-11-10T09:01:00.000Z' }],
  });

const q2 = () =>
  fakeConversation({
    campaign_id: 'glow-q2',
    campaign_name: 'Glow Serum Q2',
    status: 'declined',
    whose_turn: null,
    turn_since: null,
    summary: 'Not this time.',
    last_inbound_at: '2026-03-01T00:00:00.000Z',
    last_outbound_at: null,
    updated_at: null,
  });

const MESSAGES = [
  fakeMessage(),
  fakeMessage({ message_id: '<ooo@x>', date: '2026-11-09T09:01:00.000Z', from: 'ana@example.com', side: 'talent', summary: 'Out of office until Monday.', intent: null, auto_reply: 'auto_reply' }),
  fakeMessage({ message_id: '<bounce@x>', date: '2026-11-09T09:02:00.000Z', from: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>', side: 'unknown', summary: '', intent: null, auto_reply: 'bounce' }),
  fakeMessage({ message_id: '<m2@x>', date: '2026-11-10T09:00:00.000Z', from: 'Anaïs <ana@example.com>', side: 'talent', summary: 'Asked 1,500 EUR plus VAT.', intent: 'counter' }),
  fakeMessage({ message_id: '<m3@x>', date: '2026-11-10T10:00:00.000Z', from: 'Javier Ruiz <javier@verdetalent.es>', side: 'talent', summary: 'Confirmed the fee.', intent: 'accept' }),
  fakeMessage({ message_id: '<m4@x>', date: '2026-11-10T11:00:00.000Z', from: 'Lola Gil <lola@verdetalent.es>', side: 'talent', summary: 'Sent the invoice details.', intent: 'logistics' }),
  fakeMessage({ message_id: '<m5@x>', date: '2026-11-10T12:00:00.000Z', from: 'Pat Brand <pat@glowbrand.com>', side: 'client', summary: 'Approved the brief.', intent: 'other' }),
];

const serve = (initial: ConversationJson[]) => {
  const server = fakeConversationsServer(initial, (item) => (item.campaign_id === 'glow-q1' ? MESSAGES : []));
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
};

const open = (path: string) => {
  renderRoutes([{ path: '/talents/:email', element: <TalentTimelineRoute /> }], { path });
  return userEvent.setup();
};

const panel = () => screen.getByTestId('timeline-conversation');

describe('TalentTimelineRoute', () => {
  it('asks for the talent across campaigns and opens the campaign named in the URL', async () => {
    const { calls } = serve([q1(), q2()]);
    open('/talents/ana%40example.com?campaign=glow-q2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anaïs Dubois' })).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/v3/conversations' });
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ contact_email: 'ana@example.com', limit: '100' });
    await waitFor(() => expect(within(panel()).getByRole('heading', { level: 2 }).textContent).toBe('Glow Serum Q2'));
    const campaigns = within(screen.getByRole('navigation', { name: 'Campaigns of this talent' })).getAllByTestId('timeline-campaign');
    // The most recently active first; the URL's campaign is the one open.
    expect(campaigns.map((link) => link.textContent)).toEqual([expect.stringContaining('Glow Serum Q1'), expect.stringContaining('Glow Serum Q2')]);
    expect(campaigns[1]!.getAttribute('aria-current')).toBe('page');
    expect(within(panel()).getByText('Declined')).toBeTruthy();
    expect(within(panel()).getByTestId('whose-turn').textContent).toContain('Nobody yet');
  });

  it('shows status, turn, summary, attribution, dates and fees with their quotes, failures, Gmail links and the messages', async () => {
    serve([q1(), q2()]);
    const user = open('/talents/ana%40example.com');
    await waitFor(() => expect(within(panel()).getByRole('heading', { level: 2 }).textContent).toBe('Glow Serum Q1'));
    const view = within(panel());
    expect(view.getByTestId('conversation-status').textContent).toBe('Negotiating');
    expect(view.getByTestId('whose-turn').textContent).toMatch(/^Agency · \d+ days?\(since Nov 10, 2026\)$/);
    expect(view.getByTestId('conversation-summary').textContent).toBe('Anaïs asked 1,500 EUR for a Reel.');
    expect(view.getByTestId('attribution').textContent).toContain("The talent's manager wrote and named the talent");
    expect(view.getByTestId('attribution-evidence').textContent).toBe('javier@verdetalent.es wrote; named "Sofía Navarro" in the mail');
    expect(view.getByTestId('campaign-not-confirmed').textContent).toContain('Campaign not confirmed');

    const date = view.getByTestId('key-date');
    expect(date.textContent).toContain('Dec 3, 2026');
    expect(date.textContent).toContain('Go live');
    expect(within(date).getByText('“the video up 12/03”')).toBeTruthy();
    const fee = view.getByTestId('fee');
    expect(fee.textContent).toContain('€1,500 per post');
    expect(fee.textContent).toContain('plus VAT');
    expect(fee.textContent).toContain('Quoted');
    expect(within(fee).getByText('“1,500 EUR plus VAT”')).toBeTruthy();
    expect(view.queryByTestId('set-by-person')).toBeNull();

    expect(view.getByTestId('failures').textContent).toMatch(/^Message summary: The gpt-5-nano answer was cut at its token limit \(Nov 10, 2026, \d\d:\d\d\)$/);

    // Each thread named by its subject and whose mailbox holds it; one stored before subjects were kept by the mailbox alone.
    const gmail = view.getByRole('link', { name: 'Open in Gmail: Re: Holiday Glam brief · maya@' });
    expect(view.getByRole('link', { name: 'Open in Gmail · maya@' }).getAttribute('href')).toBe(`https://mail.google.com/mail/u/${MAYA}/#all/18a7`);
    expect(gmail.getAttribute('href')).toBe(`https://mail.google.com/mail/u/${MAYA}/#all/18a1`);
    expect(gmail.getAttribute('title')).toBe(`Only ${MAYA} can open this thread`);
    expect(gmail.getAttribute('target')).toBe('_blank');

    const messages = await view.findAllByTestId('timeline-message');
    expect(messages).toHaveLength(7);
    expect(messages[0]!.textContent).toContain('Maya Okafor <maya@brightwave-agency.com>');
    expect(messages[0]!.textContent).toContain('Agency');
    expect(messages[0]!.textContent).toContain('Intent: Offer');
    expect(messages[0]!.textContent).toContain('Offered a Reel.');
    expect(within(messages[1]!).getByTestId('auto-reply-mark').textContent).toBe('Auto-reply');
    expect(within(messages[2]!).getByTestId('bounce-mark').textContent).toBe('Bounce');
    expect(messages[2]!.textContent).toContain('No summary for this message.');
    expect(messages[3]!.textContent).toContain('Talent');
    expect(messages[3]!.textContent).toContain('Intent: Counter');
    expect(within(messages[3]!).getByRole('link', { name: `Open message in Gmail (${MAYA})` })).toBeTruthy();
    // Each side named: the talent, their manager by name, the manager's colleague, the client; the bounce's sender is nobody's.
    expect(messages.map((message) => within(message).getByTestId('message-sender').textContent)).toEqual([
      'Agency',
      'Talent',
      'Someone else',
      'Talent',
      'Manager · Javier Ruiz',
      "Manager's colleague",
      'Client',
    ]);

    // Another campaign of the talent, from the list.
    await user.click(screen.getAllByTestId('timeline-campaign')[1]!);
    await waitFor(() => expect(within(panel()).getByRole('heading', { level: 2 }).textContent).toBe('Glow Serum Q2'));
  });

  it('shows why this status: the message, sender, date and quote behind status, turn and latest fee, or the person who set it', async () => {
    const why = {
      status: { set_by: 'model' as const, message_id: '<m2@x>', date: '2026-11-10T09:00:00.000Z', from: 'Anaïs <ana@example.com>', quote: 'Could you do 1,500 EUR plus VAT?' },
      whose_turn: { set_by: 'person' as const, message_id: null, date: '2026-11-11T10:30:00.000Z', from: '', quote: '' },
      latest_fee: null,
    };
    const server = fakeConversationsServer([q1(), q2()], (item) => (item.campaign_id === 'glow-q1' ? MESSAGES : []), [], (item) => (item.campaign_id === 'glow-q1' ? why : undefined));
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    open('/talents/ana%40example.com');
    const section = await screen.findByTestId('why-this-status');
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('Why this status');
    const status = within(section).getByTestId('why-status');
    expect(status.getAttribute('data-message-id')).toBe('<m2@x>');
    expect(status.textContent).toMatch(/^Anaïs <ana@example\.com> · Nov 10, 2026, \d\d:\d\d“Could you do 1,500 EUR plus VAT\?”$/);
    expect(within(section).getByTestId('why-turn').textContent).toMatch(/^Set by a person on Nov 11, 2026, \d\d:\d\d$/);
    expect(within(section).getByTestId('why-fee').textContent).toBe('No message has set this yet.');

    // a conversation whose server gave no reasons shows no section
    await userEvent.setup().click(screen.getAllByTestId('timeline-campaign')[1]!);
    await waitFor(() => expect(within(panel()).getByRole('heading', { level: 2 }).textContent).toBe('Glow Serum Q2'));
    expect(screen.queryByTestId('why-this-status')).toBeNull();
  });

  it('says so when the talent has no conversation', async () => {
    serve([]);
    open('/talents/nobody%40example.com');
    expect(await screen.findByText('No conversations for this talent yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'nobody@example.com' })).toBeTruthy();
  });
});
