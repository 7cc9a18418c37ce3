import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildInviteEmail, inviteLink, type InviteEmail } from './invite-email';

// The invitation e-mail word for word: team members are invited by e-mail and get full Drive
// access after accepting (product spec §1 and §6); the link goes to /invite?token=… (the Invite
// view, spec §2), and the invitee signs in with the invited account.

const base: InviteEmail = {
  to: 'priya@brightwave-agency.com',
  token: 'tok_123456789012345678901234',
  agencySlug: 'brightwave',
  agencyDisplayName: 'Brightwave Agency',
  invitedBy: 'maya@brightwave-agency.com',
  inviterName: 'Maya Okafor',
  role: 'member',
  expiresAt: '2026-12-01T00:00:00.000Z',
};

const LINK = 'https://app.threadline.example/invite?token=tok_123456789012345678901234';

describe('the invitation e-mail', () => {
  beforeEach(() => {
    vi.stubEnv('APP_URL', 'https://app.threadline.example');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('a member invited by a named colleague', () => {
    expect(buildInviteEmail(base)).toEqual({
      to: 'priya@brightwave-agency.com',
      subject: 'Maya Okafor invited you to Brightwave Agency on Threadline',
      text: [
        'Maya Okafor (maya@brightwave-agency.com) invited you to join Brightwave Agency on Threadline as a member.',
        '',
        `Accept the invitation: ${LINK}`,
        '',
        'Sign in with the Google account of priya@brightwave-agency.com. The link can be used once and expires on Tue, 01 Dec 2026 00:00:00 GMT.',
        "After accepting you get full access to the agency's Threadline Drive folder.",
      ].join('\n'),
      html: [
        '<p>Maya Okafor (maya@brightwave-agency.com) invited you to join <strong>Brightwave Agency</strong> on Threadline as a member.</p>',
        `<p><a href="${LINK}">Accept the invitation</a></p>`,
        '<p>Sign in with the Google account of priya@brightwave-agency.com. The link can be used once and expires on Tue, 01 Dec 2026 00:00:00 GMT.</p>',
      ].join('\n'),
      link: LINK,
    });
  });

  it('an owner', () => {
    const mail = buildInviteEmail({ ...base, role: 'owner' });
    expect(mail.text.split('\n')[0]).toBe('Maya Okafor (maya@brightwave-agency.com) invited you to join Brightwave Agency on Threadline as an owner.');
    expect(mail.html).toContain('<p>Maya Okafor (maya@brightwave-agency.com) invited you to join <strong>Brightwave Agency</strong> on Threadline as an owner.</p>');
  });

  it('an inviter without a name is named by address', () => {
    const { inviterName: _inviterName, ...noName } = base;
    const mail = buildInviteEmail(noName);
    expect(mail.subject).toBe('maya@brightwave-agency.com invited you to Brightwave Agency on Threadline');
    expect(mail.text.split('\n')[0]).toBe('maya@brightwave-agency.com invited you to join Brightwave Agency on Threadline as a member.');
    expect(mail.html?.split('\n')[0]).toBe('<p>maya@brightwave-agency.com invited you to join <strong>Brightwave Agency</strong> on Threadline as a member.</p>');
  });

  it.each([
    ['blank', '   '],
    ['empty', ''],
  ])('an inviter name that is %s is named by address', (_name, inviterName) => {
    expect(buildInviteEmail({ ...base, inviterName }).subject).toBe('maya@brightwave-agency.com invited you to Brightwave Agency on Threadline');
  });

  it('trims the names it shows', () => {
    const mail = buildInviteEmail({ ...base, inviterName: '  Maya Okafor \t', agencyDisplayName: '  Brightwave Agency  ' });
    expect(mail.subject).toBe('Maya Okafor invited you to Brightwave Agency on Threadline');
    expect(mail.text.split('\n')[0]).toBe('Maya Okafor (maya@brightwave-agency.com) invited you to join Brightwave Agency on Threadline as a member.');
  });

  it('names the agency by its id when its name is unfit for e-mail, and derives the id when none is given', () => {
    expect(buildInviteEmail({ ...base, agencyDisplayName: 'Win big at prizes.example' }).subject).toBe('Maya Okafor invited you to brightwave on Threadline');
    const { agencySlug: _slug, ...noSlug } = base;
    expect(buildInviteEmail({ ...noSlug, agencyDisplayName: 'Café Talent at prizes.example' }).subject).toBe(
      'Maya Okafor invited you to cafe-talent-at-prizes-example on Threadline',
    );
  });

  it('escapes every HTML-special character in the HTML part, and only there', () => {
    const mail = buildInviteEmail({ ...base, inviterName: "Maya O'Connor & Co", agencyDisplayName: 'Bright "Wave"', invitedBy: 'maya<ops>@brightwave-agency.com' });
    expect(mail.html?.split('\n')[0]).toBe(
      '<p>Maya O&#39;Connor &amp; Co (maya&lt;ops&gt;@brightwave-agency.com) invited you to join <strong>Bright &quot;Wave&quot;</strong> on Threadline as a member.</p>',
    );
    expect(mail.text.split('\n')[0]).toBe('Maya O\'Connor & Co (maya<ops>@brightwave-agency.com) invited you to join Bright "Wave" on Threadline as a member.');
  });
});

describe('the invitation link', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['https://app.threadline.example', 'https://app.threadline.example/invite?token=tok_1'],
    ['https://app.threadline.example/', 'https://app.threadline.example/invite?token=tok_1'],
    ['https://app.threadline.example///', 'https://app.threadline.example/invite?token=tok_1'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000/invite?token=tok_1'],
  ])('APP_URL %s', (appUrl, link) => {
    vi.stubEnv('APP_URL', appUrl);
    expect(inviteLink('tok_1')).toBe(link);
  });

  it('is relative to the site when APP_URL is not set', () => {
    vi.stubEnv('APP_URL', undefined);
    expect(inviteLink('tok_1')).toBe('/invite?token=tok_1');
  });

  it('encodes the token', () => {
    vi.stubEnv('APP_URL', 'https://app.threadline.example');
    expect(inviteLink('a+b/c=d&e')).toBe('https://app.threadline.example/invite?token=a%2Bb%2Fc%3Dd%26e');
  });
});
