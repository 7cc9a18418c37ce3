import { FOLLOW_UP_AFTER_DAYS_RANGE } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { MONITORING_RANGES } from '../../../../shared/schemas/settings';

const interval = MONITORING_RANGES.check_interval_minutes;
const followUp = FOLLOW_UP_AFTER_DAYS_RANGE;

/**
 * Settings strings the spec leaves unquoted (it lists only oldest_scan_days of processing_limits
 * and does not show monitoring_config): the follow-up, locale and currency fields and the
 * mailboxes' check interval. Everything the spec quotes comes from shared/messages.ts. All "not in spec".
 */
export const settingsText = {
  followUpLabel: 'Follow up after (days)',
  followUpHint: `A conversation that has waited this many days for the talent's reply moves to the Follow up queue (${followUp.min} to ${followUp.max} days).`,
  followUpInvalid: `Enter a whole number of days from ${followUp.min} to ${followUp.max}`,
  localeLabel: "Agency's locale",
  localeHint: "Dates like 12/03 in mail are read as 12 March (UK) or December 3 (US) by this locale, unless the sender's phone number or mail domain says which.",
  localeInvalid: 'Choose a locale such as en-GB or en-US',
  currencyLabel: 'Default currency',
  currencyHint: 'An amount written without a currency, such as "3k", is read in this currency unless the thread has named one.',
  currencyInvalid: 'Choose a 3-letter currency code such as GBP or USD',
  regionalHeading: 'Follow-up and regional settings',
  saveRegional: 'Save follow-up and regional settings',
  savedTitle: 'Settings Saved',
  regionalSavedMessage: 'Follow-up, locale and currency saved',
  intervalLabel: 'Check for new mail every (minutes)',
  intervalHint: `How often a mailbox without Gmail push is checked for new mail (${interval.min} to ${interval.max} minutes). With push, new mail arrives within seconds.`,
  intervalInvalid: `Enter a whole number of minutes from ${interval.min} to ${interval.max}`,
  intervalStated: (minutes: number) => `Mailboxes without Gmail push are checked for new mail every ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  intervalOwnersOnly: `${messages.roles.ownerOnly.monitoringInterval}.`,
  saveInterval: 'Save check interval',
  intervalSaved: (minutes: number) => `Mailboxes are now checked every ${minutes} minutes`,
  /** "Failed to save {section} settings" and the load banner's prefixes, with the sections the spec does not name. */
  saveSectionNames: { ...messages.settings.saveSectionNames, processing_limits_regional: 'follow-up and regional', monitoring_config: 'mail check' },
  loadPartNames: { ...messages.settings.loadPartNames, monitoring_config: 'Mail checks' },
} as const;
