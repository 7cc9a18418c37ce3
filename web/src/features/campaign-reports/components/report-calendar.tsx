import type { CampaignReportJson } from '../../../../../shared/schemas/reports';
import { formatIsoDay } from '../../../../../shared/format/months';
import { STATUS_LABELS } from '../../../../../shared/schemas/conversations';
import { CALENDAR_KIND_LABELS, reportText as t } from '../lib/report-text';
import { ReportSection } from './report-section';
import { ReportTalentLink } from './report-talent-link';

const CELL = 'px-3 py-2 text-left';

/** Every go-live, draft-due and embargo date by ISO week; a passed day is marked in words, not colour only. */
export const ReportCalendar = ({ report }: { report: CampaignReportJson }) => (
  <ReportSection report={report} table="calendar" title={t.calendar}>
    {report.calendar.length === 0 ? (
      <p className="text-sm text-slate-600">{t.noDates}</p>
    ) : (
      report.calendar.map((week) => (
        <div key={week.week} className="break-inside-avoid overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="pb-1 text-left text-sm font-semibold text-slate-900">{t.weekOf(week.week, formatIsoDay(week.starts_on))}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.kind}</th>
                <th scope="col">{t.talent}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {week.entries.map((entry) => (
                <tr key={`${entry.conversation_id}|${entry.kind}|${entry.date}`}>
                  <td className={`${CELL} whitespace-nowrap tabular-nums`}>{formatIsoDay(entry.date)}</td>
                  <td className={CELL}>
                    {CALENDAR_KIND_LABELS[entry.kind]}
                    {entry.overdue ? <span className="ml-2 rounded border border-red-700 px-1.5 text-xs font-semibold text-red-800 print:border-slate-900 print:text-slate-900">{t.overdue}</span> : null}
                  </td>
                  <td className={CELL}>
                    <ReportTalentLink email={entry.contact_email} name={entry.talent_name} campaignId={report.campaign_id} />
                    <span className="block text-xs text-slate-600">{STATUS_LABELS[entry.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))
    )}
  </ReportSection>
);
