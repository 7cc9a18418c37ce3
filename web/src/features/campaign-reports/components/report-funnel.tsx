import type { CampaignReportJson } from '../../../../../shared/schemas/reports';
import { ASIDE_LABELS, formatRate, reportText as t, STEP_LABELS } from '../lib/report-text';
import { FigureLink } from './figure-link';
import { ReportBars } from './report-bars';
import { ReportSection } from './report-section';

const CELL = 'px-3 py-2 text-left';
const NUMBER = 'px-3 py-2 text-right tabular-nums';

const Timing = ({ label, value }: { label: string; value: string | null }) => (
  <div>
    <dt className="text-sm text-slate-600">{label}</dt>
    <dd className="text-lg font-semibold text-slate-900">{value ?? t.notAvailable}</dd>
  </div>
);

/** The funnel from list to confirmed, with Declined and no reply beside it: bars, then the same figures as a table. */
export const ReportFunnel = ({ report }: { report: CampaignReportJson }) => {
  const inList = report.funnel[0]?.count ?? 0;
  const bars = [
    ...report.funnel.map((step) => ({ key: step.step, label: STEP_LABELS[step.step], value: step.count, text: String(step.count) })),
    ...report.asides.map((aside) => ({ key: aside.aside, label: ASIDE_LABELS[aside.aside], value: aside.count, text: String(aside.count), fill: 'hatched' as const })),
  ];
  const description = t.funnelChart(bars.map((bar) => `${bar.label} ${bar.text}`).join(', '));
  const replyLabel = t.replyRate;
  return (
    <ReportSection report={report} table="funnel" title={t.funnel}>
      <ReportBars bars={bars} description={description} max={inList} />
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t.funnel}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className={CELL}>{t.step}</th>
              <th scope="col" className={NUMBER}>{t.talents}</th>
              <th scope="col" className={NUMBER}>{t.ofPrevious}</th>
              <th scope="col" className={NUMBER}>{t.ofList}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.funnel.map((step) => (
              <tr key={step.step}>
                <th scope="row" className={`${CELL} font-medium text-slate-900`}>{STEP_LABELS[step.step]}</th>
                <td className={NUMBER}>
                  <FigureLink campaignId={report.campaign_id} boardQuery={step.board_query} label={STEP_LABELS[step.step]}>{step.count}</FigureLink>
                </td>
                <td className={NUMBER}>{formatRate(step.rate_from_previous)}</td>
                <td className={NUMBER}>{formatRate(step.rate_from_list)}</td>
              </tr>
            ))}
          </tbody>
          <tbody className="border-t-2 border-slate-200">
            <tr>
              <th scope="rowgroup" colSpan={4} className={`${CELL} text-xs font-semibold tracking-wide text-slate-600 uppercase`}>{t.beside}</th>
            </tr>
            {report.asides.map((aside) => (
              <tr key={aside.aside}>
                <th scope="row" className={`${CELL} font-medium text-slate-900`}>{ASIDE_LABELS[aside.aside]}</th>
                <td className={NUMBER}>
                  <FigureLink campaignId={report.campaign_id} boardQuery={aside.board_query} label={ASIDE_LABELS[aside.aside]}>{aside.count}</FigureLink>
                </td>
                <td className={NUMBER} colSpan={2}>{`${formatRate(aside.rate_from_contacted)} ${t.ofContacted.toLowerCase()}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">{replyLabel}</dt>
          <dd className="text-lg font-semibold text-slate-900">
            <FigureLink campaignId={report.campaign_id} boardQuery={report.reply_rate_board_query} label={replyLabel}>{formatRate(report.reply_rate)}</FigureLink>
          </dd>
        </div>
        <Timing label={t.medianFirstReply} value={report.median_hours_to_first_reply === null ? null : t.hours(report.median_hours_to_first_reply)} />
        <Timing label={t.medianAgreement} value={report.median_days_to_agreement === null ? null : t.days(report.median_days_to_agreement)} />
      </dl>
      {report.median_hours_to_first_reply === null || report.median_days_to_agreement === null ? <p className="text-sm text-slate-600">{report.timing_note}</p> : null}
    </ReportSection>
  );
};
