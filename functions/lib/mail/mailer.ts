import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

/** An outgoing e-mail. `text` is required; `html` optional. */
export type MailMessage = { to: string; subject: string; text: string; html?: string; /** a link worth echoing on the local console */ link?: string };

export type Mailer = {
  send(message: MailMessage): Promise<{ id: string }>;
};

/** Amazon SES v2 SendEmail from MAIL_FROM (a verified identity). */
export class SesMailer implements Mailer {
  private client = new SESv2Client({});
  constructor(private readonly from: string) {}

  async send(message: MailMessage): Promise<{ id: string }> {
    const result = await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
            },
          },
        },
      }),
    );
    return { id: result.MessageId ?? 'unknown' };
  }
}

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

let override: Mailer | undefined;

/** The transport for this environment: the local outbox when LOCAL_OUTBOX_DIR is set, else SES. */
export const mailer = (): Mailer => {
  if (override) return override;
  const outbox = process.env.LOCAL_OUTBOX_DIR;
  if (outbox) return new OutboxMailer(outbox, process.env.MAIL_FROM || undefined);
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  return new SesMailer(from);
};

/** Tests: send through another transport (undefined restores the default). */
export const setMailer = (next: Mailer | undefined): void => {
  override = next;
};
