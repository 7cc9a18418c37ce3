import { describe, expect, it } from 'vitest';
import { readBounce, type BounceReason } from './bounce';

// Bounce texts in the shapes the MTAs write them (wording, wrapping, code placement); hosts,
// addresses and queue ids are invented.

const GMAIL_NO_SUCH_USER = `** Address not found **

Your message wasn't delivered to jane.doe@talent.example because the address couldn't be found, or is unable to receive mail.

Learn more here: https://support.google.com/mail/?p=NoSuchUser

The response from the remote server was:
550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. For more information, go to https://support.google.com/mail/?p=NoSuchUser d2-20020a05 - gsmtp
`;

const GMAIL_DOMAIN = `** Address not found **

Your message wasn't delivered to jane@talent-typo.example because the domain talent-typo.example couldn't be found. Check for typos or unnecessary spaces and try again.

The response was:
DNS Error: DNS type 'mx' lookup of talent-typo.example responded with code NXDOMAIN Domain name not found: talent-typo.example
`;

const GMAIL_FULL = `** Message not delivered **

Your message couldn't be delivered to jane@talent.example because the remote server is misconfigured. See technical details below for more information.

The response from the remote server was:
552 5.2.2 The email account that you tried to reach is over quota. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaPerm
`;

const EXCHANGE_NOT_FOUND = `Your message to mark@talentco.example couldn't be delivered.

mark wasn't found at talentco.example.

sam        Office 365        mark
Action Required                Recipient

Unknown To address

How to Fix It
The address may be misspelled or may not exist.

Diagnostic information for administrators:

Generating server: AM0PR01MB1234.eurprd01.prod.exchangelabs.com

mark@talentco.example
Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'
`;

const EXCHANGE_LEGACY = `Delivery has failed to these recipients or groups:

Mark Lee (mark@talentco.example)
The e-mail address you entered couldn't be found. Please check the recipient's e-mail address and try to resend the message.

Diagnostic information for administrators:

Generating server: mail.talentco.example

mark@talentco.example
#550 5.1.1 RESOLVER.ADR.RecipNotFound; not found ##
`;

const POSTFIX_UNKNOWN = `This is the mail system at host mail.brightagency.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

<lena@talent.example>: host mx1.talent.example[203.0.113.7] said: 550 5.1.1
    <lena@talent.example>: Recipient address rejected: User unknown in virtual
    mailbox table (in reply to RCPT TO command)
`;

const POSTFIX_FULL = `This is the mail system at host mail.brightagency.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

<lena@talent.example>: host mx1.talent.example[203.0.113.7] said: 552 5.2.2
    <lena@talent.example>: Mailbox full (in reply to end of DATA command)
`;

const POSTFIX_HOST_NOT_FOUND = `This is the mail system at host mail.brightagency.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

<lena@talent-typo.example>: Host or domain name not found. Name service error for
    name=talent-typo.example type=A: Host not found
`;

const EXIM_UNKNOWN = `This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  hugo@talents.example
    host mx.talents.example [198.51.100.4]
    SMTP error from remote mail server after RCPT TO:<hugo@talents.example>:
    550 No such user here
`;

const EXIM_UNROUTEABLE = `This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  hugo@talents-typo.example
    Unrouteable address
`;

const EXIM_EXPIRED = `This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  hugo@talents.example
    retry timeout exceeded
`;

const QMAIL = `Hi. This is the qmail-send program at mail.talents.example.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<hugo@talents.example>:
Sorry, no mailbox here by that name. (#5.1.1)
`;

const YAHOO = `Sorry, we were unable to deliver your message to the following address.

<daisuke.mori@yahoo.example>:
554: delivery error: dd This user doesn't have a yahoo.example account (daisuke.mori@yahoo.example) [0] - mta1234.mail.yahoo.example
`;

const BLOCKED = `Your message to mark@talentco.example couldn't be delivered.

Remote Server returned '550 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using Spamhaus'
`;

describe('readBounce from the readable text', () => {
  it.each<[string, string, BounceReason]>([
    ['Gmail, no such user', GMAIL_NO_SUCH_USER, { status: '5.1.1', reason: 'unknown user', recipient: 'jane.doe@talent.example' }],
    ['Gmail, unknown domain (no code)', GMAIL_DOMAIN, { status: '5.1.2', reason: 'unknown domain', recipient: 'jane@talent-typo.example' }],
    ['Gmail, over quota', GMAIL_FULL, { status: '5.2.2', reason: 'mailbox full', recipient: 'jane@talent.example' }],
    ['Exchange Online, RecipientNotFound', EXCHANGE_NOT_FOUND, { status: '5.1.10', reason: 'unknown user', recipient: 'mark@talentco.example' }],
    ['Exchange on-premises, RecipNotFound', EXCHANGE_LEGACY, { status: '5.1.1', reason: 'unknown user', recipient: 'mark@talentco.example' }],
    ['Postfix, user unknown', POSTFIX_UNKNOWN, { status: '5.1.1', reason: 'unknown user', recipient: 'lena@talent.example' }],
    ['Postfix, mailbox full', POSTFIX_FULL, { status: '5.2.2', reason: 'mailbox full', recipient: 'lena@talent.example' }],
    ['Postfix, host not found (no code)', POSTFIX_HOST_NOT_FOUND, { status: '5.1.2', reason: 'unknown domain', recipient: 'lena@talent-typo.example' }],
    ['Exim, no such user (basic code only)', EXIM_UNKNOWN, { status: '5.1.1', reason: 'unknown user', recipient: 'hugo@talents.example' }],
    ['Exim, unrouteable address', EXIM_UNROUTEABLE, { status: '5.1.2', reason: 'unknown domain', recipient: 'hugo@talents-typo.example' }],
    ['Exim, retry timeout', EXIM_EXPIRED, { status: '4.4.7', reason: 'delivery expired', recipient: 'hugo@talents.example' }],
    ['qmail', QMAIL, { status: '5.1.1', reason: 'unknown user', recipient: 'hugo@talents.example' }],
    ['Yahoo', YAHOO, { status: '5.1.1', reason: 'unknown user', recipient: 'daisuke.mori@yahoo.example' }],
    ['a block list rejection', BLOCKED, { status: '5.7.1', reason: 'blocked', recipient: 'mark@talentco.example' }],
  ])('%s', (_name, text, expected) => {
    expect(readBounce({ text })).toEqual(expected);
  });

  it('reads CRLF text', () => {
    expect(readBounce({ text: POSTFIX_FULL.replace(/\n/g, '\r\n') })).toEqual({ status: '5.2.2', reason: 'mailbox full', recipient: 'lena@talent.example' });
  });

  it('takes the recipient from X-Failed-Recipients first (Exim sets it)', () => {
    const headers = new Map([['x-failed-recipients', 'Hugo@Talents.example']]);
    expect(readBounce({ text: EXIM_UNROUTEABLE, headers })?.recipient).toBe('hugo@talents.example');
  });

  it.each([
    ['a delay notice', 'Delivery incomplete\n\nThere was a temporary problem delivering your message to jane@talent.example. Gmail will retry for 47 more hours.'],
    ['a person writing about a parcel', 'The parcel could arrive Monday; the courier said 550 boxes ship today.'],
    ['an empty text', ''],
  ])('reports nothing for %s', (_name, text) => {
    expect(readBounce({ text })).toBeUndefined();
  });

  it('names a failure it cannot classify "delivery failed"', () => {
    expect(readBounce({ text: 'Your message could not be delivered.\n\n<jane@talent.example>: 554 transaction failed' })).toEqual({
      status: '5.0.0',
      reason: 'delivery failed',
      recipient: 'jane@talent.example',
    });
  });
});

const report = (action: string, status: string, diagnostic?: string) => `Reporting-MTA: dns; mail.brightagency.example
X-Postfix-Queue-ID: 4F2A81C0042
Arrival-Date: Tue,  3 Nov 2026 10:02:11 +0000 (UTC)

Final-Recipient: rfc822; lena@talent.example
Original-Recipient: rfc822;lena@talent.example
Action: ${action}
Status: ${status}
Remote-MTA: dns; mx1.talent.example${diagnostic ? `\nDiagnostic-Code: smtp; ${diagnostic}` : ''}
`;

describe('readBounce from the delivery-status report', () => {
  it('reads Status, the failed recipient and the diagnostic (Postfix)', () => {
    const dsn = report('failed', '5.1.1', '550 5.1.1 <lena@talent.example>: Recipient address\n    rejected: User unknown in virtual mailbox table');
    expect(readBounce({ text: POSTFIX_UNKNOWN, report: dsn })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'lena@talent.example' });
  });

  it('takes the reason from the status code when the diagnostic names none', () => {
    expect(readBounce({ text: '', report: report('failed', '5.2.2') })).toEqual({ status: '5.2.2', reason: 'mailbox full', recipient: 'lena@talent.example' });
    expect(readBounce({ text: '', report: report('failed', '5.4.4') })?.reason).toBe('unknown domain');
    expect(readBounce({ text: '', report: report('failed', '5.7.26') })?.reason).toBe('blocked');
    expect(readBounce({ text: '', report: report('failed', '5.1.3') })?.reason).toBe('address rejected');
    expect(readBounce({ text: '', report: report('failed', '5.3.4') })?.reason).toBe('message too large');
    expect(readBounce({ text: '', report: report('failed', '5.2.1') })?.reason).toBe('mailbox disabled');
    expect(readBounce({ text: '', report: report('failed', '4.4.7') })?.reason).toBe('delivery expired');
    expect(readBounce({ text: '', report: report('failed', '5.0.0') })?.reason).toBe('delivery failed');
  });

  it('reports nothing for a delay or a delivery notice, whatever the text says', () => {
    expect(readBounce({ text: POSTFIX_UNKNOWN, report: report('delayed', '4.4.1') })).toBeUndefined();
    expect(readBounce({ text: '', report: report('delivered', '2.0.0') })).toBeUndefined();
  });

  it('picks the failed recipient among several', () => {
    const two = `${report('delivered', '2.0.0')}\nFinal-Recipient: rfc822; mark@talentco.example\nAction: failed\nStatus: 5.1.1\n`;
    expect(readBounce({ text: '', report: two })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'mark@talentco.example' });
  });

  it('falls back to the text when the report lists no recipient', () => {
    expect(readBounce({ text: QMAIL, report: 'Reporting-MTA: dns; mail.talents.example\n' })).toMatchObject({ status: '5.1.1', reason: 'unknown user' });
  });
});
