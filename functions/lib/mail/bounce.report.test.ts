import { describe, expect, it } from 'vitest';
import { readBounce } from './bounce';

// The machine-readable delivery-status part (RFC 3464): blocks of header-style fields separated
// by blank lines, the first about the message, then one per recipient. Fields follow RFC 5322
// (folded lines start with white space; white space around the colon is allowed). Addresses
// and hosts are invented.

const PER_MESSAGE = `Reporting-MTA: dns; mail.brightagency.example
X-Postfix-Queue-ID: 4F2A81C0042
Arrival-Date: Tue,  3 Nov 2026 10:02:11 +0000 (UTC)`;

const lines = (...rows: string[]) => rows.join('\n');

describe('fields', () => {
  it('reads a Diagnostic-Code folded over several lines as one', () => {
    const report = lines(
      PER_MESSAGE,
      '',
      'Final-Recipient: rfc822; lena@talent.example',
      'Action: failed',
      'Status: 4.0.0',
      'Diagnostic-Code: smtp; 450 4.0.0 <lena@talent.example>: Recipient address',
      '    rejected: Greylisted, see https://talent.example/greylisting',
    );
    expect(readBounce({ text: '', report })).toEqual({ status: '4.0.0', reason: 'address rejected', recipient: 'lena@talent.example' });
  });

  it('reads a field folded with a tab', () => {
    const report = lines(
      'Final-Recipient: rfc822; lena@talent.example',
      'Action: failed',
      'Status: 5.0.0',
      'Diagnostic-Code: smtp; 550 5.0.0 Requested action not taken: mailbox',
      '\tunavailable',
    );
    expect(readBounce({ text: '', report })).toEqual({ status: '5.0.0', reason: 'unknown user', recipient: 'lena@talent.example' });
  });

  it('does not join a line that is not indented (it is no part of the field)', () => {
    const report = lines(
      'Final-Recipient: rfc822; lena@talent.example',
      'Action: failed',
      'Status: 5.0.0',
      'Diagnostic-Code: smtp; 550 5.0.0 Requested action not taken:',
      'mailbox unavailable',
    );
    expect(readBounce({ text: '', report })).toEqual({ status: '5.0.0', reason: 'delivery failed', recipient: 'lena@talent.example' });
  });

  it.each([
    ['white space before the colon', 'Status : 5.2.2'],
    ['no space after the colon', 'Status:5.2.2'],
    ['several spaces after the colon', 'Status:    5.2.2'],
    ['trailing white space', 'Status: 5.2.2   '],
  ])('reads a field with %s', (_name, status) => {
    const report = lines('Final-Recipient: rfc822; lena@talent.example', 'Action: failed', status, 'Diagnostic-Code: smtp; 552 Requested mail action aborted');
    expect(readBounce({ text: '', report })).toEqual({ status: '5.2.2', reason: 'mailbox full', recipient: 'lena@talent.example' });
  });

  it('reads the Action whatever its case and trailing white space', () => {
    for (const action of ['failed   ', 'Failed', 'FAILED']) {
      const report = lines('Final-Recipient: rfc822; lena@talent.example', `Action: ${action}`, 'Status: 5.1.1');
      expect(readBounce({ text: '', report })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'lena@talent.example' });
    }
  });

  it('keeps the first of a repeated field (two recipients run together without a blank line)', () => {
    const report = lines(
      PER_MESSAGE,
      '',
      'Final-Recipient: rfc822; lena@talent.example',
      'Action: failed',
      'Status: 5.1.1',
      'Final-Recipient: rfc822; mark@talentco.example',
      'Action: failed',
      'Status: 5.2.2',
    );
    expect(readBounce({ text: '', report })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'lena@talent.example' });
  });
});

describe('line endings and blocks', () => {
  const twoRecipients = (separator: string) =>
    lines(
      PER_MESSAGE,
      separator,
      'Final-Recipient: rfc822; mark@talentco.example',
      'Action: delivered',
      'Status: 2.0.0',
      separator,
      'Final-Recipient: rfc822; lena@talent.example',
      'Action: failed',
      'Status: 5.2.2',
    );

  it.each([
    ['an empty line', ''],
    ['a line of spaces', '   '],
    ['a line with a tab', '\t'],
  ])('separates blocks by %s', (_name, separator) => {
    expect(readBounce({ text: '', report: twoRecipients(separator) })).toEqual({ status: '5.2.2', reason: 'mailbox full', recipient: 'lena@talent.example' });
  });

  it.each([
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('reads %s line endings', (_name, eol) => {
    const report = twoRecipients('').replace(/\n/g, eol);
    expect(readBounce({ text: '', report })).toEqual({ status: '5.2.2', reason: 'mailbox full', recipient: 'lena@talent.example' });
  });

  it('reads a CRLF Diagnostic-Code folded over two lines', () => {
    const report = lines(
      'Final-Recipient: rfc822; lena@talent.example',
      'Action: failed',
      'Status: 5.0.0',
      'Diagnostic-Code: smtp; 550 5.0.0 Requested action not taken: mailbox',
      '    unavailable',
    ).replace(/\n/g, '\r\n');
    expect(readBounce({ text: '', report })).toEqual({ status: '5.0.0', reason: 'unknown user', recipient: 'lena@talent.example' });
  });
});

describe('which block reports the failure', () => {
  it('a block without an Action that has a permanent Status (some MTAs leave Action out)', () => {
    const report = lines(PER_MESSAGE, '', 'Final-Recipient: rfc822; lena@talent.example', 'Status: 5.1.1');
    expect(readBounce({ text: '', report })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'lena@talent.example' });
  });

  it('a block without an Action and a temporary Status reports no failure', () => {
    const report = lines(PER_MESSAGE, '', 'Final-Recipient: rfc822; lena@talent.example', 'Status: 4.4.1');
    expect(readBounce({ text: '', report })).toBeUndefined();
  });

  it('a block with neither Action nor Status reports no failure', () => {
    const report = lines(PER_MESSAGE, '', 'Final-Recipient: rfc822; lena@talent.example', 'Remote-MTA: dns; mx1.talent.example');
    expect(readBounce({ text: '', report })).toBeUndefined();
  });

  it('an Action other than failed is no failure, whatever its Status', () => {
    for (const action of ['delayed', 'delivered', 'relayed', 'expanded']) {
      const report = lines('Final-Recipient: rfc822; lena@talent.example', `Action: ${action}`, 'Status: 5.1.1');
      expect(readBounce({ text: '', report })).toBeUndefined();
    }
  });

  it('the recipient from Original-Recipient when Final-Recipient is missing', () => {
    const report = lines(PER_MESSAGE, '', 'Original-Recipient: rfc822; Lena@Talent.example', 'Status: 5.1.1');
    expect(readBounce({ text: '', report })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'lena@talent.example' });
  });

  it('Final-Recipient before Original-Recipient (the address after any rewriting)', () => {
    const report = lines('Final-Recipient: rfc822; lena@mail.talent.example', 'Original-Recipient: rfc822; lena@talent.example', 'Action: failed', 'Status: 5.1.1');
    expect(readBounce({ text: '', report })?.recipient).toBe('lena@mail.talent.example');
  });

  it('a block naming no recipient: the recipient from X-Failed-Recipients', () => {
    const report = lines(PER_MESSAGE, '', 'Action: failed', 'Status: 5.1.1');
    const headers = new Map([['x-failed-recipients', 'lena@talent.example']]);
    expect(readBounce({ text: '', report, headers })).toEqual({ status: '5.1.1', reason: 'unknown user', recipient: 'lena@talent.example' });
    expect(readBounce({ text: '', report })).toEqual({ status: '5.1.1', reason: 'unknown user' });
  });

  it('a Final-Recipient that holds no address: the one in X-Failed-Recipients', () => {
    const report = lines('Final-Recipient: rfc822; lena', 'Action: failed', 'Status: 5.1.1');
    const headers = new Map([['x-failed-recipients', 'lena@talent.example']]);
    expect(readBounce({ text: '', report, headers })?.recipient).toBe('lena@talent.example');
    expect(readBounce({ text: '', report })).toEqual({ status: '5.1.1', reason: 'unknown user' });
  });

  it('a report of only the per-message block leaves the text to decide', () => {
    const text = 'Your message could not be delivered.\n\n<lena@talent.example>: Mailbox is full';
    expect(readBounce({ text, report: PER_MESSAGE })).toEqual({ status: '5.2.2', reason: 'mailbox full', recipient: 'lena@talent.example' });
    expect(readBounce({ text: '', report: PER_MESSAGE })).toBeUndefined();
  });
});
