import { describe, expect, it } from 'vitest';
import { nextVisit, VISIT_GAP_MS } from './changes';

const T0 = Date.parse('2027-03-10T09:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('nextVisit', () => {
  it('records a first visit with no previous one', () => {
    expect(nextVisit(undefined, T0)).toEqual({ lastVisitAt: iso(T0) });
  });

  it('keeps the previous visit while the person comes back within 30 minutes', () => {
    const first = nextVisit(undefined, T0);
    const soon = nextVisit(first, T0 + 10 * 60_000);
    expect(soon).toEqual({ lastVisitAt: iso(T0 + 10 * 60_000) });
    const older = { lastVisitAt: iso(T0), previousVisitAt: iso(T0 - 86_400_000) };
    expect(nextVisit(older, T0 + VISIT_GAP_MS)).toEqual({ lastVisitAt: iso(T0 + VISIT_GAP_MS), previousVisitAt: iso(T0 - 86_400_000) });
  });

  it('starts a new visit after more than 30 minutes: the last one becomes the previous one', () => {
    const visit = { lastVisitAt: iso(T0), previousVisitAt: iso(T0 - 86_400_000) };
    expect(nextVisit(visit, T0 + VISIT_GAP_MS + 1)).toEqual({ lastVisitAt: iso(T0 + VISIT_GAP_MS + 1), previousVisitAt: iso(T0) });
  });

  it('treats an unreadable last visit as a first visit', () => {
    expect(nextVisit({ lastVisitAt: 'garbage', previousVisitAt: 'also garbage' }, T0)).toEqual({ lastVisitAt: iso(T0) });
  });
});
