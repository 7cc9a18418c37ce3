import { describe, expect, it } from 'vitest';
import { ownText } from './own-text';

// What ownText does to the characters around the text: line endings, invisible marks,
// non-breaking spaces, surrounding whitespace and the input cap.

describe('reading the body', () => {
  it('reads old Mac line endings (CR only)', () => {
    expect(ownText('Ok for me.\r\rOn Mon, 3 Nov 2026 at 10:02, Sam Carter <sam@brightagency.com> wrote:\r> Ok?\r')).toBe('Ok for me.');
  });

  it('drops a byte-order mark and zero-width spaces', () => {
    expect(ownText('\uFEFFSee you\u200B on Friday.\n')).toBe('See you on Friday.');
  });

  it('reads a non-breaking space as a space', () => {
    expect(ownText('See you at\u00A010:00.\n')).toBe('See you at 10:00.');
  });

  it('trims the spaces and blank lines around the text', () => {
    expect(ownText('\n \n   Yes, Friday works.   \n\n')).toBe('Yes, Friday works.');
  });

  it('reads at most the first 100 000 characters', () => {
    const own = ownText(`Yes.\n${'a'.repeat(100_000)}`);
    expect(own).toBe(`Yes.\n${'a'.repeat(99_995)}`);
  });
});
