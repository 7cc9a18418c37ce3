import { describe, expect, it } from 'vitest';
import { ownText } from './own-text';

// What makes a line an attribution ("On … wrote:", "<date> Name <addr>:"): the address shapes,
// the date and time shapes, the verb, the opener word and the length limits, each shown by a
// header that only that piece makes one. The reply sits right above the header (no blank
// line), the way mobile clients write it. Names, addresses and dates are invented.

const REPLY = 'Sounds good!';
const QUOTED = '> Could you confirm the posting date?';
const HISTORY = 'Could you confirm the posting date?\n\nMaya';

/** The header is dropped when quoted lines follow it. */
const quoted = (header: string) => ownText(`${REPLY}\n${header}\n${QUOTED}\n`);
/** A strong header ends the sender's text when unquoted history follows it. */
const unquoted = (header: string) => ownText(`${REPLY}\n${header}\n\n${HISTORY}\n`);

describe('an attribution without a verb counts when it names an address', () => {
  it.each([
    ['in angle brackets, non-ASCII (ja)', '2026年11月3日(月) 10:02 Zoë Müller <zoë@müller-studio.de>:'],
    ['as a mailto link, non-ASCII (ja)', '2026年11月3日(月) 10:02 Zoë Müller [mailto:zoë@müller-studio.de]:'],
    ['in angle brackets (ru)', 'пн, 3 нояб. 2026 г. в 10:02, Maya Okafor <maya@talentco.com>:'],
    ['wrapped after "<" (ru)', 'пн, 3 нояб. 2026 г. в 10:02, Maya Okafor <\nmaya@talentco.com>:'],
    ['wrapped before ">:" (ja)', '2026年11月3日(月) 10:02 Samantha Carter-Williams <samantha.carter-williams@brightagency.com\n>:'],
    ['wrapped before ">:", non-ASCII (ja)', '2026年11月3日(月) 10:02 Zoë Müller-Lüdenscheidt <zoë.müller-lüdenscheidt@müller-studio.de\n>:'],
    ['wrapped before ">:" with a trailing space (ja)', '2026年11月3日(月) 10:02 Zoë Müller-Lüdenscheidt <zoë.müller-lüdenscheidt@müller-studio.de\n>: '],
  ])('is dropped: %s', (_shape, header) => {
    expect(quoted(header)).toBe(REPLY);
  });

  it.each([
    ['an address without a domain dot', '2026年11月3日(月) 10:02 Maya Okafor maya@talentco:'],
    ['no address at all', '2026年11月3日(月) 10:02 Maya Okafor:'],
  ])('is kept with %s', (_shape, header) => {
    expect(quoted(header)).toBe(`${REPLY}\n${header}`);
  });
});

describe('an attribution with a verb in the middle counts with a date and an opener or a time', () => {
  it.each([
    ['a year, opener and time (de)', 'Am Mo., 3. Nov. 2026 um 10:02 schrieb Maya Okafor:'],
    ['a short numeric date (de, Thunderbird)', 'Am 03.11.26 um 10:02 schrieb Maya Okafor:'],
    ['a year and an opener, no time (de)', 'Am 3. November 2026 schrieb Maya Okafor:'],
    ['a year and a time, no opener (ru)', '3 ноября 2026 г., в 10:02, Maya Okafor написал(а):'],
    ['a year and a one-digit hour, no opener (ru)', '3 ноября 2026 г., в 9:05, Maya Okafor написал(а):'],
  ])('ends the text: %s', (_shape, header) => {
    expect(unquoted(header)).toBe(REPLY);
  });

  it.each([
    ['a time but no date', 'Um 10:02 schrieb mir Maya dann noch:'],
    ['no opener and no time', '3 ноября 2026 г. Maya Okafor написал(а) вот это:'],
  ])('is the sender’s text with %s', (_shape, header) => {
    expect(unquoted(header)).toBe(`${REPLY}\n${header}\n\n${HISTORY}`);
  });
});

describe('an attribution ending with its verb', () => {
  it('counts without a date when short (Thunderbird)', () => {
    expect(unquoted('Maya Okafor wrote:')).toBe(REPLY);
  });

  it('counts at any length with an opener word', () => {
    const header = 'On Monday, Samantha Carter-Williams, Senior Talent Partnerships Manager at Bright Agency, wrote:';
    expect(header.length).toBeGreaterThanOrEqual(81);
    expect(unquoted(header)).toBe(REPLY);
  });

  it('counts at any length with an address', () => {
    const header = '"Carter-Williams, Samantha (Bright Agency)" <samantha.carter-williams@brightagency.com> wrote:';
    expect(header.length).toBeGreaterThanOrEqual(81);
    expect(unquoted(header)).toBe(REPLY);
  });

  // Without an opener, address or date, the length tells a header from a sentence.
  const sentence = (length: number) => {
    const end = ' as I wrote:';
    return `For the record, here is the caption of the spring launch Reel${'!'.repeat(length - 61 - end.length)}${end}`;
  };

  it('measures its fixtures', () => {
    expect(sentence(80).length).toBe(80);
    expect(sentence(81).length).toBe(81);
  });

  it('counts at 80 characters', () => {
    expect(unquoted(sentence(80))).toBe(REPLY);
  });

  it('is the sender’s sentence at 81 characters', () => {
    expect(unquoted(sentence(81))).toBe(`${REPLY}\n${sentence(81)}\n\n${HISTORY}`);
  });

  it('needs the verb as a word of its own', () => {
    const body = 'Here is the caption I rewrote:\n\nSpring is here and so is the new collection!';
    expect(ownText(`${body}\n`)).toBe(body);
  });

  it('needs the verb as a word of its own when an address is named', () => {
    const body = 'I rewrote the brief, send questions to lee@talentco.com:\nThe new dates are in the attachment.';
    expect(ownText(`${body}\n`)).toBe(body);
  });
});

describe('a line that ends with a colon but is no attribution', () => {
  it('keeps "Answers inline:" above quoted questions', () => {
    expect(ownText('Answers inline:\n> What is your rate for a Reel?\n$800.\n')).toBe('Answers inline:\n$800.');
  });
});

describe('the length of an attribution', () => {
  // Gmail's attribution padded with a long display name to the given length.
  const header = (length: number) => {
    const start = 'On Mon, 3 Nov 2026 at 10:02, ';
    const end = ' <maya@talentco.com> wrote:';
    return `${start}Maya ${'O'.repeat(length - start.length - end.length - 5)}${end}`;
  };

  it('measures its fixtures', () => {
    expect(header(400).length).toBe(400);
    expect(header(401).length).toBe(401);
  });

  it('counts up to 400 characters', () => {
    expect(unquoted(header(400))).toBe(REPLY);
  });

  it('is text above 400 characters', () => {
    expect(unquoted(header(401))).toBe(`${REPLY}\n${header(401)}\n\n${HISTORY}`);
  });
});

describe('a blank line between an attribution and the quoted lines', () => {
  it('may hold spaces or a non-breaking space', () => {
    expect(ownText('Sam Carter <sam@brightagency.com> wrote:\n   \n> Could you confirm?\n\nYes, confirmed.\n')).toBe('Yes, confirmed.');
    expect(ownText('Sam Carter <sam@brightagency.com> wrote:\n\u00A0\n> Could you confirm?\n\nYes, confirmed.\n')).toBe('Yes, confirmed.');
  });
});

describe('a framed attribution ("---- On … wrote ----") ends the text', () => {
  it.each([
    ['a year', '---- On Mon, 03 Nov 2026 10:02:11 +0000 Sam Carter wrote ----'],
    ['a short numeric date', '---- On 03/11/26 10:02 Sam Carter wrote ----'],
    ['a day and a month (zh)', '---- 11月3日 10:02 Sam Carter 写道 ----'],
    ['a month and a day (ko)', '---- 11월 3일 10:02 Sam Carter 작성 ----'],
    ['a day and a month spaced from the numbers (zh)', '---- 11 月 3 日 10:02 Sam Carter 写道 ----'],
    ['an address', '---- Sam Carter <sam@brightagency.com> wrote ----'],
  ])('with %s', (_shape, rule) => {
    expect(ownText(`${REPLY}\n\n${rule}\n${HISTORY}\n`)).toBe(REPLY);
  });

  it.each([
    ['a number', '---- Here is what I wrote for the 3 Reels ----'],
    ['a version number', '---- Here is what I wrote for app version 2.1.4 ----'],
  ])('needs a date or an address, not %s', (_shape, rule) => {
    const body = `${REPLY}\n\n${rule}\nSpring is here!`;
    expect(ownText(`${body}\n`)).toBe(body);
  });
});

describe('a reply line right above a header wrapped over two lines', () => {
  it.each([
    ['a name then an address', 'Samantha Carter-Williams, Bright Agency <samantha.carter-williams@brightagency.com>\nwrote:'],
    ['a quoted "Last, First" name', '"Carter-Williams, Samantha" <samantha.carter-williams@brightagency.com>\nwrote:'],
    ['a name and an address in parentheses (es)', 'Samantha Carter-Williams, Bright Agency (<samantha.carter-williams@brightagency.com>)\nescribió:'],
    ['a name and an address without a space', 'Samantha Carter-Williams, Bright Agency<samantha.carter-williams@brightagency.com>\nwrote:'],
    ['a decomposed accent in the name', 'Zoe\u0308 Mu\u0308ller-Lu\u0308denscheidt, Bright Agency <zoe.muller@brightagency.com>\nwrote:'],
    ['a weekday first (ru)', 'пн, 3 нояб. 2026 г. в 10:02, Maya Okafor <\nmaya@talentco.com>:'],
    ['a date first (ja)', '2026年11月3日(月) 10:02 Samantha Carter-Williams <\nsamantha.carter-williams@brightagency.com>:'],
    ['an opener and a date, no time', 'On Mon, 3 Nov 2026\nMaya Okafor <maya@talentco.com> wrote:'],
    ['an opener and a time, no date', 'On Monday at 10:02\nMaya Okafor <maya@talentco.com> wrote:'],
  ])('keeps only the reply: %s', (_shape, header) => {
    expect(quoted(header)).toBe(REPLY);
  });

  it('keeps a reply line that starts with an opener word but names no date or time', () => {
    expect(ownText(`On it, thanks!\n"Carter-Williams, Samantha" <samantha.carter-williams@brightagency.com>\nwrote:\n${QUOTED}\n`)).toBe(
      'On it, thanks!',
    );
  });
});

describe('a reply line right above a quoted attribution', () => {
  it.each([
    ['no blank line', '', 'On Mon, 3 Nov 2026 at 10:02, Sam Carter <sam@brightagency.com> wrote:'],
    ['a blank line', '\n', 'On Mon, 3 Nov 2026 at 10:02, Sam Carter <sam@brightagency.com> wrote:'],
    ['no blank line and no verb', '', 'пн, 3 нояб. 2026 г. в 10:02, Sam Carter <sam@brightagency.com>:'],
  ])('is kept with %s between them', (_shape, gap, header) => {
    const body = `Fri, 7 Nov at 10:30 works for me.\n${gap}> ${header}\n>> Which day suits you?\n`;
    expect(ownText(body)).toBe('Fri, 7 Nov at 10:30 works for me.');
  });
});

describe('a reply line that names an address, right above a header', () => {
  it('is kept (Thunderbird)', () => {
    expect(ownText(`Thanks! Looping in Lee Park <lee@talentco.com>.\nMaya Okafor wrote:\n${QUOTED}\n`)).toBe('Thanks! Looping in Lee Park <lee@talentco.com>.');
  });
});

describe('a hard-wrapped paragraph', () => {
  it('is not joined into an attribution over more than three lines', () => {
    const body = [
      'I forwarded the brief to lee@talentco.com this morning.',
      'She liked the concept and asked me to keep the',
      'caption for the spring launch exactly the way I',
      'wrote it last week:',
      '',
      'Spring is here and so is the new collection!',
    ].join('\n');
    expect(ownText(`${body}\n`)).toBe(body);
  });
});
