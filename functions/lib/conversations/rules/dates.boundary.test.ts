import { describe, expect, it } from 'vitest';
import { dateOrder, localeDateOrder, nextDate, realIsoDay, resolveDate, senderEvidence, sortUpcoming } from './dates';

// Boundaries of the date rules, each row a case a person would recognise: where a sender is and how
// their country writes 12/03, the edges of a real day, and which "today" counts as upcoming.

// Wednesday 4 March 2026, 10:00 UTC
const WEDNESDAY = Date.UTC(2026, 2, 4, 10);
const resolve = (quote: string, extra: Partial<Parameters<typeof resolveDate>[0]> = {}) =>
  resolveDate({ quote, modelDate: null, messageSentAt: WEDNESDAY, locale: 'en-US', senderEvidence: { phones: [], domains: [] }, ...extra });

/** How people in a country write a short numeric date: 12/03 is 12 March day first, 3 December month first. */
type Country = { country: string; callingCode: string; order: 'day_first' | 'month_first' };

const COUNTRIES_BY_PHONE: Country[] = [
  ...(
    [
      ['United States and Canada', '1'], ['Philippines', '63'], ['Japan', '81'], ['South Korea', '82'], ['China', '86'], ['Taiwan', '886'],
      ['Micronesia', '691'], ['Marshall Islands', '692'], ['Palau', '680'],
    ] as const
  ).map(([country, callingCode]) => ({ country, callingCode, order: 'month_first' as const })),
  ...(
    [
      ['Russia', '7'], ['Egypt', '20'], ['South Africa', '27'], ['Greece', '30'], ['Netherlands', '31'], ['Belgium', '32'], ['France', '33'],
      ['Spain', '34'], ['Hungary', '36'], ['Italy', '39'], ['Romania', '40'], ['Switzerland', '41'], ['Austria', '43'], ['United Kingdom', '44'],
      ['Denmark', '45'], ['Sweden', '46'], ['Norway', '47'], ['Poland', '48'], ['Germany', '49'], ['Peru', '51'], ['Mexico', '52'], ['Cuba', '53'],
      ['Argentina', '54'], ['Brazil', '55'], ['Chile', '56'], ['Colombia', '57'], ['Venezuela', '58'], ['Malaysia', '60'], ['Australia', '61'],
      ['Indonesia', '62'], ['New Zealand', '64'], ['Singapore', '65'], ['Thailand', '66'], ['Vietnam', '84'], ['Turkey', '90'], ['India', '91'],
      ['Pakistan', '92'], ['Sri Lanka', '94'], ['Morocco', '212'], ['Algeria', '213'], ['Tunisia', '216'], ['Ghana', '233'], ['Nigeria', '234'],
      ['Kenya', '254'], ['Tanzania', '255'], ['Uganda', '256'], ['Portugal', '351'], ['Luxembourg', '352'], ['Ireland', '353'], ['Iceland', '354'],
      ['Malta', '356'], ['Cyprus', '357'], ['Finland', '358'], ['Bulgaria', '359'], ['Lithuania', '370'], ['Latvia', '371'], ['Estonia', '372'],
      ['Ukraine', '380'], ['Serbia', '381'], ['Croatia', '385'], ['Slovenia', '386'], ['Czechia', '420'], ['Slovakia', '421'], ['Guatemala', '502'],
      ['El Salvador', '503'], ['Costa Rica', '506'], ['Panama', '507'], ['Bolivia', '591'], ['Ecuador', '593'], ['Paraguay', '595'],
      ['Uruguay', '598'], ['Hong Kong', '852'], ['Macau', '853'], ['Bangladesh', '880'], ['Lebanon', '961'], ['Jordan', '962'], ['Kuwait', '965'],
      ['Saudi Arabia', '966'], ['United Arab Emirates', '971'], ['Israel', '972'], ['Bahrain', '973'], ['Qatar', '974'],
    ] as const
  ).map(([country, callingCode]) => ({ country, callingCode, order: 'day_first' as const })),
];

const MONTH_FIRST_DOMAINS = ['us', 'ph', 'jp', 'kr', 'cn', 'tw'];
const DAY_FIRST_DOMAINS = [
  'uk', 'ie', 'fr', 'de', 'au', 'nz', 'es', 'it', 'nl', 'be', 'ch', 'at', 'dk', 'se', 'no', 'fi', 'is', 'pl', 'pt', 'gr', 'cz', 'sk', 'hu',
  'ro', 'bg', 'hr', 'si', 'rs', 'lt', 'lv', 'ee', 'lu', 'mt', 'cy', 'ru', 'ua', 'tr', 'il', 'ae', 'sa', 'qa', 'eg', 'ma', 'za', 'ng', 'ke',
  'in', 'pk', 'bd', 'lk', 'my', 'id', 'sg', 'th', 'vn', 'hk', 'mx', 'br', 'ar', 'cl', 'pe', 'uy', 'ec', 'eu',
];

/** The agency locale whose own reading is the opposite, so only the sender's evidence can give `order`. */
const opposite = (order: 'day_first' | 'month_first') => (order === 'day_first' ? 'en-US' : 'en-GB');
const readingOf = (order: 'day_first' | 'month_first') => (order === 'day_first' ? '2026-03-12' : '2026-12-03');

describe("12/03 read the way the sender's country writes it, over the agency's locale", () => {
  it.each(COUNTRIES_BY_PHONE)('a phone number from $country (+$callingCode) reads $order', ({ callingCode, order }) => {
    // the sender's signature, with a number long enough to be a phone number
    const evidence = senderEvidence(`Thanks!\nM: +${callingCode} 555 0100 99`, 'someone@gmail.com');
    expect(evidence.phones).toEqual([`+${callingCode}`]);
    expect(resolve('the post goes live 12/03', { senderEvidence: evidence, locale: opposite(order) })).toBe(readingOf(order));
  });

  it.each([...MONTH_FIRST_DOMAINS.map((tld) => ({ tld, order: 'month_first' as const })), ...DAY_FIRST_DOMAINS.map((tld) => ({ tld, order: 'day_first' as const }))])(
    'a mail domain in .$tld reads $order',
    ({ tld, order }) => {
      const evidence = senderEvidence('Thanks!', `Someone <someone@studio.${tld}>`);
      expect(resolve('the post goes live 12/03', { senderEvidence: evidence, locale: opposite(order) })).toBe(readingOf(order));
    },
  );

  it('takes a country domain written with a trailing dot or in capitals as that country', () => {
    expect(dateOrder({ phones: [], domains: ['Studio.CO.UK.'] }, 'en-US')).toBe('day_first');
    expect(dateOrder({ phones: [], domains: [' agency.US '] }, 'en-GB')).toBe('month_first');
  });

  it('leaves a phone prefix no country uses, and a generic domain, to the next evidence', () => {
    expect(dateOrder({ phones: ['+999'], domains: ['studio.fr'] }, 'en-US')).toBe('day_first');
    expect(dateOrder({ phones: ['+999'], domains: ['studio.com'] }, 'en-GB')).toBe('day_first');
    expect(dateOrder({ phones: ['+999'], domains: ['studio.com'] }, 'en-US')).toBe('month_first');
  });

  it('falls back to the domain, then the locale, when phones or domains disagree among themselves', () => {
    expect(dateOrder({ phones: ['+1', '+44'], domains: ['x.us'] }, 'en-GB')).toBe('month_first');
    expect(dateOrder({ phones: ['+1', '+1'], domains: ['x.fr'] }, 'en-GB')).toBe('month_first');
    expect(dateOrder({ phones: [], domains: ['x.us', 'y.fr'] }, 'en-GB')).toBe('day_first');
    expect(dateOrder({ phones: [], domains: ['x.us', 'y.fr'] }, 'en-US')).toBe('month_first');
    expect(dateOrder(null, 'en-GB')).toBe('day_first');
  });
});

describe("the agency's locale", () => {
  it.each(['en-US', 'en-PH', 'en-FM', 'en-MH', 'en-PW', 'ja-JP', 'ko-KR', 'zh-CN', 'zh-TW', 'en-CA'])('%s reads 12/03 as 3 December', (locale) => {
    expect(localeDateOrder(locale)).toBe('month_first');
  });

  it.each(['en-GB', 'en-AU', 'en-IE', 'fr-FR', 'de-DE', 'es-MX', 'pt-BR'])('%s reads 12/03 as 12 March', (locale) => {
    expect(localeDateOrder(locale)).toBe('day_first');
  });

  it("takes the region a language is mostly written in when the locale names none", () => {
    expect(localeDateOrder('ja')).toBe('month_first');
    expect(localeDateOrder('de')).toBe('day_first');
  });

  it('reads the region of a locale the platform cannot parse, in either case, else English is month first', () => {
    expect(localeDateOrder('en_GB')).toBe('day_first');
    expect(localeDateOrder('xx_us!')).toBe('month_first');
    expect(localeDateOrder('xx_gb!')).toBe('day_first');
    expect(localeDateOrder('!!')).toBe('month_first');
  });
});

describe('senderEvidence: what counts as a phone number', () => {
  it('finds international numbers written with +, 00, brackets, dots and dashes', () => {
    expect(senderEvidence('+44 (0)20 7946-0958', 'a@b.com').phones).toEqual(['+44']);
    expect(senderEvidence('call 0049.30.1234567', 'a@b.com').phones).toEqual(['+49']);
    expect(senderEvidence('+(33) 1 23 45 67 89', 'a@b.com').phones).toEqual(['+33']);
  });

  it('takes the longest known calling code (+353 is Ireland, not +35 or +3)', () => {
    expect(senderEvidence('+353 1 234 5678', 'a@b.com').phones).toEqual(['+353']);
    expect(senderEvidence('+61 2 9876 5432', 'a@b.com').phones).toEqual(['+61']);
    expect(senderEvidence('+7 495 123-45-67', 'a@b.com').phones).toEqual(['+7']);
  });

  it('keeps numbers of 7 to 15 digits only', () => {
    expect(senderEvidence('+4412345', 'a@b.com').phones).toEqual(['+44']); // 7 digits
    expect(senderEvidence('+44 1 2 3 4', 'a@b.com').phones).toEqual([]); // 6 digits, spaced out
    expect(senderEvidence('+44 1234 5678 90123', 'a@b.com').phones).toEqual(['+44']); // 15 digits
    expect(senderEvidence('+44 1234 5678 901234', 'a@b.com').phones).toEqual([]); // 16 digits
  });

  it('does not read a + in the middle of a word or number as a phone number', () => {
    expect(senderEvidence('fee 2500+441234567 total', 'a@b.com').phones).toEqual([]);
    expect(senderEvidence('a+44 1234 5678', 'a@b.com').phones).toEqual([]);
  });

  it('finds a North American number written (212) 555-0123, 212-555-0123 or 212.555.0123, not inside a longer number', () => {
    expect(senderEvidence('(212)555-0123', 'a@b.com').phones).toEqual(['+1']);
    expect(senderEvidence('212-555-0123', 'a@b.com').phones).toEqual(['+1']);
    expect(senderEvidence('212.555.0123', 'a@b.com').phones).toEqual(['+1']);
    expect(senderEvidence('9212-555-0123', 'a@b.com').phones).toEqual([]);
    expect(senderEvidence('212-555-01234', 'a@b.com').phones).toEqual([]);
    // an international number is not also read as a North American one
    expect(senderEvidence('+212-555-0123', 'a@b.com').phones).toEqual(['+212']);
  });

  it('lists each calling code once', () => {
    expect(senderEvidence('M: +44 7700 900123\nO: +44 20 7946 0958', 'a@b.com').phones).toEqual(['+44']);
  });

  it('takes the domain of a bare or a named address, lower-cased, and none without an @', () => {
    expect(senderEvidence('', 'Jane@TalentCo.CO.UK').domains).toEqual(['talentco.co.uk']);
    expect(senderEvidence('', 'Jane "a@b" <jane@studio.fr>').domains).toEqual(['studio.fr']);
    expect(senderEvidence('', 'no address').domains).toEqual([]);
  });
});

describe('realIsoDay and the edges of a real day', () => {
  it.each([
    ['2026-02-28', '2026-02-28'],
    ['2028-02-29', '2028-02-29'],
    ['2026-02-29', null],
    ['2026-12-31', '2026-12-31'],
    ['2026-13-01', null],
    ['2026-00-10', null],
    ['2026-01-00', null],
    ['2026-04-31', null],
    ['1900-01-01', '1900-01-01'],
    ['1899-12-31', null],
    ['2200-12-31', '2200-12-31'],
    ['2201-01-01', null],
    [' 2026-03-04 ', '2026-03-04'],
    ['2026-3-4', null],
    ['x2026-03-04', null],
    ['2026-03-04x', null],
  ])('%s → %s', (value, expected) => {
    expect(realIsoDay(value)).toBe(expected);
  });

  it('is null for nothing', () => {
    expect(realIsoDay(null)).toBeNull();
    expect(realIsoDay(undefined)).toBeNull();
  });
});

describe('resolveDate: numeric dates at their edges', () => {
  it('reads day 31 and month 12, and the other order when one cannot be a date', () => {
    expect(resolve('31/12', { locale: 'en-GB' })).toBe('2026-12-31');
    expect(resolve('12/31', { locale: 'en-GB' })).toBe('2026-12-31');
    expect(resolve('1/1')).toBe('2027-01-01');
  });

  it("takes neither reading when both are impossible, and is unsure rather than taking the model's guess", () => {
    expect(resolve('0/5', { modelDate: '2026-05-01' })).toBeNull();
    expect(resolve('5/0', { modelDate: '2026-05-01' })).toBeNull();
  });

  it.each(['live on 32/13', 'posting 31/11', 'due 13/13/2026', 'live on 12/034', 'draft 3/4/5', 'due 32.13.2026', 'due 30-02-2027'])(
    'never lets the fallback parser turn the impossible %s into a day',
    (quote) => {
      expect(resolve(quote, { modelDate: '2026-12-13' })).toBeNull();
    },
  );

  it('still reads the rest of a quote that also holds an impossible numeric date', () => {
    expect(resolve('not 32/13 but the 20th of May')).toBe('2026-05-20');
  });

  it('reads a two-digit year as 20xx, and refuses a day that year does not have', () => {
    expect(resolve('29/02/28', { locale: 'en-GB' })).toBe('2028-02-29');
    expect(resolve('03/02/2025', { locale: 'en-GB' })).toBe('2025-02-03');
  });

  it('reads a year-less date on the message day as that day, and a 29 February to the next leap year', () => {
    expect(resolve('04/03', { locale: 'en-GB' })).toBe('2026-03-04');
    expect(resolve('03/03', { locale: 'en-GB' })).toBe('2027-03-03');
    expect(resolve('29/02', { locale: 'en-GB' })).toBe('2028-02-29');
  });

  it('looks no further than two years ahead', () => {
    // sent 1 March 2029: the next 29 February is in 2032, too far to be meant
    expect(resolve('29/02', { locale: 'en-GB', messageSentAt: Date.UTC(2029, 2, 1, 10), modelDate: '2029-04-01' })).not.toBe('2032-02-29');
  });

  it('needs a year after a dash, and reads a dotted date unless a time is meant', () => {
    expect(resolve('3-5 posts', { modelDate: '2026-05-01' })).toBe('2026-05-01');
    expect(resolve('shoot 12.03', { locale: 'en-GB' })).toBe('2026-03-12');
    expect(resolve('shoot 12.03pm', { locale: 'en-GB', modelDate: '2026-05-01' })).toBe('2026-05-01');
    expect(resolve('shoot at 12.03', { locale: 'en-GB', modelDate: '2026-05-01' })).toBe('2026-05-01');
    expect(resolve('shoot @12.03', { locale: 'en-GB', modelDate: '2026-05-01' })).toBe('2026-05-01');
    expect(resolve('shoot 12.03.2026 at', { locale: 'en-GB' })).toBe('2026-03-12');
    expect(resolve('flat 12.03', { locale: 'en-GB' })).toBe('2026-03-12');
  });

  it('takes a dotted number for a time only when a time word follows it or "at" comes right before it', () => {
    expect(resolve('shoot 12.03 pm', { locale: 'en-GB', modelDate: '2026-05-01' })).toBe('2026-05-01');
    expect(resolve('shoot 12.03 hr', { locale: 'en-GB', modelDate: '2026-05-01' })).not.toBe('2026-03-12');
    expect(resolve('shoot 12.03, wrap by 6pm', { locale: 'en-GB' })).toBe('2026-03-12');
    expect(resolve('at the studio 12.03', { locale: 'en-GB' })).toBe('2026-03-12');
    expect(resolve('meet @ the studio 12.03', { locale: 'en-GB' })).toBe('2026-03-12');
  });

  it('does not read 12 March out of a longer number or a version', () => {
    for (const quote of ['v1.12/03', '2.12/03', '12/03/1', '12/034', '112/03']) {
      expect(resolve(quote, { locale: 'en-GB', modelDate: '2026-05-01' }), quote).not.toBe('2026-03-12');
    }
  });

  it('takes the first readable date in the quote', () => {
    expect(resolve('3-5 posts, live 12/03 or 20/03', { locale: 'en-GB' })).toBe('2026-03-12');
  });

  it("reads the message's day in the sender's own offset", () => {
    // 23:30 UTC on 4 March is already 5 March in Sydney (+11:00): "05/03" is that very day
    const lateEvening = Date.UTC(2026, 2, 4, 23, 30);
    expect(resolve('05/03', { locale: 'en-GB', messageSentAt: lateEvening, timezoneOffsetMinutes: 660 })).toBe('2026-03-05');
    // in UTC, 4 March: "04/03" is that day
    expect(resolve('04/03', { locale: 'en-GB', messageSentAt: lateEvening })).toBe('2026-03-04');
    // in Sydney it has passed, so it means next year
    expect(resolve('04/03', { locale: 'en-GB', messageSentAt: lateEvening, timezoneOffsetMinutes: 660 })).toBe('2027-03-04');
  });

  it('gives the model day when the message has no send time', () => {
    expect(resolve('tomorrow', { messageSentAt: Number.NaN, modelDate: '2026-05-01' })).toBe('2026-05-01');
  });
});

describe('resolveDate: named dates at their edges', () => {
  it('reads a weekday, a day and month, or a month and year, in other languages too', () => {
    expect(resolve('on Monday')).toBe('2026-03-09');
    expect(resolve('am 20. März')).toBe('2026-03-20');
    expect(resolve('el 20 de marzo')).toBe('2026-03-20');
  });

  it('reads "March 4" written on 4 March as that day, and a past day of the month next year', () => {
    expect(resolve('March 4')).toBe('2026-03-04');
    expect(resolve('March 3')).toBe('2027-03-03');
  });

  it('reads a month named with a year as its first day, or the model day in that month', () => {
    expect(resolve('in June 2027')).toBe('2027-06-01');
    expect(resolve('in June 2027', { modelDate: '2027-06-20' })).toBe('2027-06-20');
    expect(resolve('in June 2027', { modelDate: '2026-06-20' })).toBe('2027-06-01');
    expect(resolve('in June', { modelDate: '2026-07-06' })).toBe('2026-06-01');
  });

  it('takes nothing from a quote that only names a time', () => {
    expect(resolve('at 5pm', { modelDate: '2026-05-01' })).toBe('2026-05-01');
    expect(resolve('at 5pm')).toBeNull();
    expect(resolve('   ', { modelDate: '2026-05-01' })).toBe('2026-05-01');
  });
});

describe('sortUpcoming and nextDate at the turn of the day', () => {
  it('counts today as upcoming from midnight UTC to the last millisecond', () => {
    const dates = [{ date: '2026-03-10' }, { date: '2026-03-09' }, { date: '2026-03-11' }];
    expect(nextDate(dates, Date.UTC(2026, 2, 10, 0, 0, 0, 0))).toEqual({ date: '2026-03-10' });
    expect(nextDate(dates, Date.UTC(2026, 2, 10, 23, 59, 59, 999))).toEqual({ date: '2026-03-10' });
    expect(nextDate(dates, Date.UTC(2026, 2, 11, 0, 0, 0, 0))).toEqual({ date: '2026-03-11' });
    expect(nextDate(dates, Date.UTC(2026, 2, 12))).toBeNull();
  });

  it('keeps equal days together and in their order', () => {
    const dates = [
      { date: '2026-03-20', kind: 'a' },
      { date: '2026-03-12', kind: 'b' },
      { date: '2026-03-20', kind: 'c' },
      { date: '2026-03-01', kind: 'd' },
      { date: '2026-03-05', kind: 'e' },
      { date: '2026-03-01', kind: 'f' },
    ];
    expect(sortUpcoming(dates, Date.UTC(2026, 2, 10)).map((entry) => entry.kind)).toEqual(['b', 'a', 'c', 'e', 'd', 'f']);
  });
});

describe('resolveDate: the fallback parsers read whole words only', () => {
  it.each([
    ['we go live on the launch', null],
    ['send it to me when ready', null],
    ['le 3 décembre', '2026-12-03'],
    ['am Freitag', '2026-12-04'],
    ['金曜日にお願いします', '2026-12-04'],
    ['mån 7 dec', '2026-12-07'],
  ] as const)('%s → %s', (quote, day) => {
    expect(resolveDate({ quote, modelDate: null, messageSentAt: Date.parse('2026-11-28T10:00:00Z'), locale: 'en-GB' })).toBe(day);
  });
});
