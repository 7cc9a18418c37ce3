import { describe, expect, it } from 'vitest';
import { createAgencyBody } from '../../../../../shared/schemas/identity';
import { agencyCreatedToast, defaultAgencyName, invitationsFromRows } from './agency-setup';

describe('defaultAgencyName', () => {
  it('uses the local part plus "-agency"', () => {
    expect(defaultAgencyName('maya@example.com')).toBe('maya-agency');
    expect(defaultAgencyName('j.d@example.com')).toBe('j.d-agency');
  });

  it("pre-fills only a name the server takes: a local part that reads as a domain has hyphens for dots", () => {
    expect(createAgencyBody.safeParse({ name: 'jane.doe-agency' }).success).toBe(false);
    expect(defaultAgencyName('jane.doe@example.com')).toBe('jane-doe-agency');
    for (const email of ['jane.doe@example.com', 'a.b.cd@x.io', 'maya@brightwave-agency.com', '@x.io']) {
      expect(createAgencyBody.safeParse({ name: defaultAgencyName(email) }).success, email).toBe(true);
    }
  });

  it('falls back to "agency" without a local part', () => {
    expect(defaultAgencyName('@example.com')).toBe('agency');
    expect(defaultAgencyName('')).toBe('agency');
    expect(defaultAgencyName(undefined)).toBe('agency');
  });
});

describe('invitationsFromRows', () => {
  it('keeps only rows whose e-mail contains an at-sign, trimmed', () => {
    expect(
      invitationsFromRows([
        { email: ' a@x.com ', role: 'owner' },
        { email: '', role: 'member' },
        { email: 'not-an-email', role: 'member' },
        { email: 'b@y.com', role: 'member' },
      ]),
    ).toEqual([
      { email: 'a@x.com', role: 'owner' },
      { email: 'b@y.com', role: 'member' },
    ]);
  });

  it('turns unknown roles into member', () => {
    expect(invitationsFromRows([{ email: 'c@z.com', role: 'admin' }])).toEqual([{ email: 'c@z.com', role: 'member' }]);
  });
});

describe('agencyCreatedToast', () => {
  it('says the agency is ready when nobody was invited', () => {
    expect(agencyCreatedToast(0, 0)).toEqual({ type: 'success', title: 'Agency Created', message: 'Your agency is ready to use.' });
  });

  it('counts members when every invitation went out', () => {
    expect(agencyCreatedToast(2, 2).message).toBe('Your agency is ready! Invitations sent to 2 member(s).');
  });

  it('reports partial success', () => {
    expect(agencyCreatedToast(1, 3)).toEqual({
      type: 'success',
      title: 'Agency Created',
      message: 'Agency created successfully. 1 of 3 invitations sent.',
    });
    expect(agencyCreatedToast(0, 2).message).toBe('Agency created successfully. 0 of 2 invitations sent.');
  });
});
