// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../lib/browser-location';
import { AppErrorBoundary } from './error-boundary';
import { RouteError } from './route-error';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const Boom = (): never => {
  throw new Error('kaboom');
};

describe('fallback error screen', () => {
  it('catches a render error with the spec texts, details and a refresh button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred. Please refresh the page to try again.')).toBeTruthy();
    expect(screen.getByText('Error details').closest('details')).toBeTruthy();
    expect(screen.getByText(/kaboom/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalled();
  });

  it('is the router errorElement', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});
