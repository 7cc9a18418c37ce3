import type { RouteDef } from '../../functions/routes';

/**
 * Which stack each HTTP route's function lives in. A function brings about seven resources
 * (role, policy, log group, function, permission, integration, route) and CloudFormation stops
 * at 500 per stack, so the 57 routes are split by domain.
 *
 * Grouped by route id prefix, not by handler module: handler paths change as code moves, and
 * a function that moved stack would be deleted and recreated. Ids are stable.
 */
export type RouteGroup = { name: string; idPrefixes: readonly string[] };

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  { name: 'Auth', idPrefixes: ['Auth'] },
  { name: 'Agency', idPrefixes: ['Agency', 'ApiKey'] },
  { name: 'Campaigns', idPrefixes: ['Campaign', 'Drive', 'Contact'] },
  { name: 'Processing', idPrefixes: ['Process', 'Task', 'Monitor', 'System', 'Dashboard'] },
  { name: 'Settings', idPrefixes: ['Settings'] },
  { name: 'Conversations', idPrefixes: ['Conversation'] },
];

/** Routes whose id matches no prefix still deploy, in their own stack, rather than failing synth. */
export const FALLBACK_GROUP = 'Other';

/** ~40 functions ≈ 280 resources: a group this big should be split before it nears 500. */
export const MAX_ROUTES_PER_GROUP = 40;

export const groupOf = (route: Pick<RouteDef, 'id'>): string =>
  ROUTE_GROUPS.find((group) => group.idPrefixes.some((prefix) => route.id.startsWith(prefix)))?.name ?? FALLBACK_GROUP;

export const groupRoutes = (all: readonly RouteDef[]): Map<string, RouteDef[]> => {
  const grouped = new Map<string, RouteDef[]>();
  for (const route of all) {
    const name = groupOf(route);
    grouped.set(name, [...(grouped.get(name) ?? []), route]);
  }
  for (const [name, members] of grouped) {
    if (members.length > MAX_ROUTES_PER_GROUP) {
      throw new Error(`Route group ${name} has ${members.length} routes (max ${MAX_ROUTES_PER_GROUP}); split it in route-groups.ts`);
    }
  }
  return grouped;
};
