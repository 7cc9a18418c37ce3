import { describe, expect, it } from 'vitest';
import { agreedOnlyAsAgencyStated, currenciesIn, findAmounts, lastStatedCurrency, latestFee, normalizeFee, unitFromText, vatFromText } from './fees';

// One row per rule of the fee tables (mutation-tested: `npm run mutation`): each mark, count word,
// tax phrase and unit phrase as people write them, with the rows just outside each rule.
const usd = { agencyCurrency: 'USD' };
const first = (text: string) => findAmounts(text, usd)[0];

describe('findAmounts: a mark that names one currency, whatever the agency uses', () => {
  it.each([
    ['US$900', 'USD'],
    ['A$900', 'AUD'],
    ['AU$900', 'AUD'],
    ['C$900', 'CAD'],
    ['CA$900', 'CAD'],
    ['NZ$900', 'NZD'],
    ['S$900', 'SGD'],
    ['HK$900', 'HKD'],
    ['R$900', 'BRL'],
    ['MX$900', 'MXN'],
    ['CN¥900', 'CNY'],
    ['900 RMB', 'CNY'],
    ['900元', 'CNY'],
    ['€900', 'EUR'],
    ['900 euro', 'EUR'],
    ['900 euros', 'EUR'],
    ['£900', 'GBP'],
    ['900 pound', 'GBP'],
    ['900 pounds', 'GBP'],
    ['900 quid', 'GBP'],
    ['₩900', 'KRW'],
    ['900원', 'KRW'],
    ['₹900', 'INR'],
    ['900 rupee', 'INR'],
    ['900 rupees', 'INR'],
    ['900 yen', 'JPY'],
    ['900円', 'JPY'],
    ['900 zł', 'PLN'],
    ['900 zl', 'PLN'],
    ['Fr. 900', 'CHF'],
    ['CHF 900', 'CHF'],
    ['900 dirham', 'AED'],
    ['900 dirhams', 'AED'],
    ['900 درهم', 'AED'],
    ['900 riyal', 'SAR'],
    ['900 riyals', 'SAR'],
    ['900 ريال', 'SAR'],
    ['900 lira', 'TRY'],
    ['900 shekel', 'ILS'],
    ['900 shekels', 'ILS'],
    ['900 baht', 'THB'],
    ['PLN 900', 'PLN'],
    ['900 sek', 'SEK'],
  ])('%s → %s', (text, currency) => {
    expect(first(text)).toEqual({ amount: 900, currency, strong: true });
  });

  it('reads "kr." like "kr" in the crown the agency uses', () => {
    expect(findAmounts('9.500 kr.', { agencyCurrency: 'NOK' })[0]?.currency).toBe('NOK');
    expect(findAmounts('9.500 kr.', { agencyCurrency: 'USD' })[0]?.currency).toBeNull();
  });

  it('a currency word glued to a longer word is no mark', () => {
    expect(first('900 europeans')).toEqual({ amount: 900, currency: null, strong: false });
    expect(first('900 poundcakes')).toEqual({ amount: 900, currency: null, strong: false });
  });
});

describe('findAmounts: counts are not money', () => {
  it.each([
    '20%', '3x', '3 times', '1 post', '3 posts', '1 video', '2 videos', '1 reel', '2 reels', '1 story', '3 stories', '1 tiktok', '2 tiktoks',
    '1 short', '2 shorts', '1 piece', '4 pieces', '1 deliverable', '3 deliverables', '1 day', '5 days', '1 week', '2 weeks', '1 month',
    '3 months', '1 year', '2 years', '1 hour', '2 hours', '1 hr', '2 hrs', '1 min', '5 mins', '1 minute', '5 minutes', '1 follower',
    '50 followers', '1 subscriber', '9 subscribers', '9 subs', '1 view', '800 views', '1 like', '900 likes', '1 impression',
    '500 impressions', '12 people', '10 am', '3 pm', '30-second', '15 sec', '30 secs',
  ])('%s', (text) => {
    expect(findAmounts(text, usd)).toEqual([]);
  });

  it('a count word must be whole: "3 postcards" and "5 dayz" are numbers', () => {
    expect(findAmounts('3 postcards', usd)).toEqual([{ amount: 3, currency: null, strong: false }]);
    expect(findAmounts('5 dayz', usd)).toEqual([{ amount: 5, currency: null, strong: false }]);
    expect(findAmounts('7 xl shirts', usd)).toEqual([{ amount: 7, currency: null, strong: false }]);
  });

  it('a marked amount is money even before a count word', () => {
    expect(findAmounts('€500 posts', usd)).toEqual([{ amount: 500, currency: 'EUR', strong: true }]);
  });

  it('a plain number is weak, a marked or multiplied one strong', () => {
    expect(findAmounts('about 1500', usd)).toEqual([{ amount: 1500, currency: null, strong: false }]);
    expect(findAmounts('about 3k', usd)).toEqual([{ amount: 3000, currency: null, strong: true }]);
    expect(findAmounts('about €1500', usd)).toEqual([{ amount: 1500, currency: 'EUR', strong: true }]);
  });
});

describe('findAmounts: how a number is written', () => {
  it.each([
    ['€123,456,789', 123_456_789],
    ['€1.234.567k', 1_234_567_000],
    ['€2,50', 2.5],
    ['€2.5', 2.5],
    ['€1,234.5', 1234.5],
    ['€1.234,5', 1234.5],
    ['€12', 12],
  ] as const)('%s → %d', (text, amount) => {
    expect(first(text)?.amount).toBe(amount);
  });

  it('drops a number no reading makes sense of', () => {
    expect(findAmounts('€1.234,567,89', usd)).toEqual([]);
  });
});

describe('currenciesIn', () => {
  it('names each currency once, in order, and leaves out a mark it cannot place', () => {
    expect(currenciesIn('€100 or 200 EUR, else £90', usd)).toEqual(['EUR', 'GBP']);
    expect(currenciesIn('9.500 kr', usd)).toEqual([]);
    expect(currenciesIn('nothing here', usd)).toEqual([]);
  });
});

describe('vatFromText: each tax phrase', () => {
  it.each([
    '€900 + VAT', '€900 plus VAT', '€900 ex VAT', '€900 exc VAT', '€900 excl. VAT', '€900 excluding VAT', '€900 exclusive of VAT',
    '€900 before tax', '€900 before taxes', '€900 net of VAT', '900 € zzgl. MwSt', '900 € más IVA', '900 € hors TVA', '900 € + BTW',
    '$900 + GST', '900 kr + moms', '900 € + USt', '€900, VAT excluded', '€900, VAT exclusive', '€900, VAT not included',
    '900 €, IVA esclusa', '€900 VAT excl.', '900 € HT', '900 € hors tax', '900 € hors taxe', '900 € hors taxes', '250만원 (부가세 별도)',
    '250만원 (부가세별도)', '250만원 (부가가치세 별도)', '250만원 (VAT 별도)', '3万円（税別）', '3万円（税抜）',
  ])('%s: VAT on top', (text) => {
    expect(vatFromText(text)).toBe(false);
  });

  it.each([
    '€900 inc VAT', '€900 incl VAT', '€900 incl. VAT', '€900 including VAT', '€900 inclusive of VAT', '900 € inkl. MwSt', '900 € incluido IVA',
    '900 € incluida la IVA', '900 € inclusa IVA', '900 € compris TVA', '900 €, TVA compris', '€900, VAT included', '€900, VAT inclusive',
    '€900 VAT incl.', '900 € MwSt inkl.', '900 €, IVA incluido', '900 €, IVA incluida', '900 €, IVA inclusa', '€900, BTW inbegrepen',
    '900 € TTC', '250만원 (부가세 포함)', '250만원 (부가세포함)', '3万円（税込）',
  ])('%s: VAT included', (text) => {
    expect(vatFromText(text)).toBe(true);
  });

  it.each(['€900 + shipping', '€900 plus expenses', '€900 for the vat-free bundle', '€900 excl. VAT or €1,080 incl. VAT', '€900 ht'])(
    '%s: says nothing sure about VAT',
    (text) => {
      expect(vatFromText(text)).toBeNull();
    },
  );
});

describe('unitFromText: each unit phrase', () => {
  it.each([
    ['$500 per video', 'per_video'],
    ['$500 a video', 'per_video'],
    ['$500 each video', 'per_video'],
    ['$500/video', 'per_video'],
    ['$500 / videos', 'per_video'],
    ['$500 per YouTube video', 'per_video'],
    ['$500 per YouTube  video', 'per_video'],
    ['$500 per yt video', 'per_video'],
    ['$500 per yt  video', 'per_video'],
    ['$500 per TikTok video', 'per_video'],
    ['$500 per tiktok  video', 'per_video'],
    ['$500 per IG reel', 'per_video'],
    ['$500 per ig  reel', 'per_video'],
    ['$500 per Instagram reel', 'per_video'],
    ['$500 per instagram  reel', 'per_video'],
    ['$500 per tiktok', 'per_video'],
    ['$500 per short', 'per_video'],
    ['$500 per integration', 'per_video'],
    ['$500 per vlog', 'per_video'],
    ['$500 per post', 'per_post'],
    ['$500 a story', 'per_post'],
    ['$500 each carousel', 'per_post'],
    ['$500/pin', 'per_post'],
    ['$500 per tweet', 'per_post'],
    ['$500 per stories', 'per_post'],
    ['$500 per IG post', 'per_post'],
    ['$500 per ig  post', 'per_post'],
    ['$500 per Instagram post', 'per_post'],
    ['$500 per instagram  post', 'per_post'],
    ['$500 per feed post', 'per_post'],
    ['$500 per feed  post', 'per_post'],
    ['$500 per sponsored post', 'per_post'],
    ['$500 per sponsored  post', 'per_post'],
    ['$900 for the bundle', 'bundle'],
    ['$900 for the package', 'bundle'],
    ['$900 for all', 'bundle'],
    ['$900 for both', 'bundle'],
    ['$900 for everything', 'bundle'],
    ['$900 for all of them', 'bundle'],
    ['$900 for both of it', 'bundle'],
    ['$900 total', 'total'],
    ['$900 in total', 'total'],
    ['$900 all-in', 'total'],
    ['$900 all in', 'total'],
    ['$900 overall', 'total'],
    ['$900 flat fee', 'total'],
    ['$900 all4in', null],
    ['$900 per videographer', null],
    ['$900 per postcode', null],
    ['$900', null],
  ] as const)('%s → %s', (text, unit) => {
    expect(unitFromText(text)).toBe(unit);
  });
});

describe('normalizeFee: choosing the amount', () => {
  it('takes the money when the quote also holds a plain number, and a plain number when that is all there is', () => {
    expect(normalizeFee({ quote: 'option 2: €500' }, usd)).toMatchObject({ amount: 500, currency: 'EUR' });
    expect(normalizeFee({ quote: 'we can do 1500' }, usd)).toMatchObject({ amount: 1500, currency: 'USD' });
  });

  it.each([
    ['ref 1899 then 1500', 1899],
    ['ref 1900 then 1500', 1500],
    ['ref 2026 then 1500', 1500],
    ['ref 2100 then 1500', 1500],
    ['ref 2101 then 1500', 2101],
    ['ref 2000.5 then 1500', 2000.5],
  ] as const)('a plain year-like number is not money when nothing marks money: %s → %d', (quote, amount) => {
    expect(normalizeFee({ quote }, usd)?.amount).toBe(amount);
  });

  it('a quote that holds only a year has no fee', () => {
    expect(normalizeFee({ quote: 'for the 2026 campaign' }, usd)).toBeNull();
  });

  it('without a usable model number takes the first amount of the quote', () => {
    expect(normalizeFee({ amount: null, quote: '€500 per post or €900 for both' }, usd)).toMatchObject({ amount: 500 });
    expect(normalizeFee({ amount: Number.POSITIVE_INFINITY, quote: '€500 per post or €900 for both' }, usd)).toMatchObject({ amount: 500 });
    expect(normalizeFee({ amount: Number.NaN, quote: '€500 per post or €900 for both' }, usd)).toMatchObject({ amount: 500 });
  });

  it('the model number is the same amount when it is the same in cents', () => {
    expect(normalizeFee({ amount: 900.004, quote: '€500 per post or €900 for both' }, usd)).toMatchObject({ amount: 900, currency: 'EUR' });
    expect(normalizeFee({ amount: 900.01, quote: '€500 per post or €900 for both' }, usd)).toMatchObject({ amount: 900.01, currency: 'EUR' });
  });

  it('keeps a fee of nothing (a gifted deal) and refuses a negative one', () => {
    expect(normalizeFee({ amount: 0, quote: 'happy to do it for $0, product only' }, usd)).toMatchObject({ amount: 0, currency: 'USD' });
    expect(normalizeFee({ amount: -500, quote: 'minus five hundred' }, usd)).toBeNull();
  });
});

describe('normalizeFee: choosing the currency', () => {
  it('the one currency a quote writes elsewhere, else the thread’s, the model’s, the agency’s', () => {
    expect(normalizeFee({ amount: 1500, quote: '1500 for the reel, paid in EUR' }, usd)).toMatchObject({ currency: 'EUR' });
    expect(normalizeFee({ amount: 1500, quote: '1500 for the reel, paid in EUR or GBP' }, usd)).toMatchObject({ currency: 'USD' });
    expect(normalizeFee({ amount: 1500, quote: '1500 for the reel', currency: ' eur ' }, usd)).toMatchObject({ currency: 'EUR' });
    expect(normalizeFee({ amount: 1500, quote: '1500 for the reel', currency: 'EURO' }, usd)).toMatchObject({ currency: 'USD' });
    expect(normalizeFee({ amount: 1500, quote: '1500 for the reel', currency: 'XEUR' }, usd)).toMatchObject({ currency: 'USD' });
    expect(normalizeFee({ amount: 1500, quote: '1500 for the reel', currency: null }, { agencyCurrency: ' gbp ' })).toMatchObject({ currency: 'GBP' });
    expect(normalizeFee({ amount: 1500, quote: '1500 for the reel' }, { agencyCurrency: 'pounds' })).toMatchObject({ currency: 'USD' });
  });
});

describe('lastStatedCurrency', () => {
  it('a currency a person set counts even when its quote writes none', () => {
    expect(lastStatedCurrency([{ currency: 'EUR', quote: '€500' }, { currency: 'GBP', quote: 'set by Maya', setBy: 'person' }])).toBe('GBP');
    expect(lastStatedCurrency([{ currency: 'EUR', quote: '€500' }, { currency: 'GBP', quote: 'set by Maya', setBy: 'model' }])).toBe('EUR');
    expect(lastStatedCurrency([])).toBeUndefined();
  });
});

describe('latestFee', () => {
  it('the last agreed or invoiced fee; else the last of the others', () => {
    expect(latestFee([{ state: 'agreed', amount: 1 }, { state: 'invoiced', amount: 2 }, { state: 'quoted', amount: 3 }])).toEqual({ state: 'invoiced', amount: 2 });
    expect(latestFee([{ state: 'quoted', amount: 1 }, { state: 'quoted', amount: 2 }, { state: 'countered', amount: 3 }])).toEqual({ state: 'countered', amount: 3 });
    expect(latestFee([{ state: 'countered', amount: 1 }, { state: 'quoted', amount: 2 }])).toEqual({ state: 'quoted', amount: 2 });
    expect(latestFee([])).toBeNull();
  });
});

describe('agreedOnlyAsAgencyStated: the agency must have stated the amount before', () => {
  type Fee = { amount: number; currency: string; state: 'quoted' | 'agreed'; messageId: string };
  const sides: Record<string, string> = { a1: 'agency', t1: 'talent', t2: 'talent', a2: 'agency' };
  const sideOf = (id: string | null | undefined) => (id ? sides[id] : undefined);

  it('matches the currency whatever its case', () => {
    const stated: Fee = { amount: 500, currency: 'usd', state: 'quoted', messageId: 'a1' };
    const agreed: Fee = { amount: 500, currency: 'USD', state: 'agreed', messageId: 't1' };
    expect(agreedOnlyAsAgencyStated([stated, agreed], sideOf)[1]?.state).toBe('agreed');
    expect(agreedOnlyAsAgencyStated([{ ...stated, currency: 'USD' }, { ...agreed, currency: 'usd' }], sideOf)[1]?.state).toBe('agreed');
  });

  it('an amount the agency states only later does not make an earlier talent "agreed" one agreed', () => {
    const agreed: Fee = { amount: 500, currency: 'USD', state: 'agreed', messageId: 't1' };
    const later: Fee = { amount: 500, currency: 'USD', state: 'quoted', messageId: 'a2' };
    expect(agreedOnlyAsAgencyStated([agreed, later], sideOf).map((fee) => fee.state)).toEqual(['quoted', 'quoted']);
  });

  it('a talent’s earlier quote of the amount is not the agency stating it', () => {
    const talentQuote: Fee = { amount: 500, currency: 'USD', state: 'quoted', messageId: 't1' };
    const agreed: Fee = { amount: 500, currency: 'USD', state: 'agreed', messageId: 't2' };
    expect(agreedOnlyAsAgencyStated([talentQuote, agreed], sideOf)[1]?.state).toBe('quoted');
  });
});
