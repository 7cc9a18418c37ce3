import { describe, expect, it } from 'vitest';
import { normalizeForQuote, quoteAppearsIn, verifyFacts } from './quotes';

// Each way a model decorates a quote, and each way mail writes the same words (mutation-tested).
describe('normalizeForQuote', () => {
  it('folds typographic marks, invisible characters, spaces and case', () => {
    expect(normalizeForQuote('  \u201CFri\u200Bday\u201D\u00A0 works \u2014 it\u2019s \uFF21 ')).toBe('"friday" works - it\'s a');
    expect(normalizeForQuote('\u00ABOui\u00BB \u2018ok\u2019 \u2212 x')).toBe('"oui" \'ok\' - x');
  });
});

describe('quoteAppearsIn: the decorations a model adds', () => {
  const text = 'Yes, Friday works for us, see you then';
  it.each([
    ['Friday works', true],
    ['"Friday works"', true],
    ["'Friday works'", true],
    ['""Friday works""', true],
    ['" Friday works "', true],
    ['Friday works.', true],
    ['Friday works...', true],
    ['Friday works …', true],
    ['"Friday works."', true],
    ['"Friday works".', true],
    ["'Friday works' .", true],
    ['Friday works!', false],
    ['Monday works', false],
    ['"Monday works"', false],
    ['Fr', false],
  ] as const)('%s → %s', (quote, found) => {
    expect(quoteAppearsIn(quote, text)).toBe(found);
  });

  it('keeps quote marks the text itself has', () => {
    expect(quoteAppearsIn('the "Glow" brief', 'We loved the "Glow" brief.')).toBe(true);
    expect(quoteAppearsIn('the Glow brief', 'We loved the "Glow" brief.')).toBe(false);
  });

  it('a two-character quote or an empty text finds nothing; a non-string finds nothing', () => {
    expect(quoteAppearsIn('ok', 'ok')).toBe(false);
    expect(quoteAppearsIn('"ok"', 'ok, see you')).toBe(false);
    expect(quoteAppearsIn('yes', '')).toBe(false);
    expect(quoteAppearsIn(undefined as never, 'yes')).toBe(false);
    expect(quoteAppearsIn('yes', undefined as never)).toBe(false);
  });
});

describe('verifyFacts', () => {
  const texts = new Map([['m1', 'We can do $500 per post.']]);
  it('keeps a quoted fact of its message, a person’s fact as it is, and nothing else', () => {
    const facts = [
      { quote: '$500 per post', messageId: 'm1' },
      { quote: '$900 per post', messageId: 'm1' },
      { quote: '$500 per post', messageId: 'm2' },
      { quote: '$500 per post', messageId: null },
      { quote: '', messageId: null, setBy: 'person' },
      { quote: '$500 per post', messageId: 'm1', setBy: 'model' },
    ];
    expect(verifyFacts(facts, texts)).toEqual([facts[0], facts[4], facts[5]]);
  });
});
