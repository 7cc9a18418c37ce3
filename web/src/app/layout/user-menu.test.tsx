// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
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

const open = async (status: ReturnType<typeof fakeAuthStatus>) => {
  vi.stubGlobal('fetch', vi.fn(fakeApi({ 'GET /auth/status': () => ({ body: status }) }).fetchImpl));
  renderAt(<UserMenu />);
  await userEvent.click(await screen.findByRole('button', { name: /User menu/ }));
  return screen.findByTestId('current-agency');
};

describe('UserMenu', () => {
  it("shows the agency's display name, not its slug", async () => {
    const agency = await open({ ...session, agency_display_name: 'Brightwave Talent' });
    expect(agency.textContent).toBe('Brightwave Talent');
    expect(screen.getAllByText('Maya Okafor').length).toBeGreaterThan(0);
    expect(screen.getByText('maya@brightwave-agency.com')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Manage Agencies' }).getAttribute('href')).toBe('/agencies');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toBeTruthy();
  });

  it('falls back to the slug when the server sends no display name', async () => {
    const agency = await open(session);
    expect(agency.textContent).toBe('brightwave-talent');
  });
});
