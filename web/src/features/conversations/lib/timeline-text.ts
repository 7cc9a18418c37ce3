/**
 * The talent timeline's words. The product spec does not cover this screen, so none of these
 * strings is quoted from it ("not in spec" throughout).
 */
import type { AttributionReason, AutoReplyKind } from '../../../../../shared/schemas/conversations';

export const timelineText = {
  title: (talent: string) => talent,
  subtitle: 'Every campaign this talent is part of, with the mail behind it',
  loadFailed: 'Failed to load conversations',
  loadDetailFailed: 'Failed to load the message timeline',
  notFound: 'No conversations for this talent yet.',
  notFoundHint: 'Add the talent as a contact of a campaign, then process their mail.',
  campaigns: 'Campaigns',
  campaignsLabel: 'Campaigns of this talent',
  noCampaign: 'No campaign',
  whoseTurn: 'Whose turn',
  nobodysTurn: 'Nobody yet',
  since: (when: string) => `since ${when}`,
  summary: 'Summary',
  noSummary: 'No summary yet.',
  attribution: 'Why this conversation is theirs',
  campaignNotConfirmed: 'Campaign not confirmed',
  campaignNotConfirmedHint: 'The talent is in several campaigns and the mail names none of them.',
  keyDates: 'Key dates',
  noDates: 'No key dates.',
  fees: 'Fees',
  noFees: 'No fees.',
  vat: { included: 'VAT included', excluded: 'plus VAT', unknown: '' },
  failuresTitle: 'Some of this conversation could not be read',
  messages: 'Messages',
  messageCount: (count: number) => `${count} message${count === 1 ? '' : 's'}`,
  noMessages: 'No messages yet.',
  noMessageSummary: 'No summary for this message.',
  intent: 'Intent',
  threads: 'Threads',
  /** "Open in Gmail: Re: Holiday Glam brief · maya@": the thread's subject, then whose mailbox holds it */
  openInGmail: (mailbox: string, subject = '') => {
    const at = mailbox.indexOf('@');
    const owner = at > 0 ? mailbox.slice(0, at + 1) : mailbox;
    return subject.trim() ? `Open in Gmail: ${subject.trim()} · ${owner}` : `Open in Gmail · ${owner}`;
  },
  openMessageInGmail: (mailbox: string) => `Open message in Gmail (${mailbox})`,
  onlyOwnerCanOpen: (mailbox: string) => `Only ${mailbox} can open this thread`,
  backTo: { board: 'Back to the board', queues: 'Back to queues', contacts: 'Back to contacts', dashboard: 'Back to dashboard' },
  why: 'Why this status',
  whyStatus: 'Status',
  whyTurn: 'Whose turn',
  whyFee: 'Latest fee',
  whyNothing: 'No message has set this yet.',
  whyByPerson: (when: string) => (when ? `Set by a person on ${when}` : 'Set by a person'),
  whyMessage: (from: string, when: string) => [from || 'Unknown sender', when].filter(Boolean).join(' · '),
} as const;

export const ATTRIBUTION_TEXT: Readonly<Record<AttributionReason, string>> = {
  talent_address: "The talent's own address is on the mail",
  manager_named: "The talent's manager wrote and named the talent",
  manager_only: "Only the talent's manager wrote (they manage no other tracked talent)",
  assigned: 'Assigned by a person',
  none: 'Not attributed yet',
};

export const AUTO_REPLY_TEXT: Readonly<Record<Exclude<AutoReplyKind, 'none'>, string>> = {
  auto_reply: 'Auto-reply',
  bounce: 'Bounce',
};

const FAILURE_PURPOSES: Readonly<Record<string, string>> = {
  thread_summary: 'Thread summary',
  individual_message_summary: 'Message summary',
  message_analysis: 'Message summary',
  date_validation: 'Date extraction',
  campaign_aggregation: 'Campaign summary',
};

/** "Message summary" for a known purpose; the raw purpose (underscores as spaces) otherwise. */
export const failurePurpose = (purpose: string): string => FAILURE_PURPOSES[purpose] ?? (purpose.replace(/_/g, ' ') || 'Processing');

export const correctionText = {
  open: 'Correct',
  close: 'Close corrections',
  title: 'Corrections',
  hint: 'What you set here is kept, whatever later mail says. "Reset to automatic" hands a field back.',
  status: 'Status',
  whoseTurn: 'Whose turn',
  turnPlaceholder: 'Nobody yet',
  dates: 'Key dates',
  addDate: 'Add date',
  removeDate: (index: number) => `Remove date ${index + 1}`,
  date: 'Date',
  kind: 'Kind',
  quote: 'Quote (optional)',
  fees: 'Fees',
  addFee: 'Add fee',
  removeFee: (index: number) => `Remove fee ${index + 1}`,
  amount: 'Amount',
  currency: 'Currency',
  unit: 'Unit',
  vat: 'VAT',
  vatOptions: { included: 'Included', excluded: 'Not included', unknown: 'Not stated' },
  state: 'State',
  save: 'Save corrections',
  saving: 'Saving...',
  cancel: 'Cancel',
  resetToAutomatic: 'Reset to automatic',
  resetLabel: (field: string) => `Reset ${field.toLowerCase()} to automatic`,
  savedTitle: 'Corrections Saved',
  saved: (talent: string, campaign: string) => `Saved for ${talent} in ${campaign}`,
  resetTitle: 'Reset to Automatic',
  reset: (field: string) => `${field} is read from the mail again`,
  failedTitle: 'Correction Failed',
  failed: 'Failed to save the correction',
  noDates: 'No key dates. Add one below.',
  noFees: 'No fees. Add one below.',
} as const;
