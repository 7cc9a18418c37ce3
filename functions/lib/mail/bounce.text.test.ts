import { describe, expect, it } from 'vitest';
import { readBounce } from './bounce';

// The readable text of a bounce without its report: which line is the remote server's answer
// (the first with a status code, lines folded by the MTA joined), what makes a text a failure
// notice, and where the failed address is named. Hosts, addresses and queue ids are invented.

const QMAIL_TWO = `Hi. This is the qmail-send program at mail.talents.example.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<hugo@talents.example>:
Sorry, no mailbox here by that name. (#5.1.1)

<ines@talents.example>:
198.51.100.4 does not like recipient.
Remote host said: 552 5.2.2 <ines@talents.example>... Mailbox full
Giving up on 198.51.100.4.
`;

// Postfix folds the remote answer at about 80 columns, here inside "Access denied".
const POSTFIX_TWO = `This is the mail system at host mail.brightagency.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

<mark@talentco.example>: host talentco-example.mail.protection.outlook.com[52.101.0.1]
    said: 550 5.4.1 Recipient address rejected: Access
    denied. AS(201806281) [AM0PR01MB1234.eurprd01.prod.exchangelabs.com] (in
    reply to RCPT TO command)

<jo@talent-typo.example>: Host or domain name not found. Name service error
    for name=talent-typo.example type=A: Host not found
`;

describe('the remote server’s answer', () => {
  it('is the first line with a status code (qmail, two recipients)', () => {
    expect(readBounce({ text: QMAIL_TWO })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'hugo@talents.example' });
  });

  it('is read with its folded lines, and its words before the text’s other reasons (Postfix, two recipients)', () => {
    expect(readBounce({ text: POSTFIX_TWO })).toEqual({ status: '5.4.1', reason: 'blocked', recipient: 'mark@talentco.example' });
  });

  it('is found in a text whose first line is indented (an HTML notice converted to text)', () => {
    const text = '    <hugo@talents.example>: 550 5.1.1 User unknown\n    (in reply to RCPT TO command)\n';
    expect(readBounce({ text })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'hugo@talents.example' });
  });

  it('keeps folded lines apart from a blank line before them', () => {
    const text = 'Delivery has failed.\n\n    <hugo@talents.example>: 552 5.2.2 Mailbox full\n';
    expect(readBounce({ text })).toEqual({ status: '5.2.2', reason: 'mailbox full', recipient: 'hugo@talents.example' });
  });

  it('with a temporary basic code, a bounce reports the final status its words stand for (Postfix, queue lifetime over)', () => {
    const text = `This is the mail system at host mail.brightagency.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

<lena@talent.example>: host mx1.talent.example[203.0.113.7] said: 452
    Insufficient system storage (in reply to RCPT TO command)
`;
    expect(readBounce({ text })).toEqual({ status: '5.2.2', reason: 'mailbox full', recipient: 'lena@talent.example' });
  });

  it('without a code, the last line naming a reason', () => {
    const text = `** Address not found **

Your message wasn't delivered to jane@talent-typo.example because the domain talent-typo.example couldn't be found.
`;
    expect(readBounce({ text })).toEqual({ status: '5.1.2', reason: 'unknown domain', recipient: 'jane@talent-typo.example' });
  });

  it('reads an answer folded with a tab', () => {
    expect(readBounce({ text: POSTFIX_TWO.replace(/\n {4}/g, '\n\t') })).toEqual({ status: '5.4.1', reason: 'blocked', recipient: 'mark@talentco.example' });
  });

  it.each([
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('reads %s line endings', (_name, eol) => {
    expect(readBounce({ text: QMAIL_TWO.replace(/\n/g, eol) })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'hugo@talents.example' });
    expect(readBounce({ text: POSTFIX_TWO.replace(/\n/g, eol) })).toEqual({ status: '5.4.1', reason: 'blocked', recipient: 'mark@talentco.example' });
  });
});

describe('the copy of the returned message', () => {
  // The outreach mail that bounced, as Exim and qmail append it to their text.
  const OUTREACH = `Return-path: <maya@brightwave-agency.com>
From: Maya Okafor <maya@brightwave-agency.com>
To: <hugo@talents-typo.example>
Subject: Spring launch

Hi Hugo, our usage-rights policy is attached. The client's budget is over quota for
reels, so could you do the story set instead? If the link is blocked, tell me.
`;

  it('is not read for a reason (Exim)', () => {
    const text = `This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  hugo@talents-typo.example
    Unrouteable address

------ This is a copy of the message, including all the headers. ------

${OUTREACH}`;
    expect(readBounce({ text })).toEqual({ status: '5.1.2', reason: 'unknown domain', recipient: 'hugo@talents-typo.example' });
  });

  it('ends the text read (qmail)', () => {
    const text = `Hi. This is the qmail-send program at mail.talents.example.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<hugo@talents-typo.example>:
Sorry, I couldn't find any host named talents-typo.example. (#5.1.2)

--- Below this line is a copy of the message.

${OUTREACH}`;
    expect(readBounce({ text })).toEqual({ status: '5.1.2', reason: 'unknown domain', recipient: 'hugo@talents-typo.example' });
  });
});

describe('what makes a text a failure notice', () => {
  // Each row holds one failure wording; the reason itself is no failure wording.
  const notice = (failure: string) => `${failure}\n\n<jane@talent.example>: Host or domain name not found\n`;

  it.each([
    "The server couldn't deliver your message.",
    'We could not deliver your message.',
    'Your message could not be delivered.',
    'Your message was not delivered.',
    "Your message wasn't delivered.",
    'Undeliverable: Spring launch',
    'Delivery failed',
    'Delivery has failed to these recipients',
    'This is a permanent error.',
    'The message failed permanently.',
    'The following address(es) failed:',
    'The following addresses failed:',
    'The following address failed:',
    'The following recipient was rejected:',
    'Unable to deliver your message.',
    'The mail system gave up.',
    'Unzustellbar: Vertrag',
    'Non remis : Tarifs',
    'No se puede entregar el mensaje.',
    'No se ha podido entregar el mensaje.',
    'Il messaggio non è stato recapitato.',
  ])('%s', (failure) => {
    expect(readBounce({ text: notice(failure) })).toEqual({ status: '5.1.2', reason: 'unknown domain', recipient: 'jane@talent.example' });
  });

  it.each([
    ['Mailbox full', { status: '5.2.2', reason: 'mailbox full' }],
    ['Mailbox is full', { status: '5.2.2', reason: 'mailbox full' }],
    ['Mailbox over quota', { status: '5.2.2', reason: 'mailbox full' }],
    ['User unknown', { status: '5.1.1', reason: 'unknown user' }],
    ['Address not found', { status: '5.1.1', reason: 'unknown user' }],
    ['Mailbox does not exist', { status: '5.1.1', reason: 'unknown user' }],
    ['Sorry, no mailbox here by that name.', { status: '5.1.1', reason: 'unknown user' }],
    ['Unrouteable address', { status: '5.1.2', reason: 'unknown domain' }],
  ])('a reason that is itself a failure: %s', (reason, expected) => {
    expect(readBounce({ text: `<jane@talent.example>: ${reason}` })).toEqual({ ...expected, recipient: 'jane@talent.example' });
  });

  it('reads failure wording wrapped over indented lines', () => {
    const text = 'Your message could not\n      be delivered.\n\n<jane@talent.example>: Host or domain name not found';
    expect(readBounce({ text })).toEqual({ status: '5.1.2', reason: 'unknown domain', recipient: 'jane@talent.example' });
  });

  it.each([
    'The package could not be shipped: host not found on the label.',
    'Delivery of the samples is delayed; the courier will try again tomorrow.',
    'Your message could be delivered later today.',
  ])('a person’s text is no failure notice: %j', (text) => {
    expect(readBounce({ text })).toBeUndefined();
  });
});

describe('the failed address in the text', () => {
  it.each([
    ['Gmail', "Your message wasn't delivered to Jane@Talent.example because the mailbox is full.", 'jane@talent.example'],
    ['Gmail, older', 'Your message was not delivered to <jane@talent.example>: mailbox full.', 'jane@talent.example'],
    ['capitals', 'COULD NOT BE DELIVERED TO jane@talent.example: Mailbox full', 'jane@talent.example'],
    ['Exchange Online', "Your message to jane@talent.example couldn't be delivered.\n\nMailbox full", 'jane@talent.example'],
    ['Exchange Online, capitals', "YOUR MESSAGE TO jane@talent.example COULDN'T BE DELIVERED.\n\nMailbox full", 'jane@talent.example'],
    ['Exim', 'The following address(es) failed:\n\n  jane@talent.example\n    Mailbox full', 'jane@talent.example'],
    ['Exim, capitals', 'THE FOLLOWING ADDRESS(ES) FAILED:\n\n  jane@talent.example\n    Mailbox full', 'jane@talent.example'],
    ['Postfix', 'Your message could not be delivered.\n\n<jane@talent.example>: Mailbox full', 'jane@talent.example'],
    ['Exchange on-premises', 'Delivery has failed to these recipients or groups:\n\nJane Doe (jane@talent.example)\nMailbox full', 'jane@talent.example'],
    ['Exchange on-premises, capitals', 'DELIVERY HAS FAILED TO THESE RECIPIENTS OR GROUPS:\n\nJane Doe (jane@talent.example)\nMailbox full', 'jane@talent.example'],
  ])('%s', (_name, text, recipient) => {
    expect(readBounce({ text })).toEqual({ status: '5.2.2', reason: 'mailbox full', recipient });
  });

  it('names no recipient when the text names none', () => {
    expect(readBounce({ text: 'Your message could not be delivered: mailbox full.' })).toEqual({ status: '5.2.2', reason: 'mailbox full' });
  });

  it('prefers X-Failed-Recipients over the text', () => {
    const headers = new Map([['x-failed-recipients', 'Jane.Doe@Talent.example']]);
    expect(readBounce({ text: 'Your message could not be delivered.\n\n<jane@talent.example>: Mailbox full', headers })?.recipient).toBe('jane.doe@talent.example');
  });
});
