import { routes, type RouteDef } from '../../functions/routes';

export type RouteMatch = { route: RouteDef; pathParameters: Record<string, string> };

/** A route's Lambda timeout when routes.ts gives none: CDK's default (infra/constructs/app-function.ts). */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 15;
/** HTTP API integrations give up after 30 s, whatever the function's own timeout. */
export const INTEGRATION_TIMEOUT_SECONDS = 30;

/** How long a route's handler may run before API Gateway answers for it, as deployed. */
export const routeTimeoutSeconds = (route: Pick<RouteDef, 'timeoutSeconds'>): number =>
  Math.min(route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS, INTEGRATION_TIMEOUT_SECONDS);

type Compiled = { route: RouteDef; pattern: RegExp; names: string[]; literalSegments: number };

/**
 * Matches like API Gateway HTTP APIs: a route with more literal segments wins over one with a
 * path variable (`/api/campaigns/list` beats `/api/campaigns/{id}`).
 */
const compile = (route: RouteDef): Compiled => {
  const segments = route.path.split('/').filter(Boolean);
  const names: string[] = [];
  const source = segments
    .map((segment) => {
      const variable = segment.match(/^\{(\w+)\}$/);
      if (!variable) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(variable[1]!);
      return '([^/]+)';
    })
    .join('/');
  return {
    route,
    pattern: new RegExp(`^/${source}/?$`),
    names,
    literalSegments: segments.length - names.length,
  };
};

const compiled = routes.map(compile).sort((a, b) => b.literalSegments - a.literalSegments);

export const matchRoute = (method: string, path: string): RouteMatch | { methodNotAllowed: true } | undefined => {
  let pathMatched = false;
  for (const candidate of compiled) {
    const found = candidate.pattern.exec(path);
    if (!found) continue;
    if (candidate.route.method !== method) {
      pathMatched = true;
      continue;
    }
    const pathParameters = Object.fromEntries(candidate.names.map((name, index) => [name, found[index + 1]!]));
    return { route: candidate.route, pathParameters };
  }
  return pathMatched ? { methodNotAllowed: true } : undefined;
};

/** Paths the API owns; everything else is the SPA (note /auth/success and /auth/error are SPA routes). */
export const isApiPath = (path: string): boolean =>
  path.startsWith('/api/') || routes.some((route) => route.path.startsWith('/auth/') && compile(route).pattern.test(path));
