import { describe, expect, it } from 'vitest';
import { isMobileSignOff, ownText } from './own-text';

// Mobile and mail-app sign-offs: the footers clients append, in their real wording, and
// sentences of the sender's own that share words with them. Content is invented.

describe('a mail-app footer', () => {
  it.each([
    'Sent from my Sony Xperia™ smartphone',
    'Sent from my Google Pixel',
    'Sent from my Sony Xperia',
    'Sent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10',
    'Sent from Outlook<https://aka.ms/qtex0l>',
    'Sent from Mail<http://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10',
    'Sent from my BlackBerry® wireless device',
    'Sent from Mail.ru',
    'Sent from my iPhone.',
    'Von meiner Apple Watch gesendet',
    'Get Outlook for iOS <https://aka.ms/o0ukef>',
    'Outlook for Android<https://aka.ms/AAb9ysg>',
    'Outlook for iOS <https://aka.ms/o0ukef>',
    'iPhone から送信',
    'iPhoneより送信',
    'Galaxy에서 보낸 메일',
    '发自网易邮箱大师',
    '发自我的iPhone 15',
    '發自我的 iPad',
  ])('%j is a sign-off', (line) => {
    expect(isMobileSignOff(line)).toBe(true);
  });
});

describe('a footer with the double spaces an HTML conversion leaves (a non-breaking space next to a space)', () => {
  it.each([
    'Sent  from my iPhone',
    'Sent from  my Samsung Galaxy S23 Ultra 5G phone',
    'Sent from my  Samsung Galaxy S23 Ultra 5G phone',
    'Get  Outlook for iOS',
    'Get Outlook  for iOS',
    'Get Outlook for  iOS',
    'Outlook  for Android',
    'Outlook for  Android',
    'Sent from my Samsung Galaxy S23 Ultra  5G phone',
  ])('%j is a sign-off', (line) => {
    expect(isMobileSignOff(line)).toBe(true);
  });

  it('is cut from the text, written with a non-breaking space', () => {
    expect(ownText('Yes, $900.\n\nSent from my\u00A0 iPhone\n')).toBe('Yes, $900.');
  });
});

describe('a sentence that shares words with a footer', () => {
  it.each([
    'Sent from my phone: the contract is signed',
    'Sent from my phone: short reply, on mobile',
    'Sent from my phone, sorry for typos, on mobile',
    'Sent from my work laptop, the rates are below',
    'Die Datei wurde von meinem iPhone gesendet',
    'Von meinem iPhone gesendet, die Fotos kommen morgen',
    'I recommend you get Outlook for Android',
    'I only use Outlook for iOS',
    'Outlook for Android keeps crashing',
    '지난주에 사진을 iPhone에서 보냄',
    'iPhone에서 보낸 메일이 안 보이나요?',
    '这些样品来自北京',
    '来自北京的样品收到了吗？',
  ])('%j is not a sign-off', (line) => {
    expect(isMobileSignOff(line)).toBe(false);
  });
});

describe('cutting at a sign-off', () => {
  it('leaves nothing when the sign-off is all the sender wrote', () => {
    expect(ownText('Sent from my iPhone\n\nOn Mon, 3 Nov 2026 at 10:02, Maya Okafor <maya@talentco.com> wrote:\n> Could you confirm?\n')).toBe('');
  });

  it('drops the Windows Mail footer with its link', () => {
    expect(ownText('Yes, $900.\n\nSent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10\n')).toBe('Yes, $900.');
  });

  it('keeps a sentence that only shares words with a footer', () => {
    const body = 'Yes, $900.\n\nSent from my phone: the contract is signed';
    expect(ownText(`${body}\n`)).toBe(body);
  });
});
