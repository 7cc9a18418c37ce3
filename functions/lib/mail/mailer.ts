import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { platform } from '../platform/platform';
import type { Mailer, MailMessage } from '../platform/ports';

// The port's types, under the names infra/local's outbox imports them by.
export type { Mailer, MailMessage };

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

/** The transport for this environment: the one the platform supplies (infra/local's outbox), else SES. */
export const mailer = (): Mailer => {
  const installed = platform().mailer;
  if (installed) return installed;
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  return new SesMailer(from);
};
