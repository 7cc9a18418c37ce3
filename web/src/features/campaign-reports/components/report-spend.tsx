import type { CampaignReportJson } from '../../../../../shared/schemas/reports';
import { FEE_STATE_LABELS, FEE_UNIT_LABELS, formatMoney } from '../../../../../shared/format/money';
import { STATUS_LABELS } from '../../../../../shared/schemas/conversations';
import { reportText as t } from '../lib/report-text';
import { FigureLink } from './figure-link';
import { ReportBars, type ReportBar } from './report-bars';
import { ReportSection } from './report-section';
import { ReportTalentLink } from './report-talent-link';

const CELL = 'px-3 py-2 text-left';
const NUMBER = 'px-3 py-2 text-right tabular-nums';

/** Agreed spend against the budget and open quotes, per currency (never converted without the agency's rates) and per talent. */
export const ReportSpend = ({ report }: { report: CampaignReportJson }) => {
  const { spend } = report;
  // One scale per currency: amounts in different currencies are never drawn against each other.
  const charts = spend.by_currency.map((total) => {
    const budget = spend.budget?.currency === total.currency ? spend.budget.amount : null;
    const bars: ReportBar[] = [
      { key: 'agreed', label: t.agreed, value: total.agreed, text: formatMoney(total.agreed, total.currency) },
      { key: 'open', label: t.open, value: total.open, text: formatMoney(total.open, total.currency), fill: 'hatched' },
      ...(budget === null ? [] : [{ key: 'budget', label: t.budget, value: budget, text: formatMoney(budget, total.currency), fill: 'light' as const }]),
    ];
    return { currency: total.currency, bars, description: t.spendChart(`${total.currency}: ${bars.map((bar) => `${bar.label} ${bar.text}`).join(', ')}`) };
  });
  return (
    <ReportSection report={report} table="spend" title={t.spend}>
      {spend.conversion_note ? <p className="text-sm text-slate-600">{spend.conversion_note}</p> : null}
      {spend.budget ? (
        <p className="text-sm text-slate-900">{t.budgetLine(formatMoney(spend.budget.amount, spend.budget.currency), formatMoney(spend.budget_remaining ?? 0, spend.budget.currency))}</p>
      ) : (
        <p className="text-sm text-slate-600">{t.noBudget}</p>
      )}
      {spend.agreed_outside_budget.length ? <p className="text-sm text-slate-600">{t.outsideBudget(spend.agreed_outside_budget.map((money) => formatMoney(money.amount, money.currency)).join(', '))}</p> : null}
      {charts.map((chart) => (
        <div key={chart.currency} className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-900">{chart.currency}</h3>
          <ReportBars bars={chart.bars} description={chart.description} />
        </div>
      ))}
      {spend.talents.length === 0 ? (
        <p className="text-sm text-slate-600">{t.noFees}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t.spend}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className={CELL}>{t.talent}</th>
                <th scope="col" className={CELL}>{t.state}</th>
                <th scope="col" className={NUMBER}>{t.fee}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {spend.talents.map((talent) => (
                <tr key={talent.conversation_id}>
                  <th scope="row" className={`${CELL} font-medium`}>
                    <ReportTalentLink email={talent.contact_email} name={talent.talent_name} campaignId={report.campaign_id} />
                    <span className="block text-xs font-normal text-slate-600">{STATUS_LABELS[talent.status]}</span>
                  </th>
                  <td className={CELL}>{FEE_STATE_LABELS[talent.state]}</td>
                  <td className={NUMBER}>{`${formatMoney(talent.amount, talent.currency)} ${FEE_UNIT_LABELS[talent.unit]}`}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-200">
              {spend.by_currency.map((total) => (
                <tr key={total.currency}>
                  <th scope="row" className={CELL}>{`${t.agreed} · ${total.currency}`}</th>
                  <td className={CELL}>{`${t.open}: ${formatMoney(total.open, total.currency)}`}</td>
                  <td className={`${NUMBER} font-semibold`}>
                    <FigureLink campaignId={report.campaign_id} boardQuery={spend.board_query} label={`${t.agreed} ${total.currency}`}>{formatMoney(total.agreed, total.currency)}</FigureLink>
                  </td>
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
      )}
    </ReportSection>
  );
};
