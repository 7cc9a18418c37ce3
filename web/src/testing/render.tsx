import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProvider } from '../app/provider';

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });

/** Renders routes in a memory router with the app's providers and a fresh query client. */
export const renderRoutes = (routes: RouteObject[], { path = '/', client = testQueryClient() } = {}) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProvider client={client}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, client };
};

export const renderAt = (element: ReactElement, options: { path?: string; client?: QueryClient } = {}) =>
  renderRoutes([{ path: '*', element }], options);

type Handler = (body: unknown, init: RequestInit) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** A fetch stub keyed by "METHOD /path"; unknown calls fail the test loudly. */
export const fakeApi = (handlers: Record<string, Handler>) => {
  const calls: { key: string; body: unknown }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, body });
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected request ${key}`);
    const result = await handler(body, init);
    return new Response(JSON.stringify(result.body), {
      status: result.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchImpl, calls };
};
