import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { buildInviteEmail, sendInviteEmail } from './invite-email';
import { mailer, OutboxMailer, SesMailer } from './mailer';

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

  it('writes <iso-time>-<email>.eml to the outbox and prints the link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      vi.stubEnv('APP_URL', 'http://127.0.0.1:3000');
      vi.stubEnv('LOCAL_OUTBOX_DIR', dir);
      const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
      expect(mailer()).toBeInstanceOf(OutboxMailer);
      await sendInviteEmail(invite);
      const [file] = readdirSync(dir);
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-ana@example\.com\.eml$/);
      const eml = readFileSync(join(dir, file!), 'utf8');
      expect(eml).toContain('To: ana@example.com');
      expect(eml).toContain(`http://127.0.0.1:3000/invite?token=${invite.token}`);
      expect(statSync(join(dir, file!)).mode & 0o777).toBe(0o600);
      expect(info.mock.calls[0]![0]).toContain(`/invite?token=${invite.token}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends through SES v2 from MAIL_FROM on AWS', async () => {
    vi.stubEnv('LOCAL_OUTBOX_DIR', '');
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
    vi.stubEnv('LOCAL_OUTBOX_DIR', '');
    vi.stubEnv('MAIL_FROM', '');
    expect(() => mailer()).toThrow('MAIL_FROM is not set');
  });
});
