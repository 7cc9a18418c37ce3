import type { CalendarKind, FunnelAsideJson, FunnelStep } from '../../../../../shared/schemas/reports';

/** The report page's words (the spec has none for it yet). */
export const reportText = {
  title: 'Report',
  tabs: 'Campaign views',
  table: 'Table',
  pipeline: 'Pipeline',
  loadFailed: 'Could not load the campaign report',
  retry: 'Try again',
  print: 'Print',
  downloadCsv: 'Download CSV',
  generatedAt: (when: string) => `Figures as of ${when}`,
  funnel: 'Funnel',
  funnelChart: (steps: string) => `Funnel: ${steps}`,
  step: 'Step',
  talents: 'Talents',
  ofPrevious: 'Of previous step',
  ofList: 'Of list',
  ofContacted: 'Of contacted',
  beside: 'Beside the funnel',
  replyRate: 'Reply rate',
  medianFirstReply: 'Median time to first reply',
  medianAgreement: 'Median time to agreement',
  hours: (value: number) => `${value.toFixed(1)} hours`,
  days: (value: number) => `${value.toFixed(1)} days`,
  notAvailable: 'Not available',
  spend: 'Spend',
  spendChart: (parts: string) => `Agreed and open fees by currency: ${parts}`,
  currency: 'Currency',
  agreed: 'Agreed',
  open: 'Quoted, open',
  budget: 'Budget',
  noBudget: 'No budget set for this campaign.',
  budgetLine: (budget: string, remaining: string) => `Budget ${budget}: ${remaining} left after agreed fees.`,
  outsideBudget: (amounts: string) => `Agreed in other currencies, not set against the budget: ${amounts}.`,
  talent: 'Talent',
  status: 'Status',
  fee: 'Fee',
  state: 'State',
  noFees: 'No fees quoted or agreed yet.',
  calendar: 'Key dates',
  week: 'Week',
  weekOf: (week: string, monday: string) => `${week} · week of ${monday}`,
  date: 'Date',
  kind: 'Kind',
  overdue: 'Overdue',
  noDates: 'No go-live, draft or embargo dates yet.',
  responsiveness: 'Waiting on a reply',
  mailbox: 'Mailbox',
  noMailbox: 'No mailbox',
  needsReply: 'Needs reply',
  oldestWaiting: 'Oldest waiting',
  nobodyWaiting: 'Nobody is waiting on a reply.',
  viewRows: (label: string) => `Show the rows behind ${label} on the board`,
} as const;

export const STEP_LABELS: Readonly<Record<FunnelStep, string>> = {
  in_list: 'In list',
  contacted: 'Contacted',
  replied: 'Replied',
  negotiating: 'Negotiating',
  confirmed: 'Confirmed',
};

export const ASIDE_LABELS: Readonly<Record<FunnelAsideJson['aside'], string>> = {
  declined: 'Declined',
  no_reply: 'No reply',
};

export const CALENDAR_KIND_LABELS: Readonly<Record<CalendarKind, string>> = {
  go_live: 'Go live',
  draft_due: 'Draft due',
  embargo: 'Embargo',
};

/** "62%" (whole percent); "–" when there is no base to take a share of. */
export const formatRate = (rate: number | null): string => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

/** The board's link for a figure: `/campaigns/:id` with the figure's filter. */
export const boardHref = (campaignId: string, boardQuery: string): string => `/campaigns/${encodeURIComponent(campaignId)}${boardQuery ? `?${boardQuery}` : ''}`;
