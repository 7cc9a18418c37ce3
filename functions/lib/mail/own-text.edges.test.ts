import { describe, expect, it } from 'vitest';
import { isMobileSignOff, ownText } from './own-text';

// Edge shapes of the three rules the issue names (reply line above a wrapped header, mobile
// sign-offs, wrapped lines in quoted history), each on both sides of its boundary. Written for
// this suite after the shapes of public parser suites (talon, email-reply-parser, planer);
// names and addresses are invented.

const QUOTE = '> Could you confirm the posting date?';

describe('a reply line right above an attribution header', () => {
  it.each([
    ['one line', 'On Mon, 3 Nov 2026 at 10:02, Maya Okafor <maya@x.com> wrote:'],
    ['wrapped after "<"', 'On Mon, 3 Nov 2026 at 10:02, Maya Okafor <\nmaya@x.com> wrote:'],
    ['wrapped before "wrote:"', 'On Mon, 3 Nov 2026 at 10:02, Maya Okafor <maya@x.com>\nwrote:'],
    ['wrapped over three lines', 'On Mon, 3 Nov 2026 at 10:02, Maya\nOkafor <maya@x.com>\nwrote:'],
    ['wrapped after the time', 'On Mon, 3 Nov 2026 at 10:02\nMaya Okafor <maya@x.com> wrote:'],
  ])('is kept above a header %s (en)', (_shape, header) => {
    expect(ownText(`Sounds good!\n${header}\n${QUOTE}\n`)).toBe('Sounds good!');
  });

  it.each([
    ['de', 'Passt!', 'Am Mo., 3. Nov. 2026 um 10:02 Uhr schrieb Maya Okafor <\nmaya@x.com>:'],
    ['de, three lines', 'Passt!', 'Am Mo., 3. Nov. 2026 um 10:02 Uhr schrieb\nMaya Okafor <\nmaya@x.com>:'],
    ['fr', 'Parfait.', 'Le lun. 3 nov. 2026 à 10:02, Maya Okafor <\nmaya@x.com> a écrit :'],
    ['es', 'Vale.', 'El lun, 3 nov 2026 a las 10:02, Maya Okafor (<\nmaya@x.com>) escribió:'],
    ['it', 'Perfetto.', 'Il giorno lun 3 nov 2026 alle ore 10:02 Maya Okafor <\nmaya@x.com> ha scritto:'],
    ['pt', 'Combinado.', 'Em seg., 3 de nov. de 2026 às 10:02, Maya Okafor <\nmaya@x.com> escreveu:'],
    ['nl', 'Prima.', 'Op ma 3 nov 2026 om 10:02 schreef Maya Okafor <\nmaya@x.com>:'],
    ['ru, no verb', 'Да.', 'пн, 3 нояб. 2026 г. в 10:02, Maya Okafor <maya@x.com>:'],
  ])('is kept above a wrapped header (%s)', (_lang, reply, header) => {
    expect(ownText(`${reply}\n${header}\n${QUOTE}\n`)).toBe(reply);
  });

  it('keeps two reply lines above a wrapped header', () => {
    expect(ownText(`Sounds good!\nSee you Monday.\nOn Mon, 3 Nov 2026 at 10:02, Maya Okafor <\nmaya@x.com> wrote:\n${QUOTE}\n`)).toBe(
      'Sounds good!\nSee you Monday.',
    );
  });

  it('keeps a reply line that carries a date of its own', () => {
    expect(ownText(`See you on 3 Nov 2026 at 10:30!\nOn Mon, 3 Nov 2026 at 10:02, Maya Okafor <maya@x.com> wrote:\n${QUOTE}\n`)).toBe(
      'See you on 3 Nov 2026 at 10:30!',
    );
  });

  it('keeps a reply line that opens like a header itself', () => {
    expect(ownText(`On Monday, 3 Nov 2026 at 10:30 works for me.\nOn Mon, 3 Nov 2026 at 10:02, Maya Okafor <\nmaya@x.com> wrote:\n${QUOTE}\n`)).toBe(
      'On Monday, 3 Nov 2026 at 10:30 works for me.',
    );
  });

  it('keeps a reply line above a header that opens with a date (ja, no verb)', () => {
    expect(ownText(`問題ありません。\n2026年11月3日(月) 10:02 Maya Okafor <maya@x.com>:\n${QUOTE}\n`)).toBe('問題ありません。');
  });

  it('keeps a reply line above a header that opens with a name and an address', () => {
    expect(ownText(`Yes.\nMaya Okafor <maya@x.com> wrote:\n${QUOTE}\n`)).toBe('Yes.');
    expect(ownText(`Works at 10:30\nMaya Okafor <maya@x.com> wrote:\n${QUOTE}\n`)).toBe('Works at 10:30');
  });

  it('drops every line of a wrapped header with no reply above it', () => {
    expect(ownText(`Ok.\n\nOn Mon, 3 Nov 2026 at 10:02, Maya\nOkafor <maya@x.com>\nwrote:\n${QUOTE}\n`)).toBe('Ok.');
    expect(ownText(`On Mon, 3 Nov 2026 at 10:02, Maya Okafor <\nmaya@x.com> wrote:\n${QUOTE}\n\nMarch 4.`)).toBe('March 4.');
  });

  it('still ends the text at a wrapped header followed by unquoted history', () => {
    expect(ownText('Sounds good!\nOn Mon, 3 Nov 2026 at 10:02, Maya Okafor <\nmaya@x.com> wrote:\n\nCould you confirm?\nMaya')).toBe('Sounds good!');
  });
});

describe('mobile sign-offs', () => {
  it.each([
    'Sent from my iPhone',
    'Sent from my iPad',
    'Sent from my Galaxy',
    'Sent from my Samsung Galaxy smartphone.',
    'Sent from my Verizon, Samsung Galaxy smartphone',
    'Sent from my T-Mobile 4G LTE Device',
    'Sent from Yahoo Mail for iPhone',
    'Sent from Mail for Windows',
    'Sent with Proton Mail secure email.',
    'Get Outlook for iOS',
    'Get Outlook for Android<https://aka.ms/AAb9ysg>',
    'Outlook for iOS',
    'Envoyé de mon iPhone',
    'Von meinem iPhone gesendet',
    'Enviado desde mi iPhone',
    'Inviato da iPhone',
    'Verstuurd vanaf mijn iPhone',
    'Enviado do meu iPhone',
    'iPhoneから送信',
    'iPhone에서 보냄',
    '发自我的iPhone',
  ])('%j is a sign-off', (line) => {
    expect(isMobileSignOff(line)).toBe(true);
    expect(isMobileSignOff(`  ${line}  `)).toBe(true);
  });

  it.each([
    'Sent from my studio in Lisbon, the rates are €900 per Reel.',
    'Sent from my studio',
    'Sent from my iPhone, the rates are $500 for a Reel.',
    'Sent from my phone, sorry, more tomorrow, cheers',
    'Sent from my iPhone while I was on the train to Lisbon for the shoot',
    'The parcel was sent from my iPhone order',
    'Get Outlook for iOS and send me the contract',
    'Sent from',
    '',
  ])('%j is not a sign-off', (line) => {
    expect(isMobileSignOff(line)).toBe(false);
  });

  it('takes a device name of up to six words', () => {
    expect(isMobileSignOff('Sent from my Samsung Galaxy S23 Ultra 5G phone')).toBe(true);
    expect(isMobileSignOff('Sent from my new Samsung Galaxy S23 Ultra 5G phone')).toBe(false);
  });

  it('takes a line of up to 80 characters', () => {
    expect(isMobileSignOff(`Sent from my ${'x'.repeat(60)} iPhone`)).toBe(true);
    expect(isMobileSignOff(`Sent from my ${'x'.repeat(61)} iPhone`)).toBe(false);
  });

  it('keeps a sentence that starts with "Sent from my"', () => {
    const body = 'Sent from my studio in Lisbon, the rates are €900 per Reel.\n\nJane';
    expect(ownText(body)).toBe(body);
  });

  it('ends the text at a sign-off of its own near the end', () => {
    expect(ownText('Yes, $900.\n\nSent from my iPhone')).toBe('Yes, $900.');
    expect(ownText('Yes, $900.\n\nSent from my iPhone\nJane\nhttps://janedoe.example')).toBe('Yes, $900.');
  });

  it('leaves a sign-off shape in place when more of the sender’s text follows it', () => {
    const body = 'Yes, $900.\n\nSent from my iPhone\n\nOne more thing:\nthe shoot is in Lisbon\non March 4.';
    expect(ownText(body)).toBe(body);
  });
});

describe('wrapped lines inside quoted history', () => {
  const header = 'On Mon, 3 Nov 2026 at 10:02, Maya Okafor <maya@x.com> wrote:';
  // 50 characters after "> ", no sentence end: a line a client wraps.
  const long = '> We could shoot on the fourteenth if the studio is,';
  const short = '> We could shoot on the fourteenth if the studio is';

  it('measures its fixtures', () => {
    expect(long.length - 2).toBe(50);
    expect(short.length - 2).toBe(49);
  });

  it.each([
    ['one wrapped line', `${long}\nfree that day\n> Let me know.`],
    ['two wrapped lines', `${long}\nfree that day and the crew can make it in\ntime for the morning light\n> Let me know.`],
    ['three wrapped lines', `${long}\nfree that day and the crew can make it in\ntime for the morning light, which the brand\nwants\n> Let me know.`],
    ['a wrapped line in capitals between quoted lines', `${long}\nFree That Day\n> Let me know.`],
    ['a lower-case tail before a blank line', `${long}\nfree that day\n\nYes please.`],
  ])('drops %s', (_name, history) => {
    const own = ownText(`Yes please.\n\n${header}\n${history}\n`);
    expect(own).toBe(history.endsWith('Yes please.') ? 'Yes please.\n\nYes please.' : 'Yes please.');
  });

  it('keeps four unquoted lines: no client wraps one line into so many', () => {
    const history = `${long}\nfree that day and\nthe crew can\nmake it in\ntime\n> Let me know.`;
    expect(ownText(`Ok.\n\n${header}\n${history}\n`)).toBe('Ok.\n\nfree that day and\nthe crew can\nmake it in\ntime');
  });

  it('keeps the line after a quoted line that is too short to have wrapped', () => {
    expect(ownText(`Ok.\n\n${header}\n${short}\nfree that day\n> Let me know.\n`)).toBe('Ok.\n\nfree that day');
  });

  it('keeps the line after a quoted line that ends a sentence', () => {
    const ended = '> We could shoot on the fourteenth if the studio is free.';
    expect(ownText(`Ok.\n\n${header}\n${ended}\nfree that day\n> Let me know.\n`)).toBe('Ok.\n\nfree that day');
  });

  it('keeps an answer after a blank line', () => {
    expect(ownText(`${header}\n${long}\n\nfree that day works\n`)).toBe('free that day works');
  });

  it('keeps inline answers written right under the quoted question', () => {
    const body = `${header}\n> What would your fee be for one Reel and three Stories in spring\n$1,200.\n> And which date suits you for the shoot in the studio\nMarch 4.\n`;
    expect(ownText(body)).toBe('$1,200.\nMarch 4.');
    expect(ownText(`${header}\n> Fee?\n$1,200.\n> Date?\nMarch 4.\n`)).toBe('$1,200.\nMarch 4.');
  });

  it('keeps a two-line inline answer only when it ends a sentence', () => {
    expect(ownText(`${header}\n${long}\nYes, the fourteenth works\nfor the whole crew\n> Let me know.\n`)).toBe('');
    expect(ownText(`${header}\n${long}\nYes, the fourteenth works.\nSee you then!\n> Let me know.\n`)).toBe('Yes, the fourteenth works.\nSee you then!');
  });

  it('keeps an answer in capitals that follows a long quoted line before a blank line', () => {
    expect(ownText(`${header}\n${long}\nYes, the fourteenth works\n\nJane\n`)).toBe('Yes, the fourteenth works\n\nJane');
  });
});
