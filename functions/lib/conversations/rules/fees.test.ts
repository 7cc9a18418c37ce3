import { describe, expect, it } from 'vitest';
import { agreedOnlyAsAgencyStated, findAmounts, lastStatedCurrency, latestFee, normalizeFee, vatFromText } from './fees';

const usd = { agencyCurrency: 'USD' };

describe('normalizeFee: amounts', () => {
  it('reads "€900 per post"', () => {
    expect(normalizeFee({ amount: 900, currency: 'EUR', quote: '€900 per post' }, usd)).toEqual({
      amount: 900,
      currency: 'EUR',
      unit: 'per_post',
      vatIncluded: null,
      state: 'quoted',
      quote: '€900 per post',
      messageId: null,
      setBy: 'model',
    });
  });

  it('reads "3k for the bundle" in the currency stated earlier in the thread', () => {
    const fee = normalizeFee({ amount: 3000, currency: 'USD', quote: '3k for the bundle', state: 'countered' }, { threadCurrency: 'EUR', agencyCurrency: 'USD' });
    expect(fee).toMatchObject({ amount: 3000, currency: 'EUR', unit: 'bundle', state: 'countered' });
  });

  it('falls back to the agency currency when the thread stated none', () => {
    expect(normalizeFee({ amount: null, quote: '3k for the bundle' }, { agencyCurrency: 'GBP' })).toMatchObject({ amount: 3000, currency: 'GBP' });
  });

  it('reads East Asian ten-thousands and currency words of other scripts', () => {
    expect(normalizeFee({ amount: 250, quote: '250만원(부가세 별도)' }, usd)).toMatchObject({ amount: 2_500_000, currency: 'KRW', vatIncluded: false });
    expect(normalizeFee({ amount: 3, quote: '3万円でお願いします' }, usd)).toMatchObject({ amount: 30_000, currency: 'JPY' });
    expect(normalizeFee({ amount: 5000, quote: '5,000 درهم للباقة' }, usd)).toMatchObject({ amount: 5000, currency: 'AED' });
  });

  it('reads "$2,500 + VAT" as 2500 USD with VAT on top', () => {
    expect(normalizeFee({ amount: 2500, quote: '$2,500 + VAT' }, { agencyCurrency: 'EUR' })).toMatchObject({ amount: 2500, currency: 'USD', vatIncluded: false });
  });

  it('reads amounts written in many ways', () => {
    const read = (quote: string, agencyCurrency = 'USD') => {
      const fee = normalizeFee({ quote }, { agencyCurrency });
      return fee && `${fee.amount} ${fee.currency}`;
    };
    expect(read('1.5k per video')).toBe('1500 USD');
    expect(read('£1,2k all in', 'EUR')).toBe('1200 GBP');
    expect(read('1.500 € pro Video')).toBe('1500 EUR');
    expect(read('2.500,50 EUR')).toBe('2500.5 EUR');
    expect(read('EUR 750 for both')).toBe('750 EUR');
    expect(read('CHF 1’200')).toBe('1200 CHF');
    expect(read('¥150,000')).toBe('150000 JPY');
    expect(read('₩2,000,000')).toBe('2000000 KRW');
    expect(read('A$800 per post')).toBe('800 AUD');
    expect(read('800 dollars')).toBe('800 USD');
    expect(read('$900', 'CAD')).toBe('900 CAD');
    expect(read('a total of 2 grand')).toBe('2000 USD');
  });

  it('does not take counts for money', () => {
    expect(findAmounts('3 posts and 2 stories for $1,200 (50k followers, 20% off)').map((t) => t.amount)).toEqual([1200]);
    expect(normalizeFee({ quote: '3 posts and 2 stories' }, usd)).toBeNull();
  });

  it('takes the quote’s single amount over a model number the quote does not show', () => {
    expect(normalizeFee({ amount: 1500, currency: 'USD', quote: 'mark as confirmed at $1' }, usd)).toMatchObject({ amount: 1, currency: 'USD' });
  });

  it("keeps the model's number when it is one of several in the quote, with that amount's currency", () => {
    expect(normalizeFee({ amount: 4000, quote: '$1,500 per post or €4,000 for the bundle' }, usd)).toMatchObject({ amount: 4000, currency: 'EUR', unit: 'per_post' });
  });

  it('is null when no amount can be read', () => {
    expect(normalizeFee({ amount: null, quote: 'my usual rate' }, usd)).toBeNull();
    expect(normalizeFee({ quote: 'rate to be confirmed' }, usd)).toBeNull();
  });

  it('keeps the model’s valid unit, state and VAT when the quote says nothing about them', () => {
    expect(normalizeFee({ amount: 500, unit: 'per_video', state: 'agreed', vat_included: true, quote: '$500 works', message_id: 'm9' }, usd)).toMatchObject({
      unit: 'per_video',
      state: 'agreed',
      vatIncluded: true,
      messageId: 'm9',
    });
    expect(normalizeFee({ amount: 500, quote: '$500' }, usd)).toMatchObject({ unit: 'total', state: 'quoted', vatIncluded: null, messageId: null, setBy: 'model' });
  });
});

describe('vatFromText', () => {
  it('reads VAT on top and VAT included in several languages', () => {
    for (const text of ['$2,500 + VAT', '£900 plus VAT', '€1.000 excl. VAT', '900 ex VAT', '1.000 € zzgl. MwSt.', '800 € HT', '500 € + IVA']) {
      expect(vatFromText(text)).toBe(false);
    }
    for (const text of ['€900 incl. VAT', '900 including VAT', '1.000 € inkl. MwSt', '800 € TTC', 'VAT included']) {
      expect(vatFromText(text)).toBe(true);
    }
    expect(vatFromText('$900')).toBeNull();
    expect(vatFromText('what about the tax?')).toBeNull();
  });
});

describe('lastStatedCurrency', () => {
  it('is the currency of the latest fee whose quote writes one', () => {
    const fees = [
      { currency: 'EUR', quote: '€900 per post' },
      { currency: 'EUR', quote: '3k for the bundle' },
    ];
    expect(lastStatedCurrency(fees)).toBe('EUR');
    expect(lastStatedCurrency([...fees, { currency: 'GBP', quote: '£1,000 then' }])).toBe('GBP');
  });

  it('ignores currencies that were only assumed, and counts what a person set', () => {
    expect(lastStatedCurrency([{ currency: 'USD', quote: '3k for the bundle' }])).toBeUndefined();
    expect(lastStatedCurrency([{ currency: 'EUR', quote: '€1' }, { currency: 'CHF', quote: '', setBy: 'person' }])).toBe('CHF');
    expect(lastStatedCurrency([])).toBeUndefined();
  });
});

describe('latestFee', () => {
  it('prefers the latest agreed fee, then the latest quoted or countered one', () => {
    const quoted = { state: 'quoted' as const, amount: 1 };
    const agreed = { state: 'agreed' as const, amount: 2 };
    const countered = { state: 'countered' as const, amount: 3 };
    expect(latestFee([quoted, agreed, countered])).toBe(agreed);
    expect(latestFee([quoted, countered])).toBe(countered);
    expect(latestFee([])).toBeNull();
  });
});

describe('agreedOnlyAsAgencyStated', () => {
  type Fee = { amount: number; currency: string; state: 'quoted' | 'countered' | 'agreed' | 'invoiced'; setBy: 'model' | 'person'; messageId: string | null };
  const fee = (amount: number, messageId: string | null, state: Fee['state'] = 'agreed', over: Partial<Fee> = {}): Fee => ({ amount, currency: 'USD', state, setBy: 'model', messageId, ...over });
  const sides: Record<string, string> = { a1: 'agency', t1: 'talent', t2: 'talent', c1: 'client' };
  const sideOf = (id: string | null | undefined) => (id ? sides[id] : undefined);
  const states = (fees: Fee[]) => agreedOnlyAsAgencyStated(fees, sideOf).map((f) => f.state);

  it('keeps agreed an amount the agency stated before or in the same message, to half a cent, in the same currency', () => {
    expect(states([fee(450, 'a1', 'quoted'), fee(450, 't1')])).toEqual(['quoted', 'agreed']);
    expect(states([fee(450, 'a1', 'quoted'), fee(450.004, 't1')])).toEqual(['quoted', 'agreed']);
    expect(states([fee(450, 'a1', 'agreed')])).toEqual(['agreed']);
    expect(states([fee(450, 'a1', 'quoted', { currency: 'usd' }), fee(450, 't1')])).toEqual(['quoted', 'agreed']);
  });

  it('reads as quoted a talent’s "agreed" amount the agency never stated: a made-up $1, a stated amount in another currency, a later statement', () => {
    expect(states([fee(450, 'a1', 'quoted'), fee(1, 't1')])).toEqual(['quoted', 'quoted']);
    expect(states([fee(450, 'a1', 'quoted'), fee(450.006, 't1')])).toEqual(['quoted', 'quoted']);
    expect(states([fee(450, 'a1', 'quoted', { currency: 'EUR' }), fee(450, 't1')])).toEqual(['quoted', 'quoted']);
    expect(states([fee(450, 't1'), fee(450, 'a1', 'quoted')])).toEqual(['quoted', 'quoted']);
    // the client's or an unknown message is not the agency's word
    expect(states([fee(450, 'c1', 'quoted'), fee(450, 't2')])).toEqual(['quoted', 'quoted']);
    expect(states([fee(450, null, 'quoted'), fee(450, 't2')])).toEqual(['quoted', 'quoted']);
  });

  it('keeps what a person set, and lets it back a later agreed amount; leaves other states alone', () => {
    expect(states([fee(700, null, 'agreed', { setBy: 'person' })])).toEqual(['agreed']);
    expect(states([fee(700, null, 'quoted', { setBy: 'person' }), fee(700, 't1')])).toEqual(['quoted', 'agreed']);
    expect(states([fee(900, 't1', 'invoiced'), fee(800, 't1', 'countered')])).toEqual(['invoiced', 'countered']);
  });
});
