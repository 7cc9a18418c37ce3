import { describe, expect, it } from 'vitest';
import { ownText } from './own-text';

// Quoted history around the sender's lines: a forward deep inside the quote, lines a client
// re-wrapped out of a quoted line (measured after the "> " marks and trailing spaces), and
// attributions at the edges of the text. Names and content are invented.

const HEADER = 'On Mon, 3 Nov 2026 at 10:02, Maya Okafor <maya@talentco.com> wrote:';

describe('a reply written below quoted history', () => {
  it('is kept when the quote holds a forwarded message further down', () => {
    const body = [
      HEADER,
      '> Hi, see the brief Lee sent me below.',
      '>',
      '> Begin forwarded message:',
      '>',
      '> From: Lee Park <lee@brand.example>',
      '> Subject: Spring brief',
      '> Date: 2 November 2026 at 09:00:00 GMT',
      '> To: Maya Okafor <maya@talentco.com>',
      '>',
      '> One Reel and three Stories.',
      '',
      'Looks good, I am in.',
    ].join('\n');
    expect(ownText(`${body}\n`)).toBe('Looks good, I am in.');
  });
});

describe('a line re-wrapped out of a quoted line', () => {
  // 49 characters: one short of a line a client wraps.
  const short = 'We could shoot on the fourteenth if the studio is';

  it('measures its fixture', () => {
    expect(short.length).toBe(49);
  });

  it('is dropped after a long quoted line with a full stop inside it', () => {
    expect(ownText(`Ok.\n\n${HEADER}\n> Thanks. ${short}\nfree that day\n> Let me know.\n`)).toBe('Ok.');
  });

  it('is dropped at the very end of the text', () => {
    expect(ownText(`Ok.\n\n${HEADER}\n> ${short},\nfree that day`)).toBe('Ok.');
  });

  it.each([
    ['trailing spaces', `> ${short}   `],
    ['a nested quote mark', `>> ${short}`],
    ['no space after the quote mark', `>${short}`],
    ['an indented quote mark', `  > ${short}`],
  ])('is an answer after a quoted line that is too short to wrap, with %s', (_shape, quoted) => {
    expect(ownText(`Ok.\n\n${HEADER}\n${quoted}\nfree that day\n> Let me know.\n`)).toBe('Ok.\n\nfree that day');
  });

  it('is an answer between quoted lines when it ends a sentence, even with trailing spaces', () => {
    const body = `${HEADER}\n> What would your fee be for one Reel and three Stories in spring\n$1,200.  \n> And which date suits you?\nMarch 4.\n`;
    expect(ownText(body)).toBe('$1,200.\nMarch 4.');
  });
});

describe('an attribution at the edge of the text', () => {
  it('is dropped when the quoted mail had no text', () => {
    expect(ownText(`Thanks!\n\n${HEADER}\n\n`)).toBe('Thanks!');
  });

  it('ends the text when another attribution follows it (an empty reply in the thread)', () => {
    const body = `Thanks!\n${HEADER}\nOn Sun, 2 Nov 2026 at 09:00, Sam Carter <sam@brightagency.com> wrote:\n\nCan we move the shoot?\n`;
    expect(ownText(body)).toBe('Thanks!');
  });
});
