import { describe, expect, it } from 'vitest';
import { dateOrder, localeDateOrder, nextDate, resolveDate, senderEvidence, sortUpcoming } from './dates';

// Wednesday 4 March 2026, 10:00 UTC
const WEDNESDAY = Date.UTC(2026, 2, 4, 10);
// Saturday 7 March 2026
const SATURDAY = Date.UTC(2026, 2, 7, 10);
const none = { phones: [], domains: [] };
const resolve = (quote: string, extra: Partial<Parameters<typeof resolveDate>[0]> = {}) =>
  resolveDate({ quote, modelDate: null, messageSentAt: WEDNESDAY, locale: 'en-US', senderEvidence: none, ...extra });

describe('resolveDate: relative expressions', () => {
  it("reads them against the message's date, not today", () => {
    expect(resolve('can we do next Friday?', { messageSentAt: SATURDAY })).toBe('2026-03-13');
    expect(resolve('tomorrow works')).toBe('2026-03-05');
    expect(resolve('in two weeks')).toBe('2026-03-18');
    expect(resolve('draft by Friday')).toBe('2026-03-06');
  });

  it('ignores the model when the quote can be read', () => {
    expect(resolve('tomorrow works', { modelDate: '2026-05-01' })).toBe('2026-03-05');
  });

  it('reads a month and day forward from the message, the same day included', () => {
    expect(resolve('live on March 20')).toBe('2026-03-20');
    expect(resolve('live on March 4')).toBe('2026-03-04');
    expect(resolve('live on March 1')).toBe('2027-03-01');
    expect(resolve('going live May 5th, 2027')).toBe('2027-05-05');
    expect(resolve('le 12 mars')).toBe('2026-03-12');
  });
});

describe('resolveDate: ambiguous numeric dates', () => {
  const uk = (phones: string[], domains: string[]) => ({ phones, domains });

  it('reads 12/03 day-first from a UK sender (phone or .co.uk domain)', () => {
    expect(resolve('the post goes live 12/03', { senderEvidence: uk(['+44'], ['gmail.com']) })).toBe('2026-03-12');
    expect(resolve('the post goes live 12/03', { senderEvidence: uk([], ['talentco.co.uk']) })).toBe('2026-03-12');
  });

  it('reads 12/03 month-first from a US sender', () => {
    expect(resolve('the post goes live 12/03', { senderEvidence: uk(['+1'], []) })).toBe('2026-12-03');
    expect(resolve('the post goes live 12/03', { senderEvidence: uk([], ['talent.us']) })).toBe('2026-12-03');
  });

  it("uses the agency's locale without evidence", () => {
    expect(resolve('12/03')).toBe('2026-12-03');
    expect(resolve('12/03', { locale: 'en-GB' })).toBe('2026-03-12');
    expect(resolve('12/03', { locale: 'de-DE' })).toBe('2026-03-12');
    // a .com says nothing about where someone is
    expect(resolve('12/03', { locale: 'en-GB', senderEvidence: uk([], ['gmail.com']) })).toBe('2026-03-12');
  });

  it('prefers the phone to the domain', () => {
    expect(resolve('12/03', { senderEvidence: uk(['+33'], ['studio.us']) })).toBe('2026-03-12');
  });

  it('reads dotted and dashed dates with a year', () => {
    expect(resolve('am 12.03.2026', { senderEvidence: uk(['+49'], []) })).toBe('2026-03-12');
    expect(resolve('12.03.2026')).toBe('2026-12-03');
    expect(resolve('12-03-26', { locale: 'en-GB' })).toBe('2026-03-12');
  });

  it('takes the only possible reading of an unambiguous date', () => {
    expect(resolve('31/03')).toBe('2026-03-31');
    expect(resolve('3/31', { locale: 'en-GB' })).toBe('2026-03-31');
  });

  it('moves a year-less date that has passed to the next year', () => {
    expect(resolve('02/03', { locale: 'en-GB' })).toBe('2027-03-02');
  });

  it('does not take a time or a range for a date', () => {
    expect(resolve('at 10.30 am', { modelDate: '2026-03-05' })).toBe('2026-03-05');
    expect(resolve('March 3-5')).toBe('2027-03-03');
  });
});

describe('resolveDate: falling back to the model', () => {
  it("uses the model's date when the quote has no readable date", () => {
    expect(resolve('once the product arrives', { modelDate: '2026-04-02' })).toBe('2026-04-02');
  });

  it('rejects a model date that is not a real day', () => {
    expect(resolve('once the product arrives', { modelDate: '2026-02-30' })).toBeNull();
    expect(resolve('once the product arrives', { modelDate: 'soon' })).toBeNull();
    expect(resolve('once the product arrives')).toBeNull();
  });

  it("uses the model's day for a month named without a day", () => {
    expect(resolve('sometime in June', { modelDate: '2026-06-15' })).toBe('2026-06-15');
    expect(resolve('sometime in June', { modelDate: '2026-09-15' })).toBe('2026-06-01');
  });
});

describe('senderEvidence', () => {
  it('finds international phone prefixes and the sender domain', () => {
    const text = 'Thanks!\n--\nJane Doe | TalentCo\nM: +44 7700 900123\nOffice: 0033 1 23 45 67 89';
    expect(senderEvidence(text, 'Jane <jane@talentco.co.uk>')).toEqual({ phones: ['+44', '+33'], domains: ['talentco.co.uk'] });
  });

  it('recognises a North American number and a 3-digit prefix', () => {
    expect(senderEvidence('Call me at (212) 555-0123', 'sam@gmail.com').phones).toEqual(['+1']);
    expect(senderEvidence('WhatsApp +353 87 123 4567', 'x@y.ie').phones).toEqual(['+353']);
  });

  it('ignores amounts and dates', () => {
    expect(senderEvidence('Rate is $2,500 + VAT, live 12/03/2026', 'a@b.com')).toEqual({ phones: [], domains: ['b.com'] });
  });
});

describe('dateOrder and localeDateOrder', () => {
  it('reads evidence and locales', () => {
    expect(dateOrder({ phones: ['+61'], domains: [] }, 'en-US')).toBe('day_first');
    expect(dateOrder({ phones: ['+1', '+44'], domains: ['x.fr'] }, 'en-US')).toBe('day_first');
    expect(dateOrder({ phones: ['+1', '+44'], domains: [] }, 'en-US')).toBe('month_first');
    expect(localeDateOrder('en-US')).toBe('month_first');
    expect(localeDateOrder('en-GB')).toBe('day_first');
    expect(localeDateOrder('fr')).toBe('day_first');
    expect(localeDateOrder('en')).toBe('month_first');
  });
});

describe('sortUpcoming and nextDate', () => {
  const now = Date.UTC(2026, 2, 10, 15);
  const dates = [{ date: '2026-03-01' }, { date: '2026-04-01' }, { date: '2026-03-10' }, { date: '2026-02-01' }, { date: '2026-03-20' }];

  it('lists upcoming days soonest first (today included), then past ones most recent first', () => {
    expect(sortUpcoming(dates, now).map((d) => d.date)).toEqual(['2026-03-10', '2026-03-20', '2026-04-01', '2026-03-01', '2026-02-01']);
  });

  it('gives the soonest upcoming day, or null when all have passed', () => {
    expect(nextDate(dates, now)).toEqual({ date: '2026-03-10' });
    expect(nextDate([{ date: '2026-03-01' }], now)).toBeNull();
    expect(nextDate([], now)).toBeNull();
  });
});
