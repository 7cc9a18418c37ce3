import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { NON_JSON_ROUTES, RESPONSE_SCHEMAS } from './responses';

describe('response schemas', () => {
  it('exist for every JSON route of the manifest, and only for routes of the manifest', () => {
    const json = routes.filter((route) => !(NON_JSON_ROUTES as readonly string[]).includes(route.id)).map((route) => route.id);
    expect(json.filter((id) => !(id in RESPONSE_SCHEMAS))).toEqual([]);
    const ids = new Set(routes.map((route) => route.id));
    expect(Object.keys(RESPONSE_SCHEMAS).filter((id) => !ids.has(id))).toEqual([]);
  });
});
