import { PRODUCT_NAME } from '../../../../shared/messages';

/**
 * Dashboard strings the spec leaves unquoted: what the monitoring reads (the agency's connected
 * mailboxes), the prompt to connect one's own mailbox, and models that retire soon. Everything
 * the spec quotes comes from shared/messages.ts. All "not in spec".
 */
export const dashboardText = {
  mailboxesConnected: (count: number) => `${count} ${count === 1 ? 'mailbox' : 'mailboxes'} connected`,
  /** "No mailbox connected: connect yours in Settings", with Settings a link. */
  noMailbox: { before: 'No mailbox connected: connect yours in ', link: 'Settings' },
  connectPrompt: {
    title: 'Connect your mailbox',
    text: `${PRODUCT_NAME} reads only the mailboxes their owners connect, so your outreach mail is not tracked yet. In Settings → Connected mailboxes, tick the consent box and choose "Connect my mailbox".`,
    action: 'Open Connected mailboxes',
  },
  retiring: {
    title: 'AI model retiring soon',
    line: (model: string, day: string, successor: string) => `${model} retires on ${day}: ${PRODUCT_NAME} will use ${successor} from then.`,
    action: 'Choose a model',
  },
  typedRange: {
    label: 'Or type or paste a range',
    placeholder: '2026-01-01 – 2026-03-31',
    unreadable: 'Type two dates as yyyy-MM-dd, e.g. 2026-01-01 – 2026-03-31',
    future: 'Only past mail can be processed: end the range today or earlier',
    presets: 'Quick ranges',
    preset: { last7: 'Last 7 days', last30: 'Last 30 days', last90: 'Last 90 days', thisQuarter: 'This quarter', last12Months: 'Last 12 months' },
  },
} as const;
