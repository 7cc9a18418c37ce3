import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, INTEGRATION_TIMEOUT_SECONDS, matchRoute, routeTimeoutSeconds } from './router';

describe('local router: routes as API Gateway and Lambda run them', () => {
  it("gives each route its Lambda's timeout as CDK deploys it: routes.ts timeoutSeconds, else the construct's default", () => {
    // infra/constructs/app-function.ts is CDK code (aws-cdk-lib): read, not imported, here
    const construct = readFileSync(new URL('../constructs/app-function.ts', import.meta.url), 'utf8');
    expect(Number(/const DEFAULT_TIMEOUT_SECONDS = (\d+);/.exec(construct)?.[1])).toBe(DEFAULT_ROUTE_TIMEOUT_SECONDS);
    for (const route of routes) {
      expect(routeTimeoutSeconds(route), route.id).toBe(Math.min(route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS, INTEGRATION_TIMEOUT_SECONDS));
    }
    expect(routeTimeoutSeconds({})).toBe(15);
    expect(routeTimeoutSeconds({ timeoutSeconds: 29 })).toBe(29);
    // the HTTP API's integration timeout caps any longer function timeout
    expect(routeTimeoutSeconds({ timeoutSeconds: 300 })).toBe(30);
  });

  it('prefers literal segments over path variables', () => {
    expect(matchRoute('GET', '/api/campaigns/list')).toMatchObject({ route: { id: 'CampaignList' } });
    expect(matchRoute('GET', '/api/campaigns/abc')).toMatchObject({ route: { id: 'CampaignGet' }, pathParameters: { id: 'abc' } });
  });
});
