import { describe, expect, it } from 'vitest';
import { ownText } from './own-text';

// The shape of an Outlook-style header block: a From line with a value, then at least two
// other header labels (or one, right under a separator rule), read across blank lines and
// indented continuation lines, within the next eight lines. Senders are named without an
// address so only the header rule can cut; names, dates and subjects are invented.

const REPLY = 'Works for me.';
const HISTORY = 'Can we move the shoot?';

describe('a header block under a separator rule needs one other label', () => {
  it.each([
    ['an underscore rule (Outlook 365)', '________________________________'],
    ['a dash rule', '-----'],
    ['a long dash rule', '--------------------'],
    ['an equals rule', '=========='],
    ['a spaced asterisk rule', '* * *'],
    ['a spaced dash rule', '- - - - -'],
    ['an indented rule', '   -----'],
    ['an em-dash rule', '——————'],
    ['a tilde rule', '~~~~~~'],
  ])('is cut under %s', (_shape, rule) => {
    expect(ownText(`${REPLY}\n\n${rule}\nFrom: Sam Carter\nSent: Monday, 3 November 2026 10:02\n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('is cut with a blank line between the rule and the From line', () => {
    expect(ownText(`${REPLY}\n\n-----\n\nFrom: Sam Carter\nSubject: Shoot dates\n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('is cut when the rule is the first line (nothing typed above it)', () => {
    expect(ownText(`==========\nFrom: Sam Carter\nSent: Monday, 3 November 2026 10:02\n\n${HISTORY}\n`)).toBe('');
  });

  it('is not a header block without a rule above and only one other label', () => {
    const body = `${REPLY}\n\nFrom: Sam Carter\nSent: Monday, 3 November 2026 10:02\n\n${HISTORY}`;
    expect(ownText(`${body}\n`)).toBe(body);
  });

  it('is not a header block under a rule when no label follows the From line', () => {
    const body = 'Shot list for Friday\n--------------------\nFrom: 10:00 at Studio 4\nOutfits: 3\nMakeup: on set';
    expect(ownText(`${body}\n`)).toBe(body);
  });
});

describe('a header block without a rule', () => {
  it('is cut when nothing was typed above it', () => {
    expect(ownText(`From: Sam Carter\nSent: Monday, 3 November 2026 10:02\nSubject: Shoot dates\n\n${HISTORY}\n`)).toBe('');
  });

  it('is cut when the quoted mail had no text (the block ends the body)', () => {
    expect(ownText(`${REPLY}\n\nFrom: Sam Carter\nSent: Monday, 3 November 2026 10:02\nSubject: Shoot dates\n`)).toBe(REPLY);
  });

  it('is cut when the reply line sits right above the From line', () => {
    expect(ownText(`${REPLY}\nFrom: Sam Carter\nSent: Monday, 3 November 2026 10:02\nSubject: Shoot dates\n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('is cut when a conversion put blank lines between the header lines', () => {
    expect(ownText(`${REPLY}\n\nFrom: Sam Carter\n\nSent: Monday, 3 November 2026 10:02\n\nSubject: Shoot dates\n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('is cut when the recipient list wraps onto indented lines', () => {
    expect(
      ownText(`${REPLY}\n\nFrom: Sam Carter\nTo: Maya Okafor; Lee Park; Ana Silva;\n    Tom Berg; Eva Lind\nSubject: Shoot dates\n\n${HISTORY}\n`),
    ).toBe(REPLY);
  });

  it('is cut when the quoted mail had no subject', () => {
    expect(ownText(`${REPLY}\n\nFrom: Sam Carter\nSent: Monday, 3 November 2026 10:02\nSubject:\n\n${HISTORY}\n`)).toBe(REPLY);
  });

  it('is cut when bold labels survived the HTML conversion', () => {
    expect(ownText(`${REPLY}\n\n*From:* Sam Carter\n*Sent:* Monday, 3 November 2026 10:02\n*Subject:* Shoot dates\n\n${HISTORY}\n`)).toBe(REPLY);
    expect(ownText(`${REPLY}\n\n**From:** Sam Carter\n**Sent:** Monday, 3 November 2026 10:02\n**Subject:** Shoot dates\n\n${HISTORY}\n`)).toBe(
      REPLY,
    );
  });
});

describe('the labels of a header block are looked for in the next eight lines', () => {
  const wrappedTo = (continuations: number) =>
    Array.from({ length: continuations }, (_, n) => `    Guest ${n + 1} <guest${n + 1}@talentco.com>;`).join('\n');

  it.each([
    [5, 'Subject on the 7th line'],
    [6, 'Subject on the 8th line'],
  ])('cuts with %i wrapped recipient lines (%s)', (continuations) => {
    const body = `${REPLY}\n\nFrom: Sam Carter\nTo: Maya Okafor <maya@talentco.com>;\n${wrappedTo(continuations)}\nSubject: Shoot dates\n\n${HISTORY}\n`;
    expect(ownText(body)).toBe(REPLY);
  });

  it('does not reach a Subject on the 9th line', () => {
    const header = `From: Sam Carter\nTo: Maya Okafor <maya@talentco.com>;\n${wrappedTo(7)}\nSubject: Shoot dates`;
    expect(ownText(`${REPLY}\n\n${header}\n\n${HISTORY}\n`)).toBe(`${REPLY}\n\n${header}\n\n${HISTORY}`);
  });
});

describe('labelled lines of the sender’s own text are not a header block', () => {
  it.each([
    ['two date ranges', 'My availability:\nFrom: 3 March\nTo: 7 March\nFrom: 14 March\nTo: 21 March'],
    ['an itinerary', 'Travel plan:\nFrom: London\nTo: Paris\nTrain at 9:00\nDate: 7 November\nCc: my manager'],
    ['how to send the invoice', 'Please send the invoice as follows:\nTo: accounts@talentco.com\nCc: maya@talentco.com\nSubject: Invoice 1042'],
  ])('keeps %s', (_shape, body) => {
    expect(ownText(`${body}\n`)).toBe(body);
  });
});

describe('lines drawn with rule characters at the end of the reply', () => {
  it('drops a closing rule', () => {
    expect(ownText(`${REPLY}\n\n-----\n`)).toBe(REPLY);
  });

  it.each([
    ['a line framed with asterisks', `${REPLY}\n\n*** Please confirm by Friday ***`],
    ['a line ending with tildes', `${REPLY}\n\nSpeak soon ~~~`],
  ])('keeps %s', (_shape, body) => {
    expect(ownText(`${body}\n`)).toBe(body);
  });
});
