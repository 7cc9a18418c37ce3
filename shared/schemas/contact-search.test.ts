import { describe, expect, it } from 'vitest';
import { CONTACT_SEARCH_CONTROL, CONTACT_SEARCH_MAX, CONTACT_SEARCH_TOO_LONG, trackingQuery } from './campaigns';

const errorOf = (result: ReturnType<typeof trackingQuery.safeParse>) => (result.success ? undefined : result.error.issues[0]?.message);

describe('the contact search parameter (GET /api/campaigns/contacts/tracking?q)', () => {
  it('is optional, trimmed, and keeps what people type (accents, "@", dots)', () => {
    expect(trackingQuery.parse({})).toEqual({});
    expect(trackingQuery.parse({ q: '  Zoë Quin  ', limit: '20' })).toEqual({ q: 'Zoë Quin', limit: 20 });
    expect(trackingQuery.parse({ q: 'maya.okafor@gm' }).q).toBe('maya.okafor@gm');
    expect(trackingQuery.parse({ q: '   ' }).q).toBe('');
  });

  it(`refuses more than ${CONTACT_SEARCH_MAX} characters, with a clear message`, () => {
    expect(trackingQuery.parse({ q: 'a'.repeat(CONTACT_SEARCH_MAX) }).q).toHaveLength(CONTACT_SEARCH_MAX);
    expect(errorOf(trackingQuery.safeParse({ q: 'a'.repeat(CONTACT_SEARCH_MAX + 1) }))).toBe(CONTACT_SEARCH_TOO_LONG);
    expect(CONTACT_SEARCH_TOO_LONG).toBe('Search must be 100 characters or fewer');
  });

  it('refuses control characters and direction overrides, not letters of any script or emoji', () => {
    for (const bad of ['maya\nokafor', 'tab\there', 'nul\u0000', 'del\u007f', 'c1\u0085', 'rtl\u202Eevil', 'iso\u2066x']) {
      expect(errorOf(trackingQuery.safeParse({ q: bad })), JSON.stringify(bad)).toBe(CONTACT_SEARCH_CONTROL);
    }
    for (const good of ['Ксения', '李小龍', 'O’Brien', 'chef 👩‍🍳']) expect(trackingQuery.parse({ q: good }).q).toBe(good);
  });
});
