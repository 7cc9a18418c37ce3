import { describe, expect, it } from 'vitest';
import { readBounce, type BounceReason } from './bounce';

// Each way MTAs word a failure, one row per wording the rules know, with the reason staff see and
// the RFC 3463 status it stands for when the bounce gives no code. Then each status code's reason
// when the words name none. Hosts and addresses are invented.

/** Exim's plain-text bounce around the remote server's words, without a status code. */
const exim = (words: string) => `This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  hugo@talents.example
    ${words}
`;

describe('the reason in words, from a bounce that gives no code', () => {
  it.each<[string, BounceReason['reason'], string]>([
    // unknown domain
    ['Host not found', 'unknown domain', '5.1.2'],
    ['Host or domain name not found', 'unknown domain', '5.1.2'],
    ['Domain not found', 'unknown domain', '5.1.2'],
    ['Domain name not found', 'unknown domain', '5.1.2'],
    ['No such domain', 'unknown domain', '5.1.2'],
    ['Unrouteable address', 'unknown domain', '5.1.2'],
    ['Unrouteable mail domain "talents-typo.example"', 'unknown domain', '5.1.2'],
    ['Name service error for name=talents-typo.example type=MX', 'unknown domain', '5.1.2'],
    ['DNS lookup failed', 'unknown domain', '5.1.2'],
    ["The domain talents-typo.example couldn't be found", 'unknown domain', '5.1.2'],
    ['MX lookup failed for talents-typo.example', 'unknown domain', '5.1.2'],
    ['MX record not found', 'unknown domain', '5.1.2'],
    // unknown user
    ['User unknown', 'unknown user', '5.1.1'],
    ['Unknown user', 'unknown user', '5.1.1'],
    ['No such user here', 'unknown user', '5.1.1'],
    ['No such mailbox', 'unknown user', '5.1.1'],
    ['Mailbox does not exist', 'unknown user', '5.1.1'],
    ['The email account that you tried to reach does not exist', 'unknown user', '5.1.1'],
    ['Recipient not found', 'unknown user', '5.1.1'],
    ['Invalid recipient', 'unknown user', '5.1.1'],
    ['Requested action not taken: mailbox unavailable', 'unknown user', '5.1.1'],
    ['Unbekannter Empfänger', 'unknown user', '5.1.1'],
    ['Utilisateur inconnu', 'unknown user', '5.1.1'],
    ['Usuario desconocido', 'unknown user', '5.1.1'],
    // mailbox full
    ['Mailbox full', 'mailbox full', '5.2.2'],
    ['Mailbox is full', 'mailbox full', '5.2.2'],
    ['Mailbox overquota', 'mailbox full', '5.2.2'],
    ['Mailbox over quota', 'mailbox full', '5.2.2'],
    ['Quota exceeded', 'mailbox full', '5.2.2'],
    ['The user has exceeded their quota', 'mailbox full', '5.2.2'],
    ['The user has exceeded their storage quota', 'mailbox full', '5.2.2'],
    ['Insufficient storage', 'mailbox full', '5.2.2'],
    ['Insufficient system storage', 'mailbox full', '5.2.2'],
    ['Postfach voll', 'mailbox full', '5.2.2'],
    ['Postfach ist voll', 'mailbox full', '5.2.2'],
    ['Boîte pleine', 'mailbox full', '5.2.2'],
    ['Boîte aux lettres pleine', 'mailbox full', '5.2.2'],
    ['Buzón lleno', 'mailbox full', '5.2.2'],
    // mailbox disabled
    ['Account disabled', 'mailbox disabled', '5.2.1'],
    ['This account has been suspended', 'mailbox disabled', '5.2.1'],
    ['Address no longer in use', 'mailbox disabled', '5.2.1'],
    // message too large
    ['Message too large', 'message too large', '5.3.4'],
    ['Message size is too big', 'message too large', '5.3.4'],
    ['Your message and its attachments exceed the size limit', 'message too large', '5.3.4'],
    ['Message exceeds the maximum message size', 'message too large', '5.3.4'],
    ['message size 31457280 exceeds size limit 26214400 of server mx.talents.example', 'message too large', '5.3.4'],
    ['Size limit exceeded', 'message too large', '5.3.4'],
    // blocked
    ['Relay access denied', 'blocked', '5.7.1'],
    ['Relay not permitted', 'blocked', '5.7.1'],
    ['Relaying denied', 'blocked', '5.7.1'],
    ['Sender not authorized', 'blocked', '5.7.1'],
    ['Sender not authorised', 'blocked', '5.7.1'],
    ['Message rejected for policy reasons', 'blocked', '5.7.1'],
    ['Client host listed on a blocklist', 'blocked', '5.7.1'],
    ['DMARC check failed', 'blocked', '5.7.1'],
    // address rejected
    ['Recipient rejected', 'address rejected', '5.1.0'],
    ['Recipient address rejected', 'address rejected', '5.1.0'],
    ['The server rejected recipient', 'address rejected', '5.1.0'],
    ['The server rejected the address', 'address rejected', '5.1.0'],
    ['Bad address syntax', 'address rejected', '5.1.0'],
    ['Bad recipient address syntax', 'address rejected', '5.1.0'],
    ['Syntax error in mailbox name', 'address rejected', '5.1.0'],
    // delivery expired
    ['retry timeout exceeded', 'delivery expired', '4.4.7'],
    ['Retry time exceeded', 'delivery expired', '4.4.7'],
    ['Retry period expired', 'delivery expired', '4.4.7'],
    ['Message expired after 5 days in the queue', 'delivery expired', '4.4.7'],
    // none of them
    ['Requested action aborted: local error in processing', 'delivery failed', '5.0.0'],
  ])('%j: %s (%s)', (words, reason, status) => {
    expect(readBounce({ text: exim(words) })).toEqual({ status, reason, recipient: 'hugo@talents.example' });
  });

  it('reads the most specific wording first: a rejected unknown user is an unknown user', () => {
    expect(readBounce({ text: exim('Recipient address rejected: User unknown in local recipient table') })?.reason).toBe('unknown user');
    expect(readBounce({ text: exim('Recipient address rejected: Domain not found') })?.reason).toBe('unknown domain');
    expect(readBounce({ text: exim('Recipient address rejected: Access denied') })?.reason).toBe('blocked');
  });
});

/** A Postfix-style report whose Status says only "permanent" (5.0.0), so the words decide. */
const reportSaying = (status: string, diagnostic?: string) => `Reporting-MTA: dns; mail.brightagency.example

Final-Recipient: rfc822; lena@talent.example
Action: failed
Status: ${status}${diagnostic ? `\nDiagnostic-Code: smtp; ${diagnostic}` : ''}
`;

describe('the reason in a report', () => {
  it.each<[string, BounceReason['reason']]>([
    ['550 5.0.0 Requested action not taken: mailbox unavailable', 'unknown user'],
    ['552 5.0.0 Mailbox is full', 'mailbox full'],
    ['554 5.0.0 Relay access denied', 'blocked'],
    ['550 5.0.0 Requested action not taken', 'delivery failed'],
  ])('Status 5.0.0 with Diagnostic-Code %j: %s, the status as reported', (diagnostic, reason) => {
    expect(readBounce({ text: '', report: reportSaying('5.0.0', diagnostic) })).toEqual({ status: '5.0.0', reason, recipient: 'lena@talent.example' });
  });

  it('takes the words of the Diagnostic-Code over the Status code', () => {
    expect(readBounce({ text: '', report: reportSaying('5.1.1', '552 5.2.2 Mailbox is full') })).toEqual({
      status: '5.1.1',
      reason: 'mailbox full',
      recipient: 'lena@talent.example',
    });
  });

  it.each<[string, BounceReason['reason']]>([
    // the codes RFC 3463 and its registry give a meaning staff can act on
    ['5.1.1', 'unknown user'],
    ['5.1.10', 'unknown user'],
    ['5.1.6', 'unknown user'],
    ['5.1.2', 'unknown domain'],
    ['5.1.3', 'address rejected'],
    ['5.2.1', 'mailbox disabled'],
    ['5.2.2', 'mailbox full'],
    ['4.2.2', 'mailbox full'],
    ['5.2.3', 'message too large'],
    ['5.3.4', 'message too large'],
    ['5.4.4', 'unknown domain'],
    ['5.4.7', 'delivery expired'],
    ['4.4.7', 'delivery expired'],
    // other addressing details: the address was refused
    ['5.1.0', 'address rejected'],
    ['5.1.4', 'address rejected'],
    ['5.1.7', 'address rejected'],
    ['5.1.11', 'address rejected'],
    ['5.1.100', 'address rejected'],
    ['5.1.20', 'address rejected'],
    // any security or policy detail: blocked
    ['5.7.0', 'blocked'],
    ['5.7.1', 'blocked'],
    ['5.7.26', 'blocked'],
    // details next to the known ones, and other subjects, name no reason
    ['5.0.0', 'delivery failed'],
    ['5.2.0', 'delivery failed'],
    ['5.2.4', 'delivery failed'],
    ['5.2.10', 'delivery failed'],
    ['5.2.11', 'delivery failed'],
    ['5.2.22', 'delivery failed'],
    ['5.3.0', 'delivery failed'],
    ['5.3.40', 'delivery failed'],
    ['5.4.0', 'delivery failed'],
    ['5.4.1', 'delivery failed'],
    ['5.4.40', 'delivery failed'],
    ['5.4.70', 'delivery failed'],
    ['5.5.0', 'delivery failed'],
    ['5.6.0', 'delivery failed'],
    ['5.11.1', 'delivery failed'],
    ['5.17.1', 'delivery failed'],
  ])('Status %s without words: %s', (status, reason) => {
    expect(readBounce({ text: '', report: reportSaying(status, '550 Requested action not taken') })).toEqual({
      status,
      reason,
      recipient: 'lena@talent.example',
    });
  });
});
