import { describe, expect, it } from 'vitest';
import { ownText } from './own-text';

// Quote headers the line scan does not know, which email-reply-parser (the backstop) cuts at:
// Thunderbird's Polish "W dniu … pisze:" and a lone "From: Name <address>" line. The cut
// only happens at a header-shaped line that opens a paragraph. Names and content are invented.

const REPLY = 'Dzięki, piątek pasuje.';
const HEADER = 'W dniu 3.11.2026 o 10:02, Maya Okafor pisze:';
const HISTORY = 'Czy możemy przesunąć zdjęcia na piątek?\n\nMaya';

describe('a quote header only email-reply-parser knows (Thunderbird, pl)', () => {
  it('ends the text', () => {
    expect(ownText(`${REPLY}\n\n${HEADER}\n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('ends the text when the header line has trailing spaces', () => {
    expect(ownText(`${REPLY}\n\n${HEADER}  \n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('ends the text when the header line is indented', () => {
    expect(ownText(`${REPLY}\n\n  ${HEADER}\n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('ends the text when the history follows without a blank line', () => {
    expect(ownText(`${REPLY}\n\n${HEADER}\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('ends the text at the first line of a header wrapped over two lines', () => {
    const wrapped = 'W dniu 3.11.2026 o 10:02, Samantha Carter-Williams z Bright Agency\npisze:';
    expect(ownText(`${REPLY}\n\n${wrapped}\n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('keeps every paragraph above it, however they are spaced', () => {
    expect(ownText(`${REPLY}\n\n\nDo zobaczenia w piątek.\n\n${HEADER}\n\n${HISTORY}\n`)).toBe(`${REPLY}\n\nDo zobaczenia w piątek.`);
  });
});

describe('a lone From line with an address', () => {
  it.each([
    ['en, angle brackets', 'Thanks!', 'From: Sam Carter <sam@brightagency.com>\nDate: Mon, 3 Nov 2026 10:02'],
    ['en, mailto link', 'Thanks!', 'From: Sam Carter [mailto:sam@brightagency.com]\nSent: Monday, 3 November 2026 10:02'],
    ['fr, a space before the colon', 'Merci !', 'De : Sam Carter <sam@brightagency.com>\nEnvoyé : lundi 3 novembre 2026 10:02'],
    ['de', 'Danke!', 'Von: Sam Carter <sam@brightagency.com>\nDatum: 3. November 2026 um 10:02'],
    ['en, indented', 'Thanks!', '  From: Sam Carter <sam@brightagency.com>\n  Date: Mon, 3 Nov 2026 10:02'],
  ])('ends the text (%s)', (_shape, reply, header) => {
    expect(ownText(`${reply}\n\n${header}\n\nCan we move the shoot to Friday?\n`)).toBe(reply);
  });
});

describe('header-shaped lines of the sender’s own', () => {
  it.each([
    ['a list introduced with a colon', 'Hi Sam,\n\nMy rates:\n- Reel: $1,500\n- Story: $400\n\nJane'],
    ['a note with an address in brackets', 'Hi Sam,\n\nInvoices: please send them to Lee <lee@talentco.com>\n\nJane'],
    // email-reply-parser takes this line for an "On … wrote" header; without a colon it is not one.
    ['a sentence that opens with "On" and ends with "wrote"', 'Hi Sam,\n\nOn second thought, ignore what Lee wrote\n\nMy rates:\n- Reel: $800\n\nJane'],
  ])('are kept: %s', (_shape, body) => {
    expect(ownText(`${body}\n`)).toBe(body);
  });
});
