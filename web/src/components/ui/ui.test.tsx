// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider, useConfirm, type ConfirmOptions } from './confirm-dialog';
import { Notifications, notificationStore, notify, notifyFailure } from './notifications';
import { Select } from './select';

afterEach(() => {
  cleanup();
  act(() => notificationStore.clear());
  vi.useRealTimers();
});

describe('Select', () => {
  const Harness = ({ initial }: { initial?: string }) => {
    const [value, setValue] = useState(initial);
    return (
      <Select
        aria-label="Campaign"
        value={value}
        onValueChange={setValue}
        placeholder="Pick one"
        options={[
          { value: '', label: 'Empty value' },
          { value: 'c1', label: 'One' },
          { value: 'c2', label: 'Two' },
        ]}
      />
    );
  };

  it('lists only options with a value and shows the placeholder for an empty value', () => {
    render(<Harness initial="" />);
    const select = screen.getByLabelText('Campaign') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.textContent).toBe('Pick one');
    expect(screen.queryByRole('option', { name: 'Empty value' })).toBeNull();
    expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['Pick one', 'One', 'Two']);
  });

  it('reports a chosen value', async () => {
    render(<Harness />);
    await userEvent.setup().selectOptions(screen.getByLabelText('Campaign'), 'c2');
    expect((screen.getByLabelText('Campaign') as HTMLSelectElement).value).toBe('c2');
  });

  it('shows the placeholder for a value that is not listed', () => {
    render(<Harness initial="ghost" />);
    expect((screen.getByLabelText('Campaign') as HTMLSelectElement).value).toBe('');
  });
});

describe('notifications', () => {
  it('auto-hides after 5 s, except errors', () => {
    vi.useFakeTimers();
    render(<Notifications />);
    act(() => {
      notify({ type: 'success', title: 'Saved' });
      notify({ type: 'error', title: 'Broken' });
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Broken')).toBeTruthy();
  });

  it('can be dismissed', async () => {
    render(<Notifications />);
    act(() => {
      notify({ type: 'error', title: 'Broken', message: 'details' });
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Broken')).toBeNull();
  });

  it('keeps the list semantics (axe "list"): list items in a polite live list, an error as an alert', () => {
    render(<Notifications />);
    act(() => {
      notify({ type: 'success', title: 'Saved' });
      notify({ type: 'error', title: 'Broken' });
    });
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(list.getAttribute('aria-live')).toBe('polite');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Saved', 'Broken']);
    expect(screen.getByRole('alert').textContent).toBe('Broken');
  });

  it('defaults the generic wrapper to "Error" / "Operation failed"', () => {
    act(() => {
      notifyFailure(undefined);
    });
    expect(notificationStore.getSnapshot().map((n) => [n.type, n.title, n.message])).toEqual([['error', 'Error', 'Operation failed']]);
  });
});

describe('confirm dialog', () => {
  const Asker = ({ options, onResult }: { options: ConfirmOptions; onResult: (value: boolean) => void }) => {
    const confirm = useConfirm();
    return (
      <button type="button" onClick={() => void confirm(options).then(onResult)}>
        ask
      </button>
    );
  };

  const setup = (options: ConfirmOptions) => {
    const onResult = vi.fn();
    render(
      <ConfirmProvider>
        <Asker options={options} onResult={onResult} />
      </ConfirmProvider>,
    );
    return { onResult, user: userEvent.setup() };
  };

  it('uses the default title, lists details and resolves true on confirm', async () => {
    const { onResult, user } = setup({ message: 'Sure?', details: ['A thing', 'Another thing'] });
    await user.click(screen.getByRole('button', { name: 'ask' }));
    expect(screen.getByRole('alertdialog', { name: 'Confirm Action' })).toBeTruthy();
    expect(screen.getByText('This will affect:')).toBeTruthy();
    expect(screen.getByText('Another thing')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onResult).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on cancel', async () => {
    const { onResult, user } = setup({ title: 'Delete?', message: 'Gone', confirmText: 'Delete', variant: 'danger' });
    await user.click(screen.getByRole('button', { name: 'ask' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onResult).toHaveBeenCalledWith(false);
  });
});
