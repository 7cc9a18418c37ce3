import type { RouteDef } from '../../functions/routes';

/**
 * The CloudFront path patterns that go to the API instead of the SPA: all of /api/, plus each
 * manifest path outside /api/ (today /auth/login, /auth/callback, /auth/status, /auth/logout).
 * Not a blanket /auth/*: /auth/success and /auth/error are SPA pages (spec, routes table), the
 * same split the local runtime makes in infra/local/router.ts.
 */
export const API_PREFIX_PATTERN = '/api/*';

export const apiPathPatterns = (all: readonly RouteDef[]): string[] => {
  const outsideApi = all
    .filter((route) => !route.path.startsWith('/api/'))
    .map((route) => route.path.replace(/\{[^}]+\}/g, '*'));
  return [API_PREFIX_PATTERN, ...new Set(outsideApi)];
};
