// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeProcessingStatus, fakeStarted, fakeTracking } from '../../../testing/fakes';
import { fakeApi, renderAt } from '../../../testing/render';
import { ContactEmailCard } from './contact-email-card';
import { ContactPicker } from './contact-picker';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

type Row = { email: string; talent_name?: string; tracking_enabled?: boolean };
const answer = (rows: Row[]) =>
  fakeTracking({
    contacts: Object.fromEntries(rows.map((row) => [`c1:${row.email}`, { campaign_id: 'c1', tracking_enabled: true, ...row }])),
    summary: undefined,
    by_campaign: undefined,
  });

const FIRST: Row[] = [
  { email: 'zed@x.test', talent_name: 'Zed' },
  { email: 'amy@x.test' },
  { email: 'off@x.test', talent_name: 'Off', tracking_enabled: false },
  { email: 'bea@x.test', talent_name: 'Bea Stone' },
];

/** The server's search, as the picker asks it: each answer by the q of its request. */
const serve = (byQuery: (q: string) => Row[], extra: Parameters<typeof fakeApi>[0] = {}) => {
  const asked: URLSearchParams[] = [];
  const api = fakeApi({
    'GET /api/campaigns/contacts/tracking': () => ({ body: answer(byQuery(asked.at(-1)?.get('q') ?? '')) }),
    ...extra,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(new URL(String(input), 'http://localhost').searchParams);
      return api.fetchImpl(input, init);
    }),
  );
  return { api, asked };
};

const Harness = ({ onChange }: { onChange?: (email: string) => void }) => {
  const [value, setValue] = useState('');
  return (
    <>
      <ContactPicker
        label="Contact"
        placeholder="Select a contact"
        value={value}
        onValueChange={(email) => {
          setValue(email);
          onChange?.(email);
        }}
      />
      <output data-testid="chosen">{value}</output>
    </>
  );
};

const combobox = () => screen.getByRole('combobox', { name: 'Contact' });
const optionTexts = () => within(screen.getByRole('listbox', { name: 'Contact' })).getAllByRole('option').map((option) => option.textContent);
const highlighted = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the Process Email picker', () => {
  it('is a combobox with a listbox: Down opens it on the first enabled contact, Down and Up move and wrap, Enter chooses', async () => {
    serve(() => FIRST);
    const user = userEvent.setup();
    renderAt(<Harness />);
    await waitFor(() => expect(combobox().hasAttribute('disabled')).toBe(false));
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().getAttribute('aria-autocomplete')).toBe('list');
    expect(combobox().getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { hidden: true }).id);

    await user.click(combobox());
    await user.keyboard('{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    // Enabled contacts only, "talent (email)" or the e-mail, sorted.
    expect(optionTexts()).toEqual(['amy@x.test', 'Bea Stone (bea@x.test)', 'Zed (zed@x.test)']);
    expect(highlighted()).toBe('amy@x.test');
    expect(screen.getByRole('option', { name: 'amy@x.test' }).getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe('Zed (zed@x.test)');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('amy@x.test');
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe('Zed (zed@x.test)');
    expect(screen.getByRole('option', { name: 'amy@x.test' }).getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{ArrowUp}{Enter}');

    expect(screen.getByTestId('chosen').textContent).toBe('bea@x.test');
    expect((combobox() as HTMLInputElement).value).toBe('Bea Stone (bea@x.test)');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().hasAttribute('aria-activedescendant')).toBe(false);
    expect(document.activeElement).toBe(combobox());
  });

  it('opens with Up on the last option; Escape closes the list, and closed, clears the text and the choice', async () => {
    serve(() => FIRST);
    const user = userEvent.setup();
    renderAt(<Harness />);
    await waitFor(() => expect(combobox().hasAttribute('disabled')).toBe(false));
    combobox().focus();
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe('Zed (zed@x.test)');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('zed@x.test');

    await user.keyboard('{ArrowDown}');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    // Closing keeps the choice; a second Escape clears it.
    expect(screen.getByTestId('chosen').textContent).toBe('zed@x.test');
    await user.keyboard('{Escape}');
    expect((combobox() as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('chosen').textContent).toBe('');
    // Enter with nothing highlighted chooses nothing.
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('asks the server as you type, once per pause, and offers what it finds; editing the text drops the choice', async () => {
    const { asked } = serve((q) => (q === '' ? FIRST : q.toLowerCase().startsWith('quin') ? [{ email: 'zz.quintero@studio.test', talent_name: 'Zoë Quintero' }] : []));
    const user = userEvent.setup();
    renderAt(<Harness />);
    await waitFor(() => expect(combobox().hasAttribute('disabled')).toBe(false));

    await user.type(combobox(), 'Quin');
    await waitFor(() => expect(optionTexts()).toEqual(['Zoë Quintero (zz.quintero@studio.test)']));
    // The first contacts on mount, then one search for the whole word typed (the pause), 20 at most.
    expect(asked.map((params) => params.get('q'))).toEqual(['', 'Quin']);
    expect(asked.every((params) => params.get('limit') === '20')).toBe(true);

    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('zz.quintero@studio.test');
    await user.type(combobox(), 'x');
    expect(screen.getByTestId('chosen').textContent).toBe('');
    await waitFor(() => expect(within(screen.getByTestId('contact-picker-popup')).getByRole('status').textContent).toBe('No options available'));
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
  });

  it('chooses with the mouse', async () => {
    serve(() => FIRST);
    const user = userEvent.setup();
    renderAt(<Harness />);
    await waitFor(() => expect(combobox().hasAttribute('disabled')).toBe(false));
    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: 'Zed (zed@x.test)' }));
    expect(screen.getByTestId('chosen').textContent).toBe('zed@x.test');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('says why it is empty when the agency has no enabled contact', async () => {
    serve(() => [{ email: 'off@x.test', tracking_enabled: false }]);
    renderAt(<Harness />);
    await waitFor(() => expect(combobox().hasAttribute('disabled')).toBe(true));
    expect(combobox().getAttribute('placeholder')).toBe('No options available');
    expect(screen.getByText('Add contacts to see them here').id).toBe(combobox().getAttribute('aria-describedby'));
  });

  it('processes the contact typed and chosen', async () => {
    const { api } = serve((q) => (q === '' ? FIRST : FIRST.filter((row) => row.email.startsWith(q))), {
      'GET /api/v3/status': () => ({ body: fakeProcessingStatus() }),
      'POST /api/v3/process/email': () => ({ body: fakeStarted('t') }),
    });
    const user = userEvent.setup();
    renderAt(<ContactEmailCard blocked={false} />);
    const process = screen.getByRole('button', { name: 'Process Email' });
    expect(process).toHaveProperty('disabled', true);
    await waitFor(() => expect(combobox().hasAttribute('disabled')).toBe(false));
    await user.type(combobox(), 'zed');
    await waitFor(() => expect(optionTexts()).toEqual(['Zed (zed@x.test)']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(process).toHaveProperty('disabled', false);
    await user.click(process);
    await waitFor(() => expect(notificationStore.getSnapshot()[0]?.message).toBe('Processing all emails for zed@x.test'));
    expect(api.calls.find((call) => call.key === 'POST /api/v3/process/email')?.body).toEqual({ email: 'zed@x.test' });
  });
});
