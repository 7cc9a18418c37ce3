/**
 * The report's tables as CSV, one file per table, in the words the page shows. Rates are whole
 * percents and amounts plain numbers with their currency beside them, so a spreadsheet can sum them.
 */
import type { CampaignReportJson } from '../../../../../shared/schemas/reports';
import { toCsv } from '../../../lib/csv';
import { FEE_STATE_LABELS, FEE_UNIT_LABELS } from '../../../../../shared/format/money';
import { STATUS_LABELS } from '../../../../../shared/schemas/conversations';
import { ASIDE_LABELS, CALENDAR_KIND_LABELS, formatRate, reportText as t, STEP_LABELS } from './report-text';

export const REPORT_TABLES = ['funnel', 'spend', 'calendar', 'responsiveness'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

const rate = (value: number | null) => (value === null ? '' : formatRate(value));

const funnelCsv = (report: CampaignReportJson) =>
  toCsv(
    [t.step, t.talents, t.ofPrevious, t.ofList, t.ofContacted],
    [
      ...report.funnel.map((step) => [STEP_LABELS[step.step], step.count, rate(step.rate_from_previous), rate(step.rate_from_list), '']),
      ...report.asides.map((aside) => [ASIDE_LABELS[aside.aside], aside.count, '', '', rate(aside.rate_from_contacted)]),
    ],
  );

const spendCsv = (report: CampaignReportJson) =>
  toCsv(
    [t.talent, 'E-mail', t.status, t.state, 'Amount', t.currency, 'Unit'],
    report.spend.talents.map((talent) => [talent.talent_name, talent.contact_email, STATUS_LABELS[talent.status], FEE_STATE_LABELS[talent.state], talent.amount, talent.currency, FEE_UNIT_LABELS[talent.unit]]),
  );

const calendarCsv = (report: CampaignReportJson) =>
  toCsv(
    [t.week, t.date, t.kind, t.talent, 'E-mail', t.status, t.overdue],
    report.calendar.flatMap((week) =>
      week.entries.map((entry) => [week.week, entry.date, CALENDAR_KIND_LABELS[entry.kind], entry.talent_name, entry.contact_email, STATUS_LABELS[entry.status], entry.overdue ? 'yes' : 'no']),
    ),
  );

const responsivenessCsv = (report: CampaignReportJson) =>
  toCsv(
    [t.mailbox, t.needsReply, t.oldestWaiting, t.talent],
    report.responsiveness.map((wait) => [wait.mailbox || t.noMailbox, wait.needs_reply, wait.oldest_waiting_since ?? '', wait.oldest_talent_name ?? wait.oldest_contact_email ?? '']),
  );

const WRITERS: Readonly<Record<ReportTable, (report: CampaignReportJson) => string>> = {
  funnel: funnelCsv,
  spend: spendCsv,
  calendar: calendarCsv,
  responsiveness: responsivenessCsv,
};

export const reportCsv = (report: CampaignReportJson, table: ReportTable): string => WRITERS[table](report);

/** "glow-q1-report-funnel-2026-02-11.csv" (the day the figures are of). */
export const reportFileName = (report: CampaignReportJson, table: ReportTable): string => `${report.campaign_id}-report-${table}-${report.generated_at.slice(0, 10)}.csv`;
