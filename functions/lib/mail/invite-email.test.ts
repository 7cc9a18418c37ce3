import { describe, expect, it } from 'vitest';
import { buildInviteEmail, type InviteEmail } from './invite-email';

const base: InviteEmail = {
  to: 'ana@example.com',
  token: 'tok_123456789012345678901234',
  agencySlug: 'acme',
  agencyDisplayName: 'Acme Talent',
  invitedBy: 'maya@brightwave-agency.com',
  inviterName: 'Maya Okafor',
  role: 'member',
  expiresAt: '2026-12-01T00:00:00.000Z',
};

describe('invitation e-mail', () => {
  it('names the agency and the inviter as typed when they are plain text', () => {
    const mail = buildInviteEmail(base);
    expect(mail.subject).toBe('Maya Okafor invited you to Acme Talent on Threadline');
    expect(mail.text).toContain('Maya Okafor (maya@brightwave-agency.com) invited you to join Acme Talent on Threadline as a member.');
  });

  it('never carries a link, markup or a line break from an agency name stored before the rule (falls back to the agency id)', () => {
    const mail = buildInviteEmail({ ...base, agencySlug: 'win-big', agencyDisplayName: 'Win at https://evil.example\r\nBcc: x@evil.example <script>' });
    for (const part of [mail.subject, mail.text, mail.html ?? '']) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('<script>');
      expect(part).not.toContain('Bcc:');
    }
    expect(mail.subject).toBe('Maya Okafor invited you to win-big on Threadline');
  });

  it("leaves out an inviter's Google name that carries a link or control text", () => {
    const mail = buildInviteEmail({ ...base, inviterName: 'Prizes at www.evil.example\n' });
    for (const part of [mail.subject, mail.text, mail.html ?? '']) expect(part).not.toContain('evil.example');
    expect(mail.subject).toBe('maya@brightwave-agency.com invited you to Acme Talent on Threadline');
  });
});
