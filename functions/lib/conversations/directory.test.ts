import { describe, expect, it } from 'vitest';
import type { ContactItem } from '../store/entities/contact';
import { toContactLite, trackedAddresses } from './directory';

const item = (email: string, emailOwner: string, trackingEnabled = true) =>
  ({ agencyName: 'a', campaignId: 'c1', email, talentName: 'T', emailOwner, trackingEnabled }) as ContactItem;

describe('agency directory: the Manager cell', () => {
  it('keeps the cell as written and adds the parsed address and name', () => {
    expect(toContactLite(item('maya@x.com', 'Sophie Grant (Peak Talent)'))).toMatchObject({
      emailOwner: 'Sophie Grant (Peak Talent)',
      managerAddress: '',
      managerName: 'Sophie Grant',
    });
    expect(toContactLite(item('maya@x.com', ' Sophie Grant  <Sophie@Peak-Talent.example> '))).toMatchObject({
      emailOwner: 'Sophie Grant <Sophie@Peak-Talent.example>',
      managerAddress: 'sophie@peak-talent.example',
      managerName: 'Sophie Grant',
    });
    expect(toContactLite(item('maya@x.com', 'TBC'))).toMatchObject({ emailOwner: 'TBC', managerAddress: '', managerName: '' });
  });

  it('pays attention to a manager only by the validated address in the cell, never a name or junk', () => {
    const directory = {
      staff: new Set(['staff@agency.co']),
      staffDomains: new Set<string>(),
      campaigns: [],
      contacts: [
        toContactLite(item('maya@x.com', 'Dana Reyes <dana@atlas.co>')),
        toContactLite(item('leo@x.com', 'Dana at atlas.co OR is:anywhere')),
        toContactLite(item('sam@x.com', 'Sophie Grant (Peak Talent)')),
        toContactLite(item('kim@x.com', 'Staff <staff@agency.co>')),
        toContactLite(item('off@x.com', 'off.mgr@x.co', false)),
      ],
    };
    expect([...trackedAddresses(directory)].sort()).toEqual(['dana@atlas.co', 'kim@x.com', 'leo@x.com', 'maya@x.com', 'sam@x.com']);
  });
});
