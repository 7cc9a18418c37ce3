import { describe, expect, it } from 'vitest';
import { readBounce } from './bounce';

// Where a status code is read and what is not one: the enhanced code of RFC 3463 (class.subject.
// detail, subject and detail of one to three digits) and the basic SMTP reply code of RFC 5321
// ("452", "550-" on a continued reply, "#550" in Exchange's NDRs). Addresses are invented.

/** A report block for lena@talent.example that failed, with the Status and Diagnostic-Code given. */
const report = ({ status, diagnostic }: { status?: string; diagnostic?: string }) =>
  [
    'Reporting-MTA: dns; mail.brightagency.example',
    '',
    'Final-Recipient: rfc822; lena@talent.example',
    'Action: failed',
    ...(status === undefined ? [] : [`Status: ${status}`]),
    ...(diagnostic === undefined ? [] : [`Diagnostic-Code: ${diagnostic}`]),
    '',
  ].join('\n');

describe('the Status field of a report', () => {
  it.each([
    ['5.1.1', '5.1.1'],
    ['5.1.10', '5.1.10'],
    ['4.4.7', '4.4.7'],
    ['5.7.26', '5.7.26'],
    // RFC 3463 allows a subject of up to three digits
    ['5.10.1', '5.10.1'],
    ['5.1.1 (Remote SMTP server has rejected address)', '5.1.1'],
  ])('Status: %s is %s', (field, status) => {
    expect(readBounce({ text: '', report: report({ status: field }) })?.status).toBe(status);
  });

  it.each(['6.1.1', '5.1.1.2', '15.1.1', '5.1', '5.1234.1', 'failed'])('Status: %s is no status code; permanent is all that is known', (field) => {
    expect(readBounce({ text: '', report: report({ status: field }) })).toEqual({ status: '5.0.0', reason: 'delivery failed', recipient: 'lena@talent.example' });
  });
});

describe('a report without a Status: the code of its Diagnostic-Code', () => {
  it.each([
    // the basic code says temporary or permanent, the words say why
    ['smtp; 452 Insufficient system storage', '4.0.0'],
    ['smtp; 452: Insufficient system storage', '4.0.0'],
    ['smtp; 452-Insufficient system storage', '4.0.0'],
    ['smtp; #452 Insufficient system storage', '4.0.0'],
    ["smtp; '452 Insufficient system storage'", '4.0.0'],
    ['smtp; "452 Insufficient system storage"', '4.0.0'],
    ['smtp; (452 Insufficient system storage)', '4.0.0'],
    ['452 Insufficient system storage', '4.0.0'],
    ['smtp; Insufficient system storage, last reply 452', '4.0.0'],
    ['smtp; 552 Insufficient system storage', '5.0.0'],
    // an enhanced code is taken as it is
    ['smtp; 452 4.2.2 Insufficient system storage', '4.2.2'],
    ['smtp; 552-5.2.2 Insufficient system storage', '5.2.2'],
    // three digits that are not a reply code
    ['smtp; x452 Insufficient system storage', '5.0.0'],
    ['smtp; 4520 Insufficient system storage', '5.0.0'],
    ['smtp; 452.1 Insufficient system storage', '5.0.0'],
    ['smtp; 352 Insufficient system storage', '5.0.0'],
    ['smtp; 4a2 Insufficient system storage', '5.0.0'],
    ['smtp; 45x Insufficient system storage', '5.0.0'],
  ])('Diagnostic-Code: %s: status %s', (diagnostic, status) => {
    expect(readBounce({ text: '', report: report({ diagnostic }) })).toEqual({ status, reason: 'mailbox full', recipient: 'lena@talent.example' });
  });

  it('without either, a failed recipient failed permanently for a reason not given', () => {
    expect(readBounce({ text: '', report: report({}) })).toEqual({ status: '5.0.0', reason: 'delivery failed', recipient: 'lena@talent.example' });
  });

  it('reads the reason from the code the diagnostic gives when its words name none', () => {
    expect(readBounce({ text: '', report: report({ diagnostic: 'smtp; 550 5.1.1 Requested action not taken' }) })).toEqual({
      status: '5.1.1',
      reason: 'unknown user',
      recipient: 'lena@talent.example',
    });
  });
});

/** Postfix's bounce around the remote server's answer. */
const postfix = (answer: string) => `This is the mail system at host mail.brightagency.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

                   The mail system

<lena@talent.example>: host mx1.talent.example[203.0.113.7] said: ${answer}
`;

describe('codes in the readable text', () => {
  it.each([
    // an enhanced code is the status as written
    ['550 5.1.1 <lena@talent.example>: Recipient address rejected: User unknown', { status: '5.1.1', reason: 'unknown user' }],
    ['552-5.2.2 The email account that you tried to reach is over quota', { status: '5.2.2', reason: 'mailbox full' }],
    ['550 5.4.1 Recipient address rejected: Access denied', { status: '5.4.1', reason: 'blocked' }],
    // a basic code only says permanent or temporary: the status comes from the words, as final
    ['550 Unrouteable address', { status: '5.1.2', reason: 'unknown domain' }],
    ['452 Insufficient system storage (in reply to RCPT TO command)', { status: '5.2.2', reason: 'mailbox full' }],
    ['554: Message rejected for policy reasons', { status: '5.7.1', reason: 'blocked' }],
    ['421 Service not available, closing transmission channel', { status: '5.0.0', reason: 'delivery failed' }],
  ])('%s', (answer, expected) => {
    expect(readBounce({ text: postfix(answer) })).toEqual({ ...expected, recipient: 'lena@talent.example' });
  });
});
