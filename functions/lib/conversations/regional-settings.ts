import type { Settings } from '../settings/store';

/**
 * The agency's locale (reads ambiguous dates like 12/03 when the sender gives no hint) and its
 * default currency (an amount written without one): processing-limits settings.
 */
export const agencyLocale = (settings: Settings): string => settings.processing_limits.agency_locale;
export const agencyCurrency = (settings: Settings): string => settings.processing_limits.default_currency;
