import { describe, expect, it } from 'vitest';
import { clip, MAIL_LIMITS, STORED_LIMITS } from './limits';

// The sizes the product keeps of mail (the Gmail parser, processing and the API's read side all
// clip with them): a hostile message must neither fail a job on DynamoDB's 400 KB item limit nor
// fill a prompt, and what is kept must stay valid UTF-8.

describe('clip', () => {
  it.each([
    ['shorter than the limit', 'Spring launch', 20, 'Spring launch'],
    ['exactly the limit', 'Spring launch', 13, 'Spring launch'],
    ['one over the limit', 'Spring launch!', 13, 'Spring launch'],
    ['far over the limit', 'x'.repeat(450_000), 3, 'xxx'],
    ['empty', '', 5, ''],
    ['a limit of nothing', 'Spring launch', 0, ''],
  ])('%s', (_name, text, max, expected) => {
    expect(clip(text, max)).toBe(expected);
  });

  it('never splits a surrogate pair: an emoji across the cut is left out whole', () => {
    // "Hi 👋 there": the emoji is two UTF-16 units, at 3 and 4
    expect(clip('Hi 👋 there', 4)).toBe('Hi ');
    expect(clip('Hi 👋 there', 5)).toBe('Hi 👋');
    expect(clip('Hi 👋 there', 3)).toBe('Hi ');
    expect(clip('👋👋👋', 3)).toBe('👋');
    expect(clip('👋👋👋', 4)).toBe('👋👋');
  });

  it('returns a text within the limit as it is, even one that ends in half a pair (it cuts nothing)', () => {
    expect(clip('fee \uD83D', 5)).toBe('fee \uD83D');
    expect(clip('fee \uD83D', 6)).toBe('fee \uD83D');
    expect(clip('fee \uD83D!', 5)).toBe('fee ');
  });

  it('keeps characters outside the surrogate range at the cut', () => {
    expect(clip('価格は¥150,000です', 5)).toBe('価格は¥1');
    expect(clip('Prix\uE000 privé', 5)).toBe('Prix\uE000');
    expect(clip('fee \uDC00 stray', 5)).toBe('fee \uDC00');
  });

  it('returns a string whose length is within the limit and whose pairs are whole', () => {
    const text = '🎬 Reel + 📸 story: £2,450 👍'.repeat(40);
    for (let max = 0; max <= 80; max += 1) {
      const kept = clip(text, max);
      expect(kept.length).toBeLessThanOrEqual(max);
      expect(text.startsWith(kept)).toBe(true);
      expect(/[\uD800-\uDBFF]$/.test(kept)).toBe(false);
    }
  });
});

describe('the limits', () => {
  it('of one parsed message', () => {
    expect(MAIL_LIMITS).toEqual({
      subject: 500,
      name: 200,
      address: 254,
      recipients: 100,
      snippet: 500,
      part: 500_000,
      text: 100_000,
      ownText: 8_000,
      header: 1_000,
      messageId: 500,
      references: 50,
    });
  });

  it('of what is derived and stored', () => {
    expect(STORED_LIMITS).toEqual({
      subject: 500,
      name: 200,
      ownText: 8_000,
      recipients: 100,
      messageSummary: 1_000,
      threadSummary: 4_000,
      quote: 500,
      feesPerMessage: 12,
      datesPerThread: 60,
      participants: 200,
      failureMessage: 300,
      failures: 20,
      feesPerConversation: 60,
      datesPerConversation: 60,
      copiesPerConversation: 200,
    });
  });
});
