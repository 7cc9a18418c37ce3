import { describe, expect, it } from 'vitest';
import { parseAddressList, parseMessage } from './gmail-message';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

describe('Gmail message parsing', () => {
  it('splits address lists on commas outside quotes and brackets', () => {
    expect(parseAddressList('"Doe, Jane" <Jane@Talent.com>, sam@agency.com, Kim Lee <kim@x.io>')).toEqual([
      { name: 'Doe, Jane', email: 'jane@talent.com' },
      { email: 'sam@agency.com' },
      { name: 'Kim Lee', email: 'kim@x.io' },
    ]);
    expect(parseAddressList(undefined)).toEqual([]);
  });

  it('reads headers and the text/plain body of a multipart message', () => {
    const parsed = parseMessage({
      id: 'm1',
      threadId: 't1',
      historyId: '900',
      internalDate: '1740000000000',
      snippet: 'Hi Sam',
      labelIds: ['INBOX'],
      payload: {
        mimeType: 'multipart/mixed',
        headers: [
          { name: 'From', value: 'Jane Doe <jane@talent.com>' },
          { name: 'To', value: 'sam@agency.com' },
          { name: 'Cc', value: 'Manager <mgr@talent.com>' },
          { name: 'Subject', value: 'Spring launch — rates ✨' },
          { name: 'Date', value: 'Wed, 19 Feb 2025 21:20:00 +0000' },
        ],
        parts: [
          {
            mimeType: 'multipart/alternative',
            parts: [
              { mimeType: 'text/plain', body: { data: b64('Hi Sam,\r\nMy rate is $2,500. ✨') } },
              { mimeType: 'text/html', body: { data: b64('<p>Hi Sam</p>') } },
            ],
          },
          { mimeType: 'text/plain', filename: 'terms.txt', body: { attachmentId: 'a1' } },
        ],
      },
    });
    expect(parsed).toEqual({
      id: 'm1',
      threadId: 't1',
      from: { name: 'Jane Doe', email: 'jane@talent.com' },
      to: [{ email: 'sam@agency.com' }],
      cc: [{ name: 'Manager', email: 'mgr@talent.com' }],
      subject: 'Spring launch — rates ✨',
      date: 'Wed, 19 Feb 2025 21:20:00 +0000',
      internalDate: 1740000000000,
      snippet: 'Hi Sam',
      text: 'Hi Sam,\nMy rate is $2,500. ✨',
      labelIds: ['INBOX'],
      historyId: '900',
    });
  });

  it('falls back to stripped HTML, and to empty text for metadata format', () => {
    const html = parseMessage({ id: 'm', threadId: 't', payload: { mimeType: 'text/html', body: { data: b64('<div>Hello&nbsp;there<br>Sam &amp; co</div>') } } });
    expect(html.text).toBe('Hello there\nSam & co');
    const meta = parseMessage({ id: 'm', threadId: 't', payload: { headers: [{ name: 'Subject', value: 'x' }] } });
    expect(meta).toMatchObject({ subject: 'x', text: '', to: [], cc: [] });
  });
});
