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

  it('searches case-insensitively on email, talent name and manager', () => {
    expect(emails(filterContacts(contacts, { search: 'BO@' }))).toEqual(['bo@talent.test']);
    expect(keys(filterContacts(contacts, { search: 'lima' }))).toEqual(['summer-25:ana@talent.test', 'autumn:ana@talent.test']);
    expect(keys(filterContacts(contacts, { search: 'MGR@agency' }))).toEqual(['summer-25:ana@talent.test', 'autumn:cy@talent.test']);
    expect(emails(filterContacts(contacts, { search: '  CY@  ' }))).toEqual(['cy@talent.test']);
    expect(filterContacts(contacts, { search: 'nobody' })).toEqual([]);
  });

  it('matches the campaign id exactly', () => {
    expect(emails(filterContacts(contacts, { campaign_id: 'autumn' }))).toEqual(['cy@talent.test', 'ana@talent.test']);
    expect(filterContacts(contacts, { campaign_id: 'autum' })).toEqual([]);
  });

  it('matches the tracking flag exactly and combines filters', () => {
    expect(keys(filterContacts(contacts, { tracking: false }))).toEqual(['summer-25:bo@talent.test', 'autumn:ana@talent.test']);
    expect(emails(filterContacts(contacts, { tracking: true, campaign_id: 'summer-25' }))).toEqual(['ana@talent.test']);
    expect(keys(filterContacts(contacts, { tracking: true, search: 'talent' }))).toEqual(['summer-25:ana@talent.test', 'autumn:cy@talent.test']);
  });
});

describe('toContactFilters', () => {
  it("maps the filter bar's values, 'all' meaning no filter", () => {
    expect(toContactFilters('', 'all', 'all')).toEqual({ search: undefined, campaign_id: undefined, tracking: undefined });
    expect(toContactFilters('ana', 'summer-25', 'paused')).toEqual({ search: 'ana', campaign_id: 'summer-25', tracking: false });
    expect(toContactFilters('', 'all', 'tracking').tracking).toBe(true);
  });
});
