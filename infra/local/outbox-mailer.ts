import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from '../../functions/lib/mail/mailer';

const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ');

/**
 * Local mode: each message becomes `<iso-time>-<email>.eml` in the outbox folder, and one console
 * line shows the link so a developer can click it.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from = 'Threadline <no-reply@threadline.local>',
  ) {}

  async send(message: MailMessage): Promise<{ id: string }> {
    await mkdir(this.dir, { recursive: true });
    const now = new Date().toISOString();
    const safeTo = message.to.replace(/[^A-Za-z0-9@._+-]/g, '_');
    const file = `${now.replace(/[:]/g, '-')}-${safeTo}.eml`;
    const boundary = `tl-${Math.random().toString(36).slice(2)}`;
    const eml = [
      `From: ${headerSafe(this.from)}`,
      `To: ${headerSafe(message.to)}`,
      `Subject: ${headerSafe(message.subject)}`,
      `Date: ${new Date(now).toUTCString()}`,
      'MIME-Version: 1.0',
      ...(message.html
        ? [
            `Content-Type: multipart/alternative; boundary="${boundary}"`,
            '',
            `--${boundary}`,
            'Content-Type: text/plain; charset=UTF-8',
            '',
            message.text,
            `--${boundary}`,
            'Content-Type: text/html; charset=UTF-8',
            '',
            message.html,
            `--${boundary}--`,
          ]
        : ['Content-Type: text/plain; charset=UTF-8', '', message.text]),
      '',
    ].join('\r\n');
    await writeFile(join(this.dir, file), eml, { mode: 0o600 });
    console.info(`[outbox] e-mail to ${message.to}: ${message.subject}${message.link ? ` → ${message.link}` : ''}`);
    return { id: file };
  }
}

