import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendInviteEmail } from '../../functions/lib/mail/invite-email';
import { installPlatform } from '../../functions/lib/platform/platform';
import { OutboxMailer } from './outbox-mailer';

const invite = {
  to: 'ana@example.com',
  token: 'tok_abcdefghijklmnopqrstuvwxyz0123456789',
  agencyDisplayName: 'Bright Wave',
  invitedBy: 'maya@example.com',
  inviterName: 'Maya',
  role: 'member' as const,
  expiresAt: '2030-01-08T00:00:00.000Z',
};

describe('the local outbox (the stand-in for SES)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    installPlatform({});
  });

  it('writes <iso-time>-<email>.eml to the outbox and prints the link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      vi.stubEnv('APP_URL', 'http://127.0.0.1:3000');
      installPlatform({ mailer: new OutboxMailer(dir) });
      const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
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

});
