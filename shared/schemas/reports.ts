/**
 * The campaign report (GET /api/v3/campaigns/{id}/report): the funnel, the spend, the go-live
 * calendar and who owes replies, computed on the server from the board's rows. Every figure
 * carries `board_query`, the campaign board's URL query that shows the rows behind it
 * (`/campaigns/:id?{board_query}`). No Node imports: the web parses its answers with it.
 */
import * as z from 'zod';
import { CONVERSATION_STATUSES, DATE_KINDS, FEE_STATES, FEE_UNITS } from './conversations';

export const FUNNEL_STEPS = ['in_list', 'contacted', 'replied', 'negotiating', 'confirmed'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Outside the funnel's line: those who said no, and those written to who have not answered. */
export const FUNNEL_ASIDES = ['declined', 'no_reply'] as const;

/** The key dates the calendar shows. */
export const CALENDAR_KINDS = ['go_live', 'draft_due', 'embargo'] as const satisfies readonly (typeof DATE_KINDS)[number][];
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

const boardQuery = z.string();
/** a share of 0–1, or null when the base is 0 (no rate of nothing) */
const rate = z.number().min(0).max(1).nullable();

export const funnelStepJson = z.object({
  step: z.enum(FUNNEL_STEPS),
  count: z.number().int().nonnegative(),
  /** of the step before (null for the first step or a base of 0) */
  rate_from_previous: rate,
  /** of everyone in the list */
  rate_from_list: rate,
  board_query: boardQuery,
});
export type FunnelStepJson = z.infer<typeof funnelStepJson>;

export const funnelAsideJson = z.object({
  aside: z.enum(FUNNEL_ASIDES),
  count: z.number().int().nonnegative(),
  /** of those contacted */
  rate_from_contacted: rate,
  board_query: boardQuery,
});
export type FunnelAsideJson = z.infer<typeof funnelAsideJson>;

export const moneyJson = z.object({ amount: z.number(), currency: z.string().length(3) });
export type MoneyJson = z.infer<typeof moneyJson>;

/** One talent's latest fee, as the board shows it. */
export const talentSpendJson = z.object({
  conversation_id: z.string(),
  contact_email: z.string(),
  talent_name: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  amount: z.number(),
  currency: z.string().length(3),
  unit: z.enum(FEE_UNITS),
  state: z.enum(FEE_STATES),
  /** agreed (agreed or invoiced) or still open (quoted or countered, not declined) */
  kind: z.enum(['agreed', 'open']),
});
export type TalentSpendJson = z.infer<typeof talentSpendJson>;

export const currencyTotalJson = z.object({
  currency: z.string().length(3),
  agreed: z.number(),
  open: z.number(),
  agreed_count: z.number().int().nonnegative(),
  open_count: z.number().int().nonnegative(),
});
export type CurrencyTotalJson = z.infer<typeof currencyTotalJson>;

export const spendJson = z.object({
  /** the agency's currency (Settings, default currency) */
  agency_currency: z.string().length(3),
  /**
   * Whether totals are converted into the agency's currency. Only rates the agency sets are
   * used, never fetched ones; until it can set them, totals stay per currency.
   */
  converted: z.boolean(),
  /** why the totals are not converted ('' when they are) */
  conversion_note: z.string(),
  by_currency: z.array(currencyTotalJson),
  talents: z.array(talentSpendJson),
  budget: moneyJson.nullable(),
  /** the budget less the agreed spend in the budget's currency (null without a budget) */
  budget_remaining: z.number().nullable(),
  /** agreed spend in other currencies, not set against the budget for want of rates */
  agreed_outside_budget: z.array(moneyJson),
  board_query: boardQuery,
});
export type SpendJson = z.infer<typeof spendJson>;

export const calendarEntryJson = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  kind: z.enum(CALENDAR_KINDS),
  conversation_id: z.string(),
  contact_email: z.string(),
  talent_name: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  /** the day has passed (the record keeps no mark that the post went live or the draft came) */
  overdue: z.boolean(),
});

export const calendarWeekJson = z.object({
  /** ISO 8601 week, "2026-W05" */
  week: z.string().regex(/^\d{4}-W\d{2}$/),
  /** the week's Monday */
  starts_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  entries: z.array(calendarEntryJson),
});
export type CalendarWeekJson = z.infer<typeof calendarWeekJson>;

export const mailboxWaitJson = z.object({
  /** the staff mailbox holding the latest thread; '' when the conversation has no thread copy */
  mailbox: z.string(),
  needs_reply: z.number().int().nonnegative(),
  /** when the oldest waiting talent's turn handed over to the agency */
  oldest_waiting_since: z.string().nullable(),
  oldest_contact_email: z.string().nullable(),
  oldest_talent_name: z.string().nullable(),
  /** the board cannot filter by mailbox: this shows every needs-reply row of the campaign */
  board_query: boardQuery,
});
export type MailboxWaitJson = z.infer<typeof mailboxWaitJson>;

export const campaignReportJson = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  /** the moment the figures were computed for (overdue and waiting are relative to it) */
  generated_at: z.string(),
  funnel: z.array(funnelStepJson),
  asides: z.array(funnelAsideJson),
  /** answered (any status past Awaiting reply) of those contacted */
  reply_rate: rate,
  reply_rate_board_query: boardQuery,
  /**
   * Median hours to the first reply and days to agreement: null until the conversation record
   * keeps when it was first written, first answered and agreed (`timing_note` says so).
   */
  median_hours_to_first_reply: z.number().nullable(),
  median_days_to_agreement: z.number().nullable(),
  timing_note: z.string(),
  spend: spendJson,
  calendar: z.array(calendarWeekJson),
  responsiveness: z.array(mailboxWaitJson),
});
export type CampaignReportJson = z.infer<typeof campaignReportJson>;

export const campaignReportResponse = z.object({ success: z.literal(true), report: campaignReportJson });
