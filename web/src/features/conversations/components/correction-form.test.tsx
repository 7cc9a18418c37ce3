// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { notificationStore } from '../../../components/ui/notifications';
import { renderRoutes } from '../../../testing/render';
import { fakeConversation, fakeConversationsServer } from '../../../testing/timeline-fakes';
import { TalentTimelineRoute } from '../routes/talent-timeline';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

const withFacts = (overrides: Partial<ConversationJson> = {}) =>
  fakeConversation({
    dates: [{ date: '2026-12-03', kind: 'go_live', quote: 'the video up 12/03', message_id: '<m2@x>', set_by: 'model' }],
    fees: [{ amount: 4500, currency: 'USD', unit: 'bundle', vat_included: null, state: 'agreed', quote: '$4,500 for both', message_id: '<m1@x>', set_by: 'model' }],
    ...overrides,
  });

const setup = async (conversation: ConversationJson = withFacts()) => {
  const server = fakeConversationsServer([conversation]);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  renderRoutes([{ path: '/talents/:email', element: <TalentTimelineRoute /> }], { path: '/talents/ana%40example.com?campaign=glow-q1' });
  const user = userEvent.setup();
  const panel = await screen.findByTestId('timeline-conversation');
  await user.click(within(panel).getByRole('button', { name: 'Correct' }));
  const form = within(screen.getByRole('form', { name: 'Corrections' }));
  const patches = () => server.calls.filter((call) => call.method === 'PATCH');
  return { server, user, panel, form, patches };
};

const toasts = () => notificationStore.getSnapshot().map(({ type, title }) => ({ type, title }));

describe('CorrectionForm', () => {
  it('starts from the conversation as it reads now', async () => {
    const { form } = await setup();
    expect((form.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('negotiating');
    expect((form.getByRole('combobox', { name: 'Whose turn' }) as HTMLSelectElement).value).toBe('agency');
    expect((form.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-12-03');
    const dateRow = within(form.getByTestId('correction-date-row'));
    expect((dateRow.getByLabelText('Quote (optional)') as HTMLInputElement).value).toBe('the video up 12/03');
    expect((within(form.getByTestId('correction-fee-row')).getByLabelText('Quote (optional)') as HTMLInputElement).value).toBe('$4,500 for both');
    expect((form.getByLabelText('Amount') as HTMLInputElement).value).toBe('4500');
    expect((form.getByLabelText('Currency') as HTMLInputElement).value).toBe('USD');
    // Nothing was corrected: no "Reset to automatic" yet.
    expect(form.queryByRole('button', { name: /to automatic/ })).toBeNull();
  });

  it("shows the shared schema's messages for a new fee and a new date left empty, and sends nothing", async () => {
    const { user, form, patches } = await setup(fakeConversation());
    await user.click(form.getByRole('button', { name: 'Add fee' }));
    await user.click(form.getByRole('button', { name: 'Add date' }));
    await user.click(form.getByRole('button', { name: 'Save corrections' }));
    expect(await form.findByText('amount must be a number')).toBeTruthy();
    expect(form.getByText('currency must be a 3-letter code')).toBeTruthy();
    expect(form.getByText('date must be yyyy-MM-dd')).toBeTruthy();
    expect(form.getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(patches()).toEqual([]);
  });

  it('says there is nothing to change when nothing was changed', async () => {
    const { user, form, patches } = await setup();
    await user.click(form.getByRole('button', { name: 'Save corrections' }));
    expect(await form.findByText('Nothing to change: give status, whose_turn, dates or fees')).toBeTruthy();
    expect(patches()).toEqual([]);
  });

  it('sends only the corrected status, then shows it "set by a person"', async () => {
    const { user, form, panel, patches } = await setup();
    expect(within(panel).queryByText('set by a person')).toBeNull();
    await user.selectOptions(form.getByRole('combobox', { name: 'Status' }), 'confirmed');
    await user.click(form.getByRole('button', { name: 'Save corrections' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ path: '/api/v3/conversations/glow-q1:ana@example.com', body: { status: 'confirmed' } });
    await waitFor(() => expect(within(panel).getByTestId('conversation-status').textContent).toBe('Confirmedset by a person'));
    expect(screen.queryByRole('form', { name: 'Corrections' })).toBeNull();
    expect(toasts()).toEqual([{ type: 'success', title: 'Corrections Saved' }]);
    // The dates and fees were not sent, so they stay the model's.
    expect(within(panel).getByTestId('key-date').textContent).not.toContain('set by a person');
  });

  it('adds a fee: the whole fee list is sent with the currency upper-cased, and each fee reads "set by a person"', async () => {
    const { user, form, panel, patches } = await setup();
    await user.click(form.getByRole('button', { name: 'Add fee' }));
    const row = within(form.getAllByTestId('correction-fee-row')[1]!);
    await user.type(row.getByLabelText('Amount'), '300');
    await user.type(row.getByLabelText('Currency'), 'gbp');
    await user.selectOptions(row.getByLabelText('Unit'), 'per_post');
    await user.selectOptions(row.getByLabelText('VAT'), 'included');
    await user.selectOptions(row.getByLabelText('State'), 'countered');
    await user.type(row.getByLabelText('Quote (optional)'), '£300 a post incl. VAT');
    await user.click(form.getByRole('button', { name: 'Save corrections' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({
      fees: [
        { amount: 4500, currency: 'USD', unit: 'bundle', vat_included: null, state: 'agreed', quote: '$4,500 for both' },
        { amount: 300, currency: 'GBP', unit: 'per_post', vat_included: true, state: 'countered', quote: '£300 a post incl. VAT' },
      ],
    });
    await waitFor(() => expect(within(panel).getAllByTestId('fee')).toHaveLength(2));
    for (const fee of within(panel).getAllByTestId('fee')) expect(fee.textContent).toContain('set by a person');
    expect(within(panel).getAllByTestId('fee')[1]!.textContent).toContain('“£300 a post incl. VAT”');
  });

  it('removes a date: the remaining list is sent (here, none)', async () => {
    const { user, form, patches } = await setup();
    await user.click(form.getByRole('button', { name: 'Remove date 1' }));
    await user.click(form.getByRole('button', { name: 'Save corrections' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ dates: [] });
  });

  it('adds a date with an optional quote', async () => {
    const { user, form, patches } = await setup(fakeConversation());
    await user.click(form.getByRole('button', { name: 'Add date' }));
    await user.type(form.getByLabelText('Date'), '2026-11-24');
    await user.selectOptions(form.getByLabelText('Kind'), 'draft_due');
    await user.click(form.getByRole('button', { name: 'Save corrections' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ dates: [{ date: '2026-11-24', kind: 'draft_due', quote: '' }] });
  });

  it('"Reset to automatic" sends null for the field', async () => {
    const { user, form, panel, patches } = await setup(withFacts({ status: 'confirmed', corrected_fields: ['status'] }));
    expect(within(panel).getByTestId('conversation-status').textContent).toBe('Confirmedset by a person');
    await user.click(form.getByRole('button', { name: 'Reset status to automatic' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ status: null });
    await waitFor(() => expect(within(panel).queryByText('set by a person')).toBeNull());
    expect(toasts()).toEqual([{ type: 'success', title: 'Reset to Automatic' }]);
  });

  it('shows the server error and keeps the form open', async () => {
    const { user, form, server } = await setup();
    const original = server.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
        init.method === 'PATCH'
          ? Promise.resolve(new Response(JSON.stringify({ success: false, error: 'status must be one of not_contacted' }), { status: 400, headers: { 'content-type': 'application/json' } }))
          : original(input, init),
      ),
    );
    await user.selectOptions(form.getByRole('combobox', { name: 'Whose turn' }), 'talent');
    await user.click(form.getByRole('button', { name: 'Save corrections' }));
    expect(await form.findByText('status must be one of not_contacted')).toBeTruthy();
    expect(toasts()).toEqual([{ type: 'error', title: 'Correction Failed' }]);
  });
});
