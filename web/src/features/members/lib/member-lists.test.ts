import { describe, expect, it } from 'vitest';
import { memberJson } from '../../../../../shared/schemas/identity';
import { fakeData } from '../../../testing/fake-response';
import type { AgencyMember } from '../api/list-members';
import { isCurrentUser, splitMembers } from './member-lists';

const member = (email: string, status: AgencyMember['status'], expires_at: string | null = null): AgencyMember =>
  fakeData(memberJson, {
    email,
    name: null,
    picture: null,
    status,
    role: 'member',
    invited_at: null,
    accepted_at: null,
    expires_at,
    invited_by: null,
    is_oauth_user: status === 'active',
  });

describe('splitMembers', () => {
  it('separates active members and pending invitations, current user first', () => {
    const { active, pending } = splitMembers(
      [
        member('zed@x.com', 'active'),
        member('me@x.com', 'active'),
        member('late@x.com', 'invited', '2025-02-01T00:00:00Z'),
        member('soon@x.com', 'invited', '2025-01-01T00:00:00Z'),
        member('amy@x.com', 'active'),
      ],
      'ME@x.com',
    );
    expect(active.map((m) => m.email)).toEqual(['me@x.com', 'amy@x.com', 'zed@x.com']);
    expect(pending.map((m) => m.email)).toEqual(['soon@x.com', 'late@x.com']);
  });
});

describe('isCurrentUser', () => {
  it('compares e-mails case-insensitively', () => {
    expect(isCurrentUser(member('Me@X.com', 'active'), 'me@x.com')).toBe(true);
    expect(isCurrentUser(member('me@x.com', 'active'), undefined)).toBe(false);
  });
});
