import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { routes } from '../../../functions/routes';
import { RESPONSE_SCHEMAS } from '../../../shared/schemas/responses';

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

/** `malformed: true` sends a body its schema refuses on purpose (a test of the web refusing it). */
type Reply = { status?: number; body: unknown; malformed?: true };
type Handler = (body: unknown, init: RequestInit) => Reply | Promise<Reply>;

const schemaFor = (method: string, pathname: string) => {
  const route = routes.find(
    (candidate) => candidate.method === method && new RegExp(`^${candidate.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  );
  // A literal path wins over a {param} one, as in API Gateway and the local router.
  const literal = routes.find((candidate) => candidate.method === method && candidate.path === pathname);
  const id = (literal ?? route)?.id;
  return id && id in RESPONSE_SCHEMAS ? RESPONSE_SCHEMAS[id as keyof typeof RESPONSE_SCHEMAS] : undefined;
};

/**
 * A fetch stub keyed by "METHOD /path"; unknown calls fail the test loudly. Every 2xx answer is
 * checked against its route's shared response schema (the one the handler is typed by), so a
 * fake of a shape the server no longer sends fails the test that uses it.
 */
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
    const status = result.status ?? 200;
    const schema = status < 300 && !result.malformed ? schemaFor(init.method ?? 'GET', url.pathname) : undefined;
    const checked = schema?.safeParse(result.body);
    if (checked && !checked.success) {
      const problem = new Error(`The fake answer to ${key} does not match its response schema: ${JSON.stringify(checked.error.issues)}`);
      console.error(problem.message);
      throw problem;
    }
    return new Response(JSON.stringify(result.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchImpl, calls };
};
