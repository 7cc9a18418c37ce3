// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthStatus } from '../../testing/fakes';
import { fakeApi, renderAt } from '../../testing/render';
import { UserMenu } from './user-menu';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = fakeAuthStatus({
  user: { email: 'maya@brightwave-agency.com', name: 'Maya Okafor', picture: null },
  agency_name: 'brightwave-talent',
  agency_display_name: undefined,
  membership_role: 'owner',
});

const render = (status: ReturnType<typeof fakeAuthStatus>) => {
  vi.stubGlobal('fetch', vi.fn(fakeApi({ 'GET /auth/status': () => ({ body: status }) }).fetchImpl));
  renderAt(<UserMenu />);
};

/** The menu's own trigger, once its code is there (Radix marks it with its state). */
const menuTrigger = () =>
  waitFor(() => {
    const trigger = screen.getByRole('button', { name: /User menu/ });
    expect(trigger.getAttribute('data-state')).toBe('closed');
    return trigger;
  });

describe('UserMenu', () => {
  // The first test runs before the menu's code was ever loaded.
  it("opens on a press that comes before the menu's code, and shows the agency's display name, not its slug", async () => {
    render({ ...session, agency_display_name: 'Brightwave Talent' });
    await userEvent.click(await screen.findByRole('button', { name: /User menu/ }));
    const agency = await screen.findByTestId('current-agency', {}, { timeout: 15_000 });
    expect(agency.textContent).toBe('Brightwave Talent');
    expect(screen.getAllByText('Maya Okafor').length).toBeGreaterThan(0);
    expect(screen.getByText('maya@brightwave-agency.com')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Manage Agencies' }).getAttribute('href')).toBe('/agencies');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toBeTruthy();
  });

  it('falls back to the slug when the server sends no display name', async () => {
    render(session);
    await userEvent.hover(await screen.findByRole('button', { name: /User menu/ }));
    await userEvent.click(await menuTrigger());
    expect((await screen.findByTestId('current-agency')).textContent).toBe('brightwave-talent');
  });

  it('keeps the focus on the button when its code arrives while it has the focus', async () => {
    render(session);
    const button = await screen.findByRole('button', { name: /User menu/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    button.focus();
    const trigger = await menuTrigger();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(screen.queryByTestId('current-agency')).toBeNull();
  });
});
