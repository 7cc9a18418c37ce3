import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { buildInviteEmail, sendInviteEmail } from './invite-email';
import { installPlatform } from '../platform/platform';
import { mailer, SesMailer, type MailMessage } from './mailer';

const invite = {
  to: 'ana@example.com',
  token: 'tok_abcdefghijklmnopqrstuvwxyz0123456789',
  // "<" and ">" are refused in agency names (and dropped at rendering); "&" still needs escaping
  agencyDisplayName: 'Bright & "Wave"',
  invitedBy: 'maya@example.com',
  inviterName: 'Maya',
  role: 'member' as const,
  expiresAt: '2030-01-08T00:00:00.000Z',
};

describe('mail', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('builds the invite link from APP_URL and escapes HTML', () => {
    vi.stubEnv('APP_URL', 'https://app.example.com/');
    const message = buildInviteEmail(invite);
    expect(message.link).toBe(`https://app.example.com/invite?token=${invite.token}`);
    expect(message.text).toContain(message.link);
    expect(message.html).toContain('Bright &amp; &quot;Wave&quot;');
    expect(message.subject).toBe('Maya invited you to Bright & "Wave" on Threadline');
  });

  it('sends through the transport the platform installed (infra/local: the outbox)', async () => {
    vi.stubEnv('APP_URL', 'http://127.0.0.1:3000');
    const sent: MailMessage[] = [];
    installPlatform({ mailer: { send: async (message) => (sent.push(message), { id: 'local-1' }) } });
    try {
      await expect(sendInviteEmail(invite)).resolves.toEqual({ id: 'local-1' });
      expect(sent.map((m) => m.to)).toEqual(['ana@example.com']);
    } finally {
      installPlatform({});
    }
  });

  it('sends through SES v2 from MAIL_FROM on AWS', async () => {
    vi.stubEnv('MAIL_FROM', 'Threadline <invites@example.com>');
    vi.stubEnv('APP_URL', 'https://app.example.com');
    const send = vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({ MessageId: 'ses-1' } as never);
    expect(mailer()).toBeInstanceOf(SesMailer);
    await expect(sendInviteEmail(invite)).resolves.toEqual({ id: 'ses-1' });
    const command = send.mock.calls[0]![0] as SendEmailCommand;
    expect(command).toBeInstanceOf(SendEmailCommand);
    expect(command.input.FromEmailAddress).toBe('Threadline <invites@example.com>');
    expect(command.input.Destination?.ToAddresses).toEqual(['ana@example.com']);
    expect(command.input.Content?.Simple?.Body?.Text?.Data).toContain(`https://app.example.com/invite?token=${invite.token}`);
  });

  it('refuses to guess a sender on AWS', () => {
    vi.stubEnv('MAIL_FROM', '');
    expect(() => mailer()).toThrow('MAIL_FROM is not set');
  });
});
