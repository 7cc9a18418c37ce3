import type { gmail_v1 } from '@googleapis/gmail';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeHeaderWords, deliveryReport, MAIL_LIMITS, messageText, parseAddressList, parseMessage } from './gmail-message';

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

  it('reads what RFC 5322 allows and hand-splitting got wrong: groups, encoded names, comments', () => {
    expect(parseAddressList('Talent team: ana@talent.com, "Bo" <bo@talent.com>;, =?UTF-8?B?Sm9zw6k=?= <Jose@X.com>, kim@x.io (Kim)')).toEqual([
      { email: 'ana@talent.com' },
      { name: 'Bo', email: 'bo@talent.com' },
      { name: 'José', email: 'jose@x.com' },
      { name: 'Kim', email: 'kim@x.io' },
    ]);
    expect(parseAddressList('undisclosed-recipients:;')).toEqual([]);
    expect(parseAddressList('not an address')).toEqual([]);
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
      messageId: 'gmail-m1@local',
      references: [],
      ownText: 'Hi Sam,\nMy rate is $2,500. ✨',
      autoReply: 'none',
      headers: {},
    });
  });

  it('falls back to stripped HTML, and to empty text for metadata format', () => {
    const html = parseMessage({ id: 'm', threadId: 't', payload: { mimeType: 'text/html', body: { data: b64('<div>Hello&nbsp;there<br>Sam &amp; co</div>') } } });
    expect(html.text).toBe('Hello there\nSam & co');
    const meta = parseMessage({ id: 'm', threadId: 't', payload: { headers: [{ name: 'Subject', value: 'x' }] } });
    expect(meta).toMatchObject({ subject: 'x', text: '', to: [], cc: [] });
  });
});

type Part = gmail_v1.Schema$MessagePart;

const bytes64 = (data: Uint8Array) => Buffer.from(data).toString('base64url');

/** A leaf part as the Gmail API returns it: bytes after transfer decoding, still in their charset. */
const textPart = (mimeType: string, data: Uint8Array, charset?: string, extra: Part = {}): Part => ({
  mimeType,
  headers: [{ name: 'Content-Type', value: `${mimeType}${charset ? `; charset="${charset}"` : ''}` }],
  body: { size: data.length, data: bytes64(data) },
  ...extra,
});

const utf8Part = (mimeType: string, text: string, extra: Part = {}) => textPart(mimeType, Buffer.from(text, 'utf8'), 'UTF-8', extra);

/**
 * iconv-lite has no ISO-2022-JP encoder: take its EUC-JP bytes and shift the JIS X 0208 pairs
 * down into 7 bits between the escape sequences, as a Japanese mail client sends them.
 */
const iso2022jp = (text: string): Uint8Array => {
  const euc = iconv.encode(text, 'euc-jp');
  const out: number[] = [];
  let kanji = false;
  for (let i = 0; i < euc.length; i++) {
    const b = euc[i]!;
    if (b >= 0xa1) {
      if (!kanji) out.push(0x1b, 0x24, 0x42);
      kanji = true;
      out.push(b - 0x80, euc[++i]! - 0x80);
    } else {
      if (kanji) out.push(0x1b, 0x28, 0x42);
      kanji = false;
      out.push(b);
    }
  }
  if (kanji) out.push(0x1b, 0x28, 0x42);
  return Uint8Array.from(out);
};

const message = (payload: Part, extra: gmail_v1.Schema$Message = {}): gmail_v1.Schema$Message => ({ id: 'g1', threadId: 't1', payload, ...extra });

describe('message ids and kept headers', () => {
  it('strips angle brackets and reads folded References', () => {
    const parsed = parseMessage(
      message({
        mimeType: 'text/plain',
        headers: [
          { name: 'Message-ID', value: ' <CAF=x8k2+Q@mail.gmail.com> ' },
          { name: 'In-Reply-To', value: '<Prev.Msg-1@talent.example> (Sam Carter\'s message of Wed, 19 Feb 2025)' },
          { name: 'References', value: '<root@brightagency.com>\r\n\t<Prev.Msg-1@talent.example>,\r\n <third@mx.example>' },
          { name: 'Auto-Submitted', value: 'no' },
          { name: 'Reply-To', value: 'Bookings <bookings@talent.example>' },
          { name: 'List-Id', value: 'Talent news <news.talent.example>' },
          { name: 'X-Mailer', value: 'not kept' },
        ],
        body: { data: b64('Hi') },
      }),
    );
    expect(parsed.messageId).toBe('CAF=x8k2+Q@mail.gmail.com');
    expect(parsed.inReplyTo).toBe('Prev.Msg-1@talent.example');
    expect(parsed.references).toEqual(['root@brightagency.com', 'Prev.Msg-1@talent.example', 'third@mx.example']);
    expect(parsed.headers).toEqual({
      'auto-submitted': 'no',
      'reply-to': 'Bookings <bookings@talent.example>',
      'list-id': 'Talent news <news.talent.example>',
    });
  });

  it('accepts ids written without brackets and falls back to the Gmail id', () => {
    const bare = parseMessage(
      message({ headers: [{ name: 'Message-Id', value: 'abc@x.example' }, { name: 'References', value: 'a@x.example, b@x.example' }] }),
    );
    expect(bare).toMatchObject({ messageId: 'abc@x.example', references: ['a@x.example', 'b@x.example'] });
    expect(bare.inReplyTo).toBeUndefined();
    expect(parseMessage(message({ headers: [{ name: 'Subject', value: 'x' }] })).messageId).toBe('gmail-g1@local');
  });
});

describe('charsets', () => {
  it.each([
    ['euc-kr', '샘님, 단가는 릴스 1개에 150만원입니다.', (t: string) => textPart('text/plain', iconv.encode(t, 'euc-kr'), 'euc-kr')],
    ['ks_c_5601-1987 (Outlook’s name for Korean)', '촬영은 3월 5일 가능합니다.', (t: string) => textPart('text/plain', iconv.encode(t, 'cp949'), 'ks_c_5601-1987')],
    ['shift_jis', 'サムさん、投稿は3月5日で大丈夫です。', (t: string) => textPart('text/plain', iconv.encode(t, 'shift_jis'), 'Shift_JIS')],
    ['iso-2022-jp', 'お世話になっております。投稿日は3月5日です。', (t: string) => textPart('text/plain', iso2022jp(t), 'ISO-2022-JP')],
    ['cp932 (Windows’ name for Shift_JIS)', '了解しました。', (t: string) => textPart('text/plain', iconv.encode(t, 'cp932'), 'cp932')],
    ['gb2312', '您好，报价是每条视频八千元。', (t: string) => textPart('text/plain', iconv.encode(t, 'gbk'), 'gb2312')],
    ['big5', '謝謝邀請，報價是新台幣兩萬五千元。', (t: string) => textPart('text/plain', iconv.encode(t, 'big5'), 'big5')],
    ['gb18030', '您好，报价是六千元。', (t: string) => textPart('text/plain', iconv.encode(t, 'gb18030'), 'GB18030')],
    ['windows-1251', 'Привет, ставка 300 евро.', (t: string) => textPart('text/plain', iconv.encode(t, 'windows-1251'), 'windows-1251')],
    ['koi8-r', 'Здравствуйте, цена 500 евро.', (t: string) => textPart('text/plain', iconv.encode(t, 'koi8-r'), 'koi8-r')],
    ['iso-8859-1', 'Bonjour, mon tarif est de 1 800 € ? Non : 1 500.', (t: string) => textPart('text/plain', iconv.encode(t, 'windows-1252'), 'iso-8859-1')],
    ['charset written without quotes', 'Grüße aus Köln', (t: string) => ({ ...textPart('text/plain', iconv.encode(t, 'latin1')), headers: [{ name: 'content-type', value: 'text/plain; format=flowed; charset=ISO-8859-1' }] })],
  ])('%s', (_name, text, build) => {
    expect(messageText(build(text))).toBe(text);
  });

  it('reads iso-8859-1 as mail clients mean it (windows-1252 quotes)', () => {
    const part = textPart('text/plain', Uint8Array.from([0x93, 0x4f, 0x4b, 0x94, 0x20, 0xe9]), 'iso-8859-1');
    expect(messageText(part)).toBe('“OK” é');
  });

  it('falls back to UTF-8 for an unknown or missing charset', () => {
    expect(messageText(textPart('text/plain', Buffer.from('Olá, cachê ok ✨'), 'x-unknown-charset'))).toBe('Olá, cachê ok ✨');
    expect(messageText(textPart('text/plain', Buffer.from('Olá ✨')))).toBe('Olá ✨');
  });

  it('reads 8-bit text without a usable charset as windows-1252 when it is not UTF-8', () => {
    expect(messageText(textPart('text/plain', iconv.encode('Grüße, 1.200 €', 'windows-1252')))).toBe('Grüße, 1.200 €');
    expect(messageText(textPart('text/plain', iconv.encode('Très bien', 'windows-1252'), 'unknown-8bit'))).toBe('Très bien');
  });

  it('decodes an HTML part by its charset too', () => {
    const html = textPart('text/html', iconv.encode('<p>단가는 <b>150만원</b>입니다.</p>', 'euc-kr'), 'EUC-KR');
    expect(messageText(html)).toBe('단가는 150만원입니다.');
  });
});

describe('MIME structure', () => {
  it('concatenates every inline text part of multipart/mixed in order and skips attachments', () => {
    const payload: Part = {
      mimeType: 'multipart/mixed',
      parts: [
        utf8Part('text/plain', 'Hi Sam,\r\nThe signed contract is attached.'),
        { mimeType: 'application/pdf', filename: 'contract.pdf', body: { attachmentId: 'att1', size: 48213 } },
        utf8Part('text/plain', 'P.S. I can also add a TikTok for $500.'),
        utf8Part('text/plain', 'rate card text', { filename: 'rates.txt' }),
        { ...utf8Part('text/plain', 'disposition says attachment'), headers: [{ name: 'Content-Type', value: 'text/plain' }, { name: 'Content-Disposition', value: 'attachment' }] },
        utf8Part('text/calendar', 'BEGIN:VCALENDAR'),
      ],
    };
    expect(messageText(payload)).toBe('Hi Sam,\nThe signed contract is attached.\n\nP.S. I can also add a TikTok for $500.');
  });

  it('prefers text/plain in multipart/alternative, even when HTML sits in a related part', () => {
    const payload: Part = {
      mimeType: 'multipart/alternative',
      parts: [
        utf8Part('text/plain', 'Plain version'),
        { mimeType: 'multipart/related', parts: [utf8Part('text/html', '<p>HTML version</p>'), { mimeType: 'image/png', filename: 'logo.png', body: { attachmentId: 'img' } }] },
      ],
    };
    expect(messageText(payload)).toBe('Plain version');
  });

  it('takes the HTML alternative when the plain one is empty', () => {
    const payload: Part = { mimeType: 'multipart/alternative', parts: [utf8Part('text/plain', '  \r\n'), utf8Part('text/html', '<div>Only in HTML</div>')] };
    expect(messageText(payload)).toBe('Only in HTML');
  });

  it('turns HTML-only mail into text: link text kept, images dropped, no wrapping, quote stripped from ownText', () => {
    const html = `<div dir="ltr">Hi Sam,<div><br></div><div>Yes, <b>$2,000</b> works. Here is my <a href="https://media.example/kit.pdf">media kit</a><img src="cid:logo" alt="Stellar logo"> and a sentence long enough that any wrapping at eighty columns would split it.</div><div><br></div><div>Jane</div></div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Wed, Feb 19, 2025 at 9:20 PM Sam Carter &lt;<a href="mailto:sam@brightagency.com">sam@brightagency.com</a>&gt; wrote:<br></div><blockquote class="gmail_quote"><div dir="ltr">Hi Jane,<div>Does $2,000 work?</div></div></blockquote></div>`;
    const parsed = parseMessage(message(utf8Part('text/html', html)));
    const own = 'Hi Sam,\n\nYes, $2,000 works. Here is my media kit and a sentence long enough that any wrapping at eighty columns would split it.\n\nJane';
    expect(parsed.text).toBe(`${own}\n\nOn Wed, Feb 19, 2025 at 9:20 PM Sam Carter <sam@brightagency.com> wrote:\n\n> Hi Jane,\n> Does $2,000 work?`);
    expect(parsed.ownText).toBe(own);
  });

  it('reads an Outlook HTML reply down to the sender’s words', () => {
    const html = `<html><head><style>p{margin:0}</style></head><body><div>Hi Sam,</div><div>Contract signed, see attached.</div><div>Mark</div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg"><b>From:</b> Sam Carter &lt;sam@brightagency.com&gt;<br><b>Sent:</b> Wednesday, February 19, 2025 9:20 PM<br><b>To:</b> Mark Lee &lt;mark@talentco.com&gt;<br><b>Subject:</b> Contract</div><div>&nbsp;</div><div>Please sign.</div><table><tr><td>Fee</td><td>$2,000</td></tr></table></body></html>`;
    const parsed = parseMessage(message(utf8Part('text/html', html)));
    expect(parsed.text).toContain('Please sign.\nFee\n$2,000');
    expect(parsed.ownText).toBe('Hi Sam,\nContract signed, see attached.\nMark');
  });

  it('strips quoted history in a multipart reply and keeps the reply headers', () => {
    const plain = 'Le 3 mars me va.\r\n\r\nLe mer. 19 févr. 2025 à 21:20, Sam Carter <sam@brightagency.com> a écrit :\r\n\r\n> Le 3 ou le 10 mars ?\r\n';
    const parsed = parseMessage(
      message({
        mimeType: 'multipart/alternative',
        headers: [
          { name: 'From', value: 'Claire <claire@talents.fr>' },
          { name: 'Subject', value: 'Re: Date de tournage' },
          { name: 'Message-ID', value: '<CAK1@mail.gmail.com>' },
          { name: 'In-Reply-To', value: '<sam-1@brightagency.com>' },
          { name: 'References', value: '<sam-1@brightagency.com>' },
        ],
        parts: [textPart('text/plain', iconv.encode(plain, 'latin1'), 'ISO-8859-1'), utf8Part('text/html', '<div>Le 3 mars me va.</div>')],
      }),
    );
    expect(parsed).toMatchObject({ ownText: 'Le 3 mars me va.', messageId: 'CAK1@mail.gmail.com', inReplyTo: 'sam-1@brightagency.com', references: ['sam-1@brightagency.com'], autoReply: 'none' });
    expect(parsed.text).toContain('> Le 3 ou le 10 mars ?');
  });
});

describe('automatic mail', () => {
  it('flags an out-of-office reply from its headers and subject', () => {
    const parsed = parseMessage(
      message({
        mimeType: 'text/plain',
        headers: [
          { name: 'From', value: 'Jonas Weber <jonas@talentagentur.de>' },
          { name: 'Subject', value: 'Automatische Antwort: Vertrag Frühjahrskampagne' },
          { name: 'Auto-Submitted', value: 'auto-replied' },
          { name: 'X-Auto-Response-Suppress', value: 'All' },
        ],
        body: { data: b64('Vielen Dank für Ihre Nachricht. Ich bin bis zum 3. März nicht im Büro.') },
      }),
    );
    expect(parsed.autoReply).toBe('auto_reply');
    expect(parsed.headers).toEqual({ 'auto-submitted': 'auto-replied' });
  });

  it('reads a Gmail bounce (multipart/report): the notice is the text, the returned message is not', () => {
    const parsed = parseMessage(
      message({
        mimeType: 'multipart/report',
        headers: [
          { name: 'From', value: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>' },
          { name: 'Subject', value: 'Delivery Status Notification (Failure)' },
          { name: 'Content-Type', value: 'multipart/report; boundary="000000000000b0"; report-type=delivery-status' },
          { name: 'Auto-Submitted', value: 'auto-replied' },
        ],
        parts: [
          {
            mimeType: 'multipart/related',
            parts: [
              {
                mimeType: 'multipart/alternative',
                parts: [
                  utf8Part('text/plain', "\r\n** Address not found **\r\n\r\nYour message wasn't delivered to jane@talent.example because the address couldn't be found.\r\n"),
                  utf8Part('text/html', '<html><body><h1>Address not found</h1></body></html>'),
                ],
              },
              { mimeType: 'image/png', filename: 'icon.png', body: { attachmentId: 'icon' } },
            ],
          },
          { mimeType: 'message/delivery-status', body: { data: b64('Reporting-MTA: dns; googlemail.com\r\n') } },
          {
            mimeType: 'message/rfc822',
            parts: [{ mimeType: 'text/plain', body: { data: b64('Hi Jane, could you share your rates?') } }],
          },
        ],
      }),
    );
    expect(parsed.autoReply).toBe('bounce');
    expect(parsed.text).toBe("** Address not found **\n\nYour message wasn't delivered to jane@talent.example because the address couldn't be found.");
  });
});

describe('hostile and huge mail is bounded where it is parsed (MAIL_LIMITS)', () => {
  const huge = (n: number, unit = 'x') => unit.repeat(n);
  const message = (headers: { name: string; value: string }[], body = 'Hi', snippet = 'Hi'): gmail_v1.Schema$Message => ({
    id: 'm1',
    threadId: 't1',
    internalDate: '1740000000000',
    snippet,
    labelIds: ['INBOX'],
    payload: { mimeType: 'text/plain', headers, body: { data: b64(body) } },
  });

  it('cuts a 450 KB subject, a huge sender name, snippet, body and own text to their limits', () => {
    const parsed = parseMessage(
      message(
        [
          { name: 'From', value: `"${huge(300_000, 'N')}" <jane@talent.com>` },
          { name: 'To', value: 'sam@agency.com' },
          { name: 'Subject', value: huge(450 * 1024, 'S') },
          { name: 'Reply-To', value: huge(50_000, 'r') },
        ],
        huge(2_000_000, 'word '),
        huge(100_000, 'p'),
      ),
    );
    expect(parsed.subject.length).toBeLessThanOrEqual(MAIL_LIMITS.subject);
    expect(parsed.subject.startsWith('SSSS')).toBe(true);
    expect(parsed.from).toEqual({ name: 'N'.repeat(MAIL_LIMITS.name), email: 'jane@talent.com' });
    expect(parsed.snippet.length).toBeLessThanOrEqual(MAIL_LIMITS.snippet);
    expect(parsed.text.length).toBeLessThanOrEqual(MAIL_LIMITS.text);
    expect(parsed.ownText.length).toBeLessThanOrEqual(MAIL_LIMITS.ownText);
    expect(parsed.headers['reply-to']!.length).toBeLessThanOrEqual(MAIL_LIMITS.header);
  });

  it('keeps at most MAIL_LIMITS.recipients addresses per list, drops over-long addresses, bounds ids and references', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `person.${i}@example.com`).join(', ');
    const parsed = parseMessage(
      message([
        { name: 'From', value: `${huge(400, 'a')}@talent.com` },
        { name: 'To', value: many },
        { name: 'Cc', value: `ok@x.com, ${huge(300, 'b')}@x.com` },
        { name: 'Message-ID', value: `<${huge(5_000, 'i')}@x.com>` },
        { name: 'References', value: Array.from({ length: 2_000 }, (_, i) => `<ref${i}@x.com>`).join(' ') },
        { name: 'In-Reply-To', value: `<${huge(5_000, 'j')}@x.com>` },
      ]),
    );
    expect(parsed.from).toBeUndefined();
    expect(parsed.to).toHaveLength(MAIL_LIMITS.recipients);
    expect(parsed.cc).toEqual([{ email: 'ok@x.com' }]);
    expect(parsed.messageId.length).toBeLessThanOrEqual(MAIL_LIMITS.messageId);
    expect(parsed.references.length).toBeLessThanOrEqual(MAIL_LIMITS.references);
    expect(parsed.references.at(-1)).toBe('ref1999@x.com'); // the nearest ancestors are kept
    expect(parsed.inReplyTo!.length).toBeLessThanOrEqual(MAIL_LIMITS.messageId);
    const bytes = Buffer.byteLength(JSON.stringify(parsed), 'utf8');
    expect(bytes).toBeLessThan(350 * 1024);
  });

  it('parses a huge HTML body in bounded time', () => {
    const started = Date.now();
    const parsed = parseMessage({
      id: 'm2',
      threadId: 't2',
      payload: { mimeType: 'text/html', headers: [{ name: 'From', value: 'a@x.com' }], body: { data: b64(`<div>${huge(300_000, '<p>hello there</p>')}</div>`) } },
    });
    expect(parsed.text.length).toBeLessThanOrEqual(MAIL_LIMITS.text);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('headers written with RFC 2047 encoded words', () => {
  it('decodes a subject in any charset, B or Q, joining adjacent words', () => {
    const jis = Buffer.from(iso2022jp('自動返信')).toString('base64');
    expect(decodeHeaderWords(`=?ISO-2022-JP?B?${jis}?=: Holiday`)).toBe('自動返信: Holiday');
    expect(decodeHeaderWords('=?iso-8859-1?Q?R=E9ponse_automatique?= : Glam')).toBe('Réponse automatique : Glam');
    expect(decodeHeaderWords('=?UTF-8?B?R3LDvMOf?= =?UTF-8?B?ZQ==?=')).toBe('Grüße');
    expect(decodeHeaderWords('Plain =? subject')).toBe('Plain =? subject');
  });

  it('gives ParsedMessage the decoded subject and the sender name from an encoded From', () => {
    const euckr = Buffer.from(iconv.encode('김민지', 'euc-kr')).toString('base64');
    const parsed = parseMessage(
      message({
        mimeType: 'text/plain',
        headers: [
          { name: 'From', value: `=?euc-kr?B?${euckr}?= <minji@example.kr>` },
          { name: 'Subject', value: '=?UTF-8?Q?Re:_Holiday_Glam_x_Lumi=C3=A8re?=' },
        ],
        body: { data: b64('Yes') },
      }),
    );
    expect(parsed.subject).toBe('Re: Holiday Glam x Lumière');
    expect(parsed.from).toEqual({ name: '김민지', email: 'minji@example.kr' });
  });
});

describe('bounce details', () => {
  const dsn = (status: string) =>
    message({
      mimeType: 'multipart/report',
      headers: [
        { name: 'From', value: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>' },
        { name: 'Subject', value: 'Delivery Status Notification (Failure)' },
        { name: 'Content-Type', value: 'multipart/report; report-type=delivery-status; boundary="b"' },
      ],
      parts: [
        utf8Part('text/plain', 'Address not found'),
        { mimeType: 'message/delivery-status', body: { data: b64(`Reporting-MTA: dns; googlemail.com\r\n\r\nFinal-Recipient: rfc822; Jane@Talent.example\r\nAction: failed\r\nStatus: ${status}\r\nDiagnostic-Code: smtp; 550 ${status} The email account\r\n  does not exist.\r\n`) } },
      ],
    });

  it('hands the delivery-status report to the bounce reader: status and recipient from the report', () => {
    const parsed = parseMessage(dsn('5.1.1'));
    expect(parsed.autoReply).toBe('bounce');
    expect(parsed.bounce).toMatchObject({ status: '5.1.1', recipient: 'jane@talent.example' });
    expect(parseMessage(dsn('5.2.2')).bounce?.status).toBe('5.2.2');
    expect(deliveryReport(dsn('5.1.1').payload)).toContain('Final-Recipient: rfc822; Jane@Talent.example');
    expect(deliveryReport({ mimeType: 'text/plain', body: { data: b64('hi') } })).toBeUndefined();
  });

  it('is absent on a person’s mail that mentions a status code', () => {
    const parsed = parseMessage(message({ mimeType: 'text/plain', headers: [{ name: 'From', value: 'jane@talent.example' }, { name: 'Subject', value: 'Re: rates' }], body: { data: b64('Our server said 5.1.1 yesterday, odd.') } }));
    expect(parsed.autoReply).toBe('none');
    expect(parsed.bounce).toBeUndefined();
  });
});

describe('Outlook HTML', () => {
  it('reads each <p class=MsoNormal> as a line, an empty one as a blank line', () => {
    const html = '<div class=WordSection1><p class=MsoNormal>Hi Sam,<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Rate is £1,800.<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Kind regards,<o:p></o:p></p><p class=MsoNormal>Jordan<o:p></o:p></p></div>';
    expect(messageText(utf8Part('text/html', html))).toBe('Hi Sam,\n\nRate is £1,800.\n\nKind regards,\nJordan');
  });
});
