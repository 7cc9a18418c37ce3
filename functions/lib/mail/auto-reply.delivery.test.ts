import { describe, expect, it } from 'vitest';
import { classifyAutoReply, type AutoReplyInput } from './auto-reply';

// Mail about delivery: who sends it (a mail system's address or name), what marks it (a
// delivery-status report, a failure subject), and whether it reports a failure (a bounce) or a
// delay or success (machine mail, no bounce). Shapes of Gmail, Postfix, Exim, Exchange and qmail;
// hosts and addresses are invented.

const input = (over: Partial<Omit<AutoReplyInput, 'headers'>> & { headers?: Record<string, string> } = {}): AutoReplyInput => ({
  subject: 'Re: Spring launch',
  ownText: 'Sounds good, $2,000 works for me.',
  from: 'Jane Doe <jane@talent.example>',
  ...over,
  headers: new Map(Object.entries(over.headers ?? {})),
});

const FAILED = 'Your message could not be delivered.';

describe('the sender is a mail system', () => {
  it.each([
    'MAILER-DAEMON@mx.talent.example',
    'Mailer-Daemon@mx.talent.example',
    '<MAILER-DAEMON@mx.talent.example>',
    ' MAILER-DAEMON@mx.talent.example',
    'MAILER-DAEMON <MAILER-DAEMON@mx.talent.example>',
    '"MAILER-DAEMON@mx.talent.example"',
    'mailer_daemon@mx.talent.example',
    'mail-daemon@mx.talent.example',
    'maildaemon@mx.talent.example',
    'postmaster@talent.example',
    'Postmaster <postmaster@talent.example>',
    'Mail Delivery System <bounces@mx.talent.example>',
    'Mail Delivery Subsystem <bounces@mx.talent.example>',
    'Mail Delivery Service <bounces@mx.talent.example>',
    '"Mail Delivery System" <bounces@mx.talent.example>',
    '"Mail Delivery System"<bounces@mx.talent.example>',
    'Mail Delivery System  <bounces@mx.talent.example>',
    ' Mail Delivery System <bounces@mx.talent.example>',
  ])('%j with failure wording is a bounce', (from) => {
    expect(classifyAutoReply(input({ from, ownText: FAILED }))).toBe('bounce');
  });

  it.each([
    // a person or a company whose address or name merely contains the words
    'Sam Outpost <outpostmaster@outpost-studio.example>',
    'Jane Doe <jane.postmaster@talent.example>',
    'Royal Mail Delivery Service <no-reply@royalmail.example>',
    'Mail Delivery System Team Lead <lee@talent.example>',
    'mailer-daemon fan <jane@talent.example>',
  ])('%j is a person: the same words are no bounce', (from) => {
    expect(classifyAutoReply(input({ from, ownText: FAILED }))).toBe('none');
  });

  it('a message without a From header is judged by its other signals', () => {
    const { from: _from, ...noFrom } = input({ ownText: FAILED });
    expect(classifyAutoReply(noFrom)).toBe('none');
    expect(classifyAutoReply({ ...noFrom, headers: new Map([['x-failed-recipients', 'jane@talent.example']]) })).toBe('bounce');
  });
});

describe('the message is marked as a delivery failure', () => {
  it.each([
    'Undeliverable: Spring launch',
    ' Undeliverable: Spring launch',
    'Undelivered Mail Returned to Sender',
    'Delivery Status Notification (Failure)',
    'Mail delivery failed: returning message to sender',
    'Delivery failure',
    'failure notice',
    'Returned mail: see transcript for details',
    'Message not delivered',
    'Non remis : Spring launch',
    'Non distribuable : Spring launch',
    'Unzustellbar: Spring launch',
    'Nicht zustellbar: Spring launch',
    'No se puede entregar: Spring launch',
    'Non recapitabile: Spring launch',
    'Onbestelbaar: Spring launch',
    'Não entregue: Spring launch',
    '配信不能: Spring launch',
    '退信: Spring launch',
  ])('subject %j is a bounce', (subject) => {
    expect(classifyAutoReply(input({ subject, ownText: 'Sorry.' }))).toBe('bounce');
  });

  it.each(['Re: Undeliverable: Spring launch', 'Undeliverables list for the shoot', 'Returned mailers from the campaign'])('subject %j is a person', (subject) => {
    expect(classifyAutoReply(input({ subject }))).toBe('none');
  });

  it.each([
    'multipart/report; report-type=delivery-status; boundary="b1"',
    'multipart/report; report-type="delivery-status"; boundary="b1"',
    'multipart/report; report-type = delivery-status; boundary="b1"',
    'Multipart/Report; Report-Type=Delivery-Status; boundary="b1"',
  ])('Content-Type %j is a bounce', (contentType) => {
    expect(classifyAutoReply(input({ headers: { 'content-type': contentType }, ownText: '' }))).toBe('bounce');
    expect(classifyAutoReply(input({ mimeType: contentType, ownText: '' }))).toBe('bounce');
  });

  it('reads the report type from the header when the MIME type is bare (as Gmail gives it)', () => {
    const headers = { 'content-type': 'multipart/report; report-type=delivery-status; boundary="b1"' };
    expect(classifyAutoReply(input({ headers, mimeType: 'multipart/report', ownText: '' }))).toBe('bounce');
  });

  it.each([
    'multipart/report; report-type=disposition-notification; boundary="b2"',
    'multipart/mixed; boundary="b3"',
    'text/plain; charset=utf-8; report-type=delivery-status',
  ])('Content-Type %j is no delivery report', (contentType) => {
    expect(classifyAutoReply(input({ headers: { 'content-type': contentType } }))).toBe('none');
  });
});

describe('a mail system’s words: failure or notice', () => {
  const DAEMON = 'MAILER-DAEMON@mx.talent.example';

  it.each([
    'This message is undeliverable.',
    'Your message was not delivered.',
    'Your message could not be delivered.',
    "Your message couldn't be delivered.",
    "Your message wasn't delivered to jane@talent.example.",
    'Delivery failed.',
    'Delivery has failed to these recipients or groups.',
    'Address not found',
    'User unknown',
    'The email account does not exist.',
    'This is a permanent error.',
    'Mailbox full',
    'Mailbox is full',
    'Mailbox unavailable',
    'Recipient address rejected',
    'Remote server replied: 550 5.1.1',
    'Remote server replied: 550 5.1.10 RESOLVER.ADR.RecipientNotFound',
    'Remote server replied: 554 5.7.1 (blocked)',
    // RFC 3463 allows a subject of up to three digits
    'Remote server replied: 5.10.1',
    'Die Nachricht ist unzustellbar.',
    'Le message est non remis.',
    'No se puede entregar el mensaje.',
    'No se ha podido entregar el mensaje.',
    'Il messaggio è non recapitabile.',
  ])('%j: a bounce', (ownText) => {
    expect(classifyAutoReply(input({ from: DAEMON, ownText }))).toBe('bounce');
  });

  it.each([
    'Remote server replied: 250 2.0.0 OK',
    'Build 15.1.1 of the mail server.',
    'See section 5.1.1.2 of the manual.',
    'Queue 5.1 processed.',
    'Report 5.1234.1 attached.',
    'Reference 5.1.10001',
  ])('%j: machine mail, no bounce (no failure, no status code 5.x.y)', (ownText) => {
    expect(classifyAutoReply(input({ from: DAEMON, ownText }))).toBe('auto_reply');
  });

  it.each([
    'Delivery Status Notification (Delay)',
    'Delivery Status Notification (Success)',
    'Your message was delivered successfully.',
    'Your message was successfully delivered.',
    'Delivery was successful.',
    'Delivery successful.',
    'Delivery complete.',
    'Your message was relayed to a server that does not report delivery.',
    'Delivery delayed: Spring launch',
    'Delayed Mail',
    'Message delayed',
    'There was a temporary problem delivering your message.',
    'Temporary failure in name resolution.',
    'Gmail will retry for 47 more hours.',
    'We will try again later.',
    'We will keep trying.',
    'We are still trying.',
    'The message is still being retried.',
    'Zustellung verzögert',
    'Remise retardée',
    'Entrega retrasada',
    'Consegna ritardata',
  ])('%j in a delivery-status report: a notice, no bounce', (ownText) => {
    expect(classifyAutoReply(input({ mimeType: 'multipart/report; report-type=delivery-status', ownText }))).toBe('auto_reply');
  });
});

describe('delay warnings that name the failure so far', () => {
  const POSTFIX_DELAY = `This is the mail system at host mail.brightagency.example.

####################################################################
# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #
####################################################################

Your message could not be delivered for more than 4 hour(s).
It will be retried until it is 5 day(s) old.

For further assistance, please send mail to postmaster.

                   The mail system

<lena@talent.example>: connect to mx1.talent.example[203.0.113.7]:25: Connection timed out`;

  const EXIM_DELAY = `This message was created automatically by mail delivery software.
A message that you sent has not yet been delivered to one or more of its
recipients after more than 24 hours on the queue on mail.brightagency.example.

The address to which the message has not yet been delivered is:

  hugo@talents.example
    host mx.talents.example [198.51.100.4]
    Connection timed out

No action is required on your part. Delivery attempts will continue for
some time, and this warning may be repeated at intervals if the message
remains undelivered. Eventually the mail delivery software will give up,
and when that happens, the message will be returned to you.`;

  it('Postfix (a delivery-status report from the mail system)', () => {
    const delay = input({
      from: 'Mail Delivery System <MAILER-DAEMON@mail.brightagency.example>',
      subject: 'Delayed Mail (still being retried)',
      headers: { 'content-type': 'multipart/report; report-type=delivery-status; boundary="x"', 'auto-submitted': 'auto-replied' },
      ownText: POSTFIX_DELAY,
    });
    expect(classifyAutoReply(delay)).toBe('auto_reply');
  });

  it('Exim (plain text from the mail system)', () => {
    const delay = input({
      from: 'Mail Delivery System <Mailer-Daemon@mail.brightagency.example>',
      subject: 'Warning: message 1tAbCd-000123-4X delayed 24 hours',
      headers: { 'auto-submitted': 'auto-replied' },
      ownText: EXIM_DELAY,
    });
    expect(classifyAutoReply(delay)).toBe('auto_reply');
  });

  it.each([
    'THIS IS A WARNING ONLY. Your message could not be delivered for more than 4 hour(s).',
    'Your message could not be delivered for more than 4 hour(s). It will be retried until it is 5 day(s) old.',
    'Your message could not be delivered for more than 4 hour(s). It is still being retried.',
    'Delivery attempts will continue; the message remains undelivered.',
    'A message that you sent has not yet been delivered; it remains undelivered.',
    "This message hasn't been delivered yet: it could not be delivered so far. Delivery will continue to be attempted.",
  ])('%j from a mail system: a notice', (ownText) => {
    expect(classifyAutoReply(input({ from: 'MAILER-DAEMON@mx.talent.example', ownText }))).toBe('auto_reply');
    expect(classifyAutoReply(input({ mimeType: 'multipart/report; report-type=delivery-status', ownText }))).toBe('auto_reply');
    expect(classifyAutoReply(input({ subject: 'Delivery Status Notification', ownText }))).toBe('auto_reply');
  });

  it('the same failure wording without the promise to retry is a bounce', () => {
    const ownText = 'Your message could not be delivered to one or more recipients.';
    expect(classifyAutoReply(input({ from: 'MAILER-DAEMON@mx.talent.example', ownText }))).toBe('bounce');
    expect(classifyAutoReply(input({ mimeType: 'multipart/report; report-type=delivery-status', ownText }))).toBe('bounce');
    expect(classifyAutoReply(input({ subject: 'Delivery Status Notification', ownText }))).toBe('bounce');
  });

  it('a person writing those words is still a person', () => {
    expect(classifyAutoReply(input({ ownText: 'The samples will be retried at the lab; delivery attempts will continue next week.' }))).toBe('none');
  });
});
