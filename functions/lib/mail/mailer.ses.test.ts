import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { SesMailer } from './mailer';

// What goes to Amazon SES v2 SendEmail: the whole request, so a change to the sender, the
// charsets or the parts cannot ship silently.

describe('SesMailer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const sent = (send: ReturnType<typeof vi.spyOn>) => {
    const command = send.mock.calls[0]![0] as SendEmailCommand;
    expect(command).toBeInstanceOf(SendEmailCommand);
    return command.input;
  };

  it('sends the subject, text and HTML in UTF-8 from the configured identity', async () => {
    const send = vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({ MessageId: 'ses-1' } as never);
    const result = await new SesMailer('Threadline <invites@threadline.example>').send({
      to: 'priya@brightwave-agency.com',
      subject: 'Maya Okafor invited you to Brightwave Agency on Threadline',
      text: 'Accept the invitation: https://app.threadline.example/invite?token=tok_1',
      html: '<p><a href="https://app.threadline.example/invite?token=tok_1">Accept the invitation</a></p>',
      link: 'https://app.threadline.example/invite?token=tok_1',
    });
    expect(result).toEqual({ id: 'ses-1' });
    expect(sent(send)).toEqual({
      FromEmailAddress: 'Threadline <invites@threadline.example>',
      Destination: { ToAddresses: ['priya@brightwave-agency.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Maya Okafor invited you to Brightwave Agency on Threadline', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Accept the invitation: https://app.threadline.example/invite?token=tok_1', Charset: 'UTF-8' },
            Html: { Data: '<p><a href="https://app.threadline.example/invite?token=tok_1">Accept the invitation</a></p>', Charset: 'UTF-8' },
          },
        },
      },
    });
  });

  it('sends text only when the message has no HTML', async () => {
    const send = vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({ MessageId: 'ses-2' } as never);
    await new SesMailer('invites@threadline.example').send({ to: 'priya@brightwave-agency.com', subject: 'Hello', text: 'Plain text' });
    expect(sent(send).Content).toEqual({
      Simple: { Subject: { Data: 'Hello', Charset: 'UTF-8' }, Body: { Text: { Data: 'Plain text', Charset: 'UTF-8' } } },
    });
  });

  it('reports "unknown" when SES returns no message id', async () => {
    vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({} as never);
    await expect(new SesMailer('invites@threadline.example').send({ to: 'priya@brightwave-agency.com', subject: 'Hello', text: 'Plain text' })).resolves.toEqual({
      id: 'unknown',
    });
  });
});
