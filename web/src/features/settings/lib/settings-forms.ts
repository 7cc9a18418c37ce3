import { monitoringConfigBody, processingLimitsBody } from '../../../../../shared/schemas/settings';
import type { SelectOption } from '../../../components/ui/select';
import { z } from '../../../lib/zod';
import type { MonitoringSettings, ProcessingLimitsSettings } from '../api/settings-types';
import { settingsText as text } from '../messages';

/**
 * The settings forms' rules: each field goes through the server's own rule for it (the shared
 * schemas' bounds and formats, so the form refuses exactly what a save would be refused for),
 * with the screen's words in place of the API's message.
 */
const sharedRule = <T>(rule: z.ZodType<T | undefined>, message: string, read: (raw: string) => unknown = (raw) => raw) =>
  z.string().transform((raw, ctx): T => {
    const parsed = rule.safeParse(read(raw));
    if (parsed.success && parsed.data !== undefined) return parsed.data;
    ctx.issues.push({ code: 'custom', message, input: raw });
    return z.NEVER;
  });

/** Typed digits as a number; anything else (blank, "3 days", "1e1") as NaN, which every number rule refuses. */
const readNumber = (raw: string): number => (/^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN);

const limits = processingLimitsBody.shape;

export const regionalFormSchema = z.object({
  follow_up_after_days: sharedRule(limits.follow_up_after_days, text.followUpInvalid, readNumber),
  agency_locale: sharedRule(limits.agency_locale, text.localeInvalid),
  default_currency: sharedRule(limits.default_currency, text.currencyInvalid),
});
export type RegionalFormValues = z.input<typeof regionalFormSchema>;
export type RegionalFormOutput = z.output<typeof regionalFormSchema>;
export type RegionalSettings = Pick<ProcessingLimitsSettings, keyof RegionalFormOutput>;

export const regionalFormValues = (saved: RegionalSettings): RegionalFormValues => ({
  follow_up_after_days: String(saved.follow_up_after_days),
  agency_locale: saved.agency_locale,
  default_currency: saved.default_currency,
});

export const checkIntervalFormSchema = z.object({
  check_interval_minutes: sharedRule(monitoringConfigBody.shape.check_interval_minutes, text.intervalInvalid, readNumber),
});
export type CheckIntervalFormValues = z.input<typeof checkIntervalFormSchema>;
export type CheckIntervalFormOutput = z.output<typeof checkIntervalFormSchema>;

export const checkIntervalFormValues = (saved: Pick<MonitoringSettings, 'check_interval_minutes'>): CheckIntervalFormValues => ({
  check_interval_minutes: String(saved.check_interval_minutes),
});

/** The fields whose value differs from what is saved: a save sends only those. */
export const changedFields = <T extends object>(next: T, saved: T): Partial<T> =>
  Object.fromEntries(Object.entries(next).filter(([key, value]) => saved[key as keyof T] !== value)) as Partial<T>;

/** Agency locales offered (where talent agencies commonly work); a saved one not listed is kept as an option. */
const LOCALE_CHOICES = [
  'en-GB', 'en-US', 'en-AU', 'en-CA', 'en-IE', 'en-NZ', 'en-IN', 'en-SG', 'en-ZA',
  'de-DE', 'es-ES', 'es-MX', 'fr-FR', 'it-IT', 'nl-NL', 'pl-PL', 'pt-BR', 'pt-PT', 'sv-SE', 'da-DK', 'nb-NO',
] as const;

const CURRENCY_CHOICES = [
  'GBP', 'USD', 'EUR', 'AUD', 'CAD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'INR', 'SGD', 'ZAR', 'AED', 'BRL', 'MXN', 'JPY',
] as const;

const displayName = (type: 'language' | 'currency', code: string): string | undefined => {
  try {
    const name = new Intl.DisplayNames(['en'], { type, languageDisplay: 'standard' }).of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
};

const withCurrent = (choices: readonly string[], current: string) => (current && !choices.includes(current) ? [...choices, current] : [...choices]);

/** "English (United Kingdom) · en-GB", sorted by name. */
export const localeOptions = (current: string): SelectOption[] =>
  withCurrent(LOCALE_CHOICES, current)
    .map((code) => {
      const name = displayName('language', code);
      return { value: code, label: name ? `${name} · ${code}` : code };
    })
    .sort((a, b) => a.label.localeCompare(b.label));

/** "GBP · British Pound", in the listed order. */
export const currencyOptions = (current: string): SelectOption[] =>
  withCurrent(CURRENCY_CHOICES, current).map((code) => {
    const name = displayName('currency', code);
    return { value: code, label: name ? `${code} · ${name}` : code };
  });
