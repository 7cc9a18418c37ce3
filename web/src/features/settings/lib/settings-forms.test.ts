import { describe, expect, it } from 'vitest';
import { monitoringConfigBody, processingLimitsBody } from '../../../../../shared/schemas/settings';
import { changedFields, checkIntervalFormSchema, currencyOptions, localeOptions, regionalFormSchema } from './settings-forms';

const regional = (changes: Partial<Record<'follow_up_after_days' | 'agency_locale' | 'default_currency', string>>) =>
  regionalFormSchema.safeParse({ follow_up_after_days: '3', agency_locale: 'en-GB', default_currency: 'GBP', ...changes });
const messageOf = (result: ReturnType<typeof regional>) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('settings forms: the server\'s rules, the screen\'s words', () => {
  it('reads a valid form into the values a save sends (the shared schema\'s transforms included)', () => {
    expect(regional({ follow_up_after_days: ' 14 ', default_currency: 'gbp' }).data).toEqual({ follow_up_after_days: 14, agency_locale: 'en-GB', default_currency: 'GBP' });
  });

  it('refuses what the server refuses, at the same bounds, with the screen\'s message', () => {
    for (const days of ['0', '61', '2.5', '', 'three', '1e1']) {
      expect(messageOf(regional({ follow_up_after_days: days })), days).toEqual([['follow_up_after_days', 'Enter a whole number of days from 1 to 60']]);
    }
    // The bounds are the shared schema's: 1 and 60 pass there and here.
    expect(processingLimitsBody.safeParse({ follow_up_after_days: 60 }).success).toBe(true);
    expect(regional({ follow_up_after_days: '60' }).success).toBe(true);
    expect(regional({ follow_up_after_days: '1' }).success).toBe(true);
    expect(messageOf(regional({ agency_locale: 'english' }))).toEqual([['agency_locale', 'Choose a locale such as en-GB or en-US']]);
    expect(messageOf(regional({ default_currency: 'pounds' }))).toEqual([['default_currency', 'Choose a 3-letter currency code such as GBP or USD']]);
  });

  it('bounds the check interval by the monitoring schema (2 to 1440 minutes)', () => {
    const interval = (value: string) => checkIntervalFormSchema.safeParse({ check_interval_minutes: value });
    expect(interval('2').data).toEqual({ check_interval_minutes: 2 });
    expect(interval('1440').data).toEqual({ check_interval_minutes: 1440 });
    for (const value of ['1', '1441', '']) expect(interval(value).error?.issues[0]?.message, value).toBe('Enter a whole number of minutes from 2 to 1440');
    expect(monitoringConfigBody.safeParse({ check_interval_minutes: 1441 }).success).toBe(false);
  });

  it('sends only the fields that changed', () => {
    expect(changedFields({ follow_up_after_days: 3, agency_locale: 'en-GB', default_currency: 'GBP' }, { follow_up_after_days: 3, agency_locale: 'en-US', default_currency: 'GBP' })).toEqual({
      agency_locale: 'en-GB',
    });
  });

  it('offers locales and currencies by name, keeping a stored one that is not listed', () => {
    expect(localeOptions('en-GB').find((option) => option.value === 'en-GB')?.label).toBe('English (United Kingdom) · en-GB');
    expect(localeOptions('ga-IE').find((option) => option.value === 'ga-IE')?.label).toBe('Irish (Ireland) · ga-IE');
    expect(currencyOptions('GBP')[0]).toEqual({ value: 'GBP', label: 'GBP · British Pound' });
    expect(currencyOptions('ISK').at(-1)).toEqual({ value: 'ISK', label: 'ISK · Icelandic Króna' });
  });
});
