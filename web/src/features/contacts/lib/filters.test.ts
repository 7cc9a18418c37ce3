import { describe, expect, it } from 'vitest';
import { filterContacts, toContactFilters } from './filters';
import { testTracking } from '../../../testing/contact-fakes';

const contacts = Object.values(testTracking().contacts);
const emails = (filtered: typeof contacts) => filtered.map((contact) => contact.email);
const keys = (filtered: typeof contacts) => filtered.map((contact) => `${contact.campaign_id}:${contact.email}`);

describe('filterContacts', () => {
  it('returns everything without filters', () => {
    expect(emails(filterContacts(contacts, {}))).toEqual(emails(contacts));
  });

  it('matches the campaign id exactly', () => {
    expect(emails(filterContacts(contacts, { campaign_id: 'autumn' }))).toEqual(['cy@talent.test', 'ana@talent.test']);
    expect(filterContacts(contacts, { campaign_id: 'autum' })).toEqual([]);
  });

  it('matches the tracking flag exactly and combines filters', () => {
    expect(keys(filterContacts(contacts, { tracking: false }))).toEqual(['summer-25:bo@talent.test', 'autumn:ana@talent.test']);
    expect(emails(filterContacts(contacts, { tracking: true, campaign_id: 'summer-25' }))).toEqual(['ana@talent.test']);
  });
});

describe('toContactFilters', () => {
  it("maps the filter bar's values, 'all' meaning no filter", () => {
    expect(toContactFilters('all', 'all')).toEqual({ campaign_id: undefined, tracking: undefined });
    expect(toContactFilters('summer-25', 'paused')).toEqual({ campaign_id: 'summer-25', tracking: false });
    expect(toContactFilters('all', 'tracking').tracking).toBe(true);
  });
});
