import { needsReply } from '../../../../shared/conversation-status';
import { CONVERSATION_STATUSES, type ConversationJson, type ConversationStatus } from '../../../../shared/schemas/conversations';
import {
  CALENDAR_KINDS,
  type CalendarKind,
  type CalendarWeekJson,
  type CampaignReportJson,
  type CurrencyTotalJson,
  type FunnelAsideJson,
  type FunnelStep,
  type FunnelStepJson,
  type MailboxWaitJson,
  type MoneyJson,
  type SpendJson,
  type TalentSpendJson,
} from '../../../../shared/schemas/reports';

/**
 * The campaign report, pure: the board's rows (read-model.ts, so status, fees and dates are the
 * ones the board shows, corrections applied) → the report's figures. `now` given.
 */

export type ReportInput = {
  campaign: { id: string; name: string; budget: MoneyJson | null };
  rows: readonly ConversationJson[];
  now: number;
  agencyCurrency: string;
};

// A funnel step counts every row that reached it or went further (Declined left the line).
const STEP_STATUSES: Readonly<Record<FunnelStep, readonly ConversationStatus[]>> = {
  in_list: CONVERSATION_STATUSES,
  contacted: ['awaiting_reply', 'replied', 'negotiating', 'confirmed', 'declined'],
  replied: ['replied', 'negotiating', 'confirmed'],
  negotiating: ['negotiating', 'confirmed'],
  confirmed: ['confirmed'],
};
const ANSWERED: readonly ConversationStatus[] = ['replied', 'negotiating', 'confirmed', 'declined'];
const NEEDS_REPLY_STATUSES = CONVERSATION_STATUSES.filter((status) => status !== 'declined');

/** The board's URL query for rows in these statuses ('' for all of them: no filter). */
export const statusQuery = (statuses: readonly ConversationStatus[]): string =>
  statuses.length === CONVERSATION_STATUSES.length ? '' : `status=${CONVERSATION_STATUSES.filter((status) => statuses.includes(status)).join(',')}`;

/** The needs-reply rows as the board can show them: the agency's turn, not Declined. */
export const NEEDS_REPLY_QUERY = `${statusQuery(NEEDS_REPLY_STATUSES)}&turn=agency`;

const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

export const funnelOf = (rows: readonly ConversationJson[]): { funnel: FunnelStepJson[]; asides: FunnelAsideJson[]; reply_rate: number | null } => {
  const counts = new Map<ConversationStatus, number>(CONVERSATION_STATUSES.map((status) => [status, 0]));
  for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  const sum = (statuses: readonly ConversationStatus[]) => statuses.reduce((total, status) => total + (counts.get(status) ?? 0), 0);
  const total = rows.length;
  const funnel: FunnelStepJson[] = [];
  for (const [step, statuses] of Object.entries(STEP_STATUSES) as [FunnelStep, readonly ConversationStatus[]][]) {
    const count = sum(statuses);
    const previous = funnel.at(-1);
    funnel.push({
      step,
      count,
      rate_from_previous: previous ? share(count, previous.count) : null,
      rate_from_list: share(count, total),
      board_query: statusQuery(statuses),
    });
  }
  const contacted = sum(STEP_STATUSES.contacted);
  const asides: FunnelAsideJson[] = [
    { aside: 'declined', count: sum(['declined']), rate_from_contacted: share(sum(['declined']), contacted), board_query: statusQuery(['declined']) },
    { aside: 'no_reply', count: sum(['awaiting_reply']), rate_from_contacted: share(sum(['awaiting_reply']), contacted), board_query: statusQuery(['awaiting_reply']) },
  ];
  return { funnel, asides, reply_rate: share(sum(ANSWERED), contacted) };
};

/** Sums in cents, so 0.1 + 0.2 adds up to 0.3 on the report. */
const addMoney = (a: number, b: number): number => Math.round((a + b) * 100) / 100;

export const spendOf = (rows: readonly ConversationJson[], budget: MoneyJson | null, agencyCurrency: string): SpendJson => {
  const talents: TalentSpendJson[] = [];
  for (const row of rows) {
    const fee = row.latest_fee;
    if (!fee || row.needs_assignment || !row.contact_email) continue;
    const agreed = fee.state === 'agreed' || fee.state === 'invoiced';
    // A quote from a talent who has since declined is no longer open.
    if (!agreed && row.status === 'declined') continue;
    talents.push({
      conversation_id: row.id,
      contact_email: row.contact_email,
      talent_name: row.talent_name,
      status: row.status,
      amount: fee.amount,
      currency: fee.currency.toUpperCase(),
      unit: fee.unit,
      state: fee.state,
      kind: agreed ? 'agreed' : 'open',
    });
  }
  talents.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'agreed' ? -1 : 1) || a.currency.localeCompare(b.currency) || b.amount - a.amount || a.talent_name.localeCompare(b.talent_name));
  const totals = new Map<string, CurrencyTotalJson>();
  for (const talent of talents) {
    const total = totals.get(talent.currency) ?? { currency: talent.currency, agreed: 0, open: 0, agreed_count: 0, open_count: 0 };
    if (talent.kind === 'agreed') {
      total.agreed = addMoney(total.agreed, talent.amount);
      total.agreed_count += 1;
    } else {
      total.open = addMoney(total.open, talent.amount);
      total.open_count += 1;
    }
    totals.set(talent.currency, total);
  }
  const byCurrency = [...totals.values()].sort((a, b) => (a.currency === agencyCurrency ? -1 : b.currency === agencyCurrency ? 1 : a.currency.localeCompare(b.currency)));
  const budgetCurrency = budget?.currency.toUpperCase();
  const agreedInBudget = budgetCurrency ? (totals.get(budgetCurrency)?.agreed ?? 0) : 0;
  const currencies = byCurrency.map((total) => total.currency);
  const mixed = currencies.some((currency) => currency !== agencyCurrency) || (budgetCurrency !== undefined && budgetCurrency !== agencyCurrency);
  return {
    agency_currency: agencyCurrency,
    converted: false,
    conversion_note: mixed ? `Totals are per currency: no exchange rates are set for this agency, so nothing is converted to ${agencyCurrency}.` : '',
    by_currency: byCurrency,
    talents,
    budget: budget ? { amount: budget.amount, currency: budgetCurrency! } : null,
    budget_remaining: budget ? addMoney(budget.amount, -agreedInBudget) : null,
    agreed_outside_budget: budget ? byCurrency.filter((total) => total.currency !== budgetCurrency && total.agreed > 0).map((total) => ({ amount: total.agreed, currency: total.currency })) : [],
    // Fees are the board's Fee column: sorted by it, highest first.
    board_query: 'sort=-fee',
  };
};

const DAY_MS = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The ISO 8601 week of a yyyy-MM-dd day and its Monday: weeks start Monday, week 1 holds the year's first Thursday. */
export const isoWeekOf = (day: string): { week: string; startsOn: string } => {
  const date = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(date).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = date - weekday * DAY_MS;
  const thursday = monday + 3 * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { week: `${year}-W${String(week).padStart(2, '0')}`, startsOn: isoDay(monday) };
};

const CALENDAR_SET = new Set<string>(CALENDAR_KINDS);

export const calendarOf = (rows: readonly ConversationJson[], now: number): CalendarWeekJson[] => {
  const today = isoDay(now);
  const weeks = new Map<string, CalendarWeekJson>();
  for (const row of rows) {
    // A declined talent's dates will not happen.
    if (row.status === 'declined' || !row.contact_email) continue;
    for (const date of row.dates) {
      if (!CALENDAR_SET.has(date.kind)) continue;
      const { week, startsOn } = isoWeekOf(date.date);
      const entry = weeks.get(week) ?? { week, starts_on: startsOn, entries: [] };
      entry.entries.push({
        date: date.date,
        kind: date.kind as CalendarKind,
        conversation_id: row.id,
        contact_email: row.contact_email,
        talent_name: row.talent_name,
        status: row.status,
        overdue: date.date < today,
      });
      weeks.set(week, entry);
    }
  }
  const sorted = [...weeks.values()].sort((a, b) => a.starts_on.localeCompare(b.starts_on));
  for (const week of sorted) week.entries.sort((a, b) => a.date.localeCompare(b.date) || a.talent_name.localeCompare(b.talent_name) || a.kind.localeCompare(b.kind));
  return sorted;
};

/** Who owes replies: the needs-reply rows by the staff mailbox holding the latest thread. */
export const responsivenessOf = (rows: readonly ConversationJson[]): MailboxWaitJson[] => {
  const byMailbox = new Map<string, MailboxWaitJson>();
  for (const row of rows) {
    if (!needsReply({ whoseTurn: row.whose_turn, status: row.status })) continue;
    const mailboxes = [...new Set(row.threads.map((thread) => thread.mailbox))];
    for (const mailbox of mailboxes.length ? mailboxes : ['']) {
      const wait = byMailbox.get(mailbox) ?? { mailbox, needs_reply: 0, oldest_waiting_since: null, oldest_contact_email: null, oldest_talent_name: null, board_query: NEEDS_REPLY_QUERY };
      wait.needs_reply += 1;
      if (row.turn_since && (wait.oldest_waiting_since === null || row.turn_since < wait.oldest_waiting_since)) {
        wait.oldest_waiting_since = row.turn_since;
        wait.oldest_contact_email = row.contact_email;
        wait.oldest_talent_name = row.talent_name;
      }
      byMailbox.set(mailbox, wait);
    }
  }
  return [...byMailbox.values()].sort((a, b) => b.needs_reply - a.needs_reply || (a.oldest_waiting_since ?? '~').localeCompare(b.oldest_waiting_since ?? '~') || a.mailbox.localeCompare(b.mailbox));
};

export const TIMING_NOTE = 'Median times need when each talent was first written to, first answered and agreed; the conversation record does not keep those yet.';

export const campaignReport = ({ campaign, rows, now, agencyCurrency }: ReportInput): CampaignReportJson => {
  const { funnel, asides, reply_rate } = funnelOf(rows);
  return {
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    generated_at: new Date(now).toISOString(),
    funnel,
    asides,
    reply_rate,
    reply_rate_board_query: statusQuery(ANSWERED),
    median_hours_to_first_reply: null,
    median_days_to_agreement: null,
    timing_note: TIMING_NOTE,
    spend: spendOf(rows, campaign.budget, agencyCurrency),
    calendar: calendarOf(rows, now),
    responsiveness: responsivenessOf(rows),
  };
};
