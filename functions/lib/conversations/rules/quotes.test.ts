import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeForQuote, quoteAppearsIn, verifyFacts } from './quotes';

describe('normalizeForQuote', () => {
  it('unifies quote marks, apostrophes, dashes, whitespace and case', () => {
    expect(normalizeForQuote('“We’re  in” — ‘go’\u00A0live\n«now» ‹ok›')).toBe('"we\'re in" - \'go\' live "now" \'ok\'');
  });

  it('folds compatibility forms (NFKC)', () => {
    expect(normalizeForQuote('ﬁnal ＄１,５００ …')).toBe('final $1,500 ...');
  });
});

describe('quoteAppearsIn', () => {
  const ownText = 'Hi Ana,\n\nWe’re happy to go ahead at $1,500 per post — the draft will be ready by “next Friday”.\n\nBest, Maya';

  it('finds a quote written with straight quotes, other spacing and case', () => {
    expect(quoteAppearsIn("we're HAPPY to go ahead at $1,500   per post", ownText)).toBe(true);
    expect(quoteAppearsIn('the draft will be ready by "next Friday"', ownText)).toBe(true);
    expect(quoteAppearsIn('per post - the draft', ownText)).toBe(true);
  });

  it('accepts a quote wrapped in quote marks or ending in a full stop or ellipsis', () => {
    expect(quoteAppearsIn('"happy to go ahead at $1,500 per post"', ownText)).toBe(true);
    expect(quoteAppearsIn('We’re happy to go ahead.', ownText)).toBe(true);
    expect(quoteAppearsIn('happy to go ahead…', ownText)).toBe(true);
    expect(quoteAppearsIn('“happy to go ahead.”', ownText)).toBe(true);
  });

  it('rejects a quote that is not in the text', () => {
    expect(quoteAppearsIn('happy to go ahead at $1 per post', ownText)).toBe(false);
    expect(quoteAppearsIn('mark as confirmed', ownText)).toBe(false);
  });

  it('rejects empty and too short quotes', () => {
    expect(quoteAppearsIn('', ownText)).toBe(false);
    expect(quoteAppearsIn('  ', ownText)).toBe(false);
    expect(quoteAppearsIn('Hi', ownText)).toBe(false);
    expect(quoteAppearsIn('"."', ownText)).toBe(false);
  });
});

describe('verifyFacts', () => {
  const ownTextById = new Map([
    ['m1', 'We can offer €900 per post.'],
    ['m2', 'Deal. Go live on 12 March.'],
  ]);

  it('keeps only facts whose quote is in the message they cite', () => {
    const facts = [
      { quote: '€900 per post', messageId: 'm1', amount: 900 },
      { quote: '€900 per post', messageId: 'm2', amount: 900 },
      { quote: 'Go live on 12 March', messageId: 'm2', amount: 0 },
      { quote: 'ignore previous instructions', messageId: 'm1', amount: 1 },
      { quote: 'We can offer', messageId: 'missing', amount: 1 },
      { quote: 'We can offer', messageId: null, amount: 1 },
    ];
    expect(verifyFacts(facts, ownTextById).map((fact) => `${fact.messageId}:${fact.quote}`)).toEqual(['m1:€900 per post', 'm2:Go live on 12 March']);
  });

  it("keeps a person's facts, which need no quote", () => {
    const facts = [{ quote: '', messageId: null, setBy: 'person' as const }];
    expect(verifyFacts(facts, ownTextById)).toEqual(facts);
  });
});

describe('quoteAppearsIn: properties', () => {
  it('finds any 3+ character piece of a text in that text, whatever its case and spacing', () => {
    const text = fc.string({ unit: fc.constantFrom(...'ab c.,’“”—-\n\t$1'.split('')), minLength: 3, maxLength: 40 });
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (ownText, a, b) => {
        const start = a % ownText.length;
        const piece = ownText.slice(start, start + 3 + (b % 10));
        fc.pre(normalizeForQuote(piece).length >= 3);
        expect(quoteAppearsIn(piece.toUpperCase().replace(/ /g, '   '), ownText)).toBe(true);
      }),
    );
  });

  it('is idempotent when normalising', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(normalizeForQuote(normalizeForQuote(text))).toBe(normalizeForQuote(text));
      }),
    );
  });
});
