import { describe, expect, it } from 'vitest';
import { byCampaignRows, groupContacts } from './grouping';
import { testContact, testTracking } from '../../../testing/contact-fakes';

describe('groupContacts', () => {
  it('groups by "id - name" and "No Campaign", sorted alphabetically, with contacts by e-mail; a talent in two campaigns is in both', () => {
    const groups = groupContacts(Object.values(testTracking().contacts).reverse());
    expect(groups.map((group) => [group.label, group.contacts.map((c) => c.email)])).toEqual([
      ['autumn - Autumn Drop', ['ana@talent.test', 'cy@talent.test']],
      ['No Campaign', ['dee@solo.test']],
      ['summer-25 - Summer Launch', ['ana@talent.test', 'bo@talent.test']],
    ]);
  });

  it('takes a missing campaign name from the campaign list, else shows the id', () => {
    const contacts = [
      testContact({ email: 'a@x.test', campaign_id: 'c1', campaign_name: null }),
      testContact({ email: 'b@x.test', campaign_id: 'c2', campaign_name: '' }),
    ];
    expect(groupContacts(contacts, new Map([['c1', 'One']])).map((group) => group.label)).toEqual(['c1 - One', 'c2']);
  });

  it('sorts case-insensitively', () => {
    const contacts = [
      testContact({ email: 'a@x.test', campaign_id: 'beta', campaign_name: 'B' }),
      testContact({ email: 'b@x.test', campaign_id: 'Alpha', campaign_name: 'A' }),
      testContact({ email: 'c@x.test', campaign_id: 'alpha2', campaign_name: 'A2' }),
    ];
    expect(groupContacts(contacts).map((group) => group.label)).toEqual(['Alpha - A', 'alpha2 - A2', 'beta - B']);
  });
});

describe('byCampaignRows', () => {
  it('labels rows "name - id" with their counts, sorted by label', () => {
    expect(byCampaignRows(testTracking().by_campaign)).toEqual([
      { campaign_id: 'autumn', label: 'Autumn Drop - autumn', campaign_name: 'Autumn Drop', total: 2, tracking: 1, disabled: 1 },
      { campaign_id: 'summer-25', label: 'Summer Launch - summer-25', campaign_name: 'Summer Launch', total: 2, tracking: 1, disabled: 1 },
    ]);
  });
});
