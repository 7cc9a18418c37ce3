import type { CampaignReportJson } from '../../../../../shared/schemas/reports';
import { formatRelativeTime } from '../../../../../shared/format/relative-time';
import { reportText as t } from '../lib/report-text';
import { FigureLink } from './figure-link';
import { ReportSection } from './report-section';
import { ReportTalentLink } from './report-talent-link';

const CELL = 'px-3 py-2 text-left';
const NUMBER = 'px-3 py-2 text-right tabular-nums';

/** Needs-reply rows by the staff mailbox holding their thread, with the longest wait. */
export const ReportResponsiveness = ({ report }: { report: CampaignReportJson }) => {
  const asOf = new Date(report.generated_at);
  return (
    <ReportSection report={report} table="responsiveness" title={t.responsiveness}>
      {report.responsiveness.length === 0 ? (
        <p className="text-sm text-slate-600">{t.nobodyWaiting}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t.responsiveness}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className={CELL}>{t.mailbox}</th>
                <th scope="col" className={NUMBER}>{t.needsReply}</th>
                <th scope="col" className={CELL}>{t.oldestWaiting}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.responsiveness.map((wait) => (
                <tr key={wait.mailbox}>
                  <th scope="row" className={`${CELL} font-medium break-all text-slate-900`}>{wait.mailbox || t.noMailbox}</th>
                  <td className={NUMBER}>
                    <FigureLink campaignId={report.campaign_id} boardQuery={wait.board_query} label={`${t.needsReply} ${wait.mailbox || t.noMailbox}`}>{wait.needs_reply}</FigureLink>
                  </td>
                  <td className={CELL}>
                    {wait.oldest_contact_email ? (
                      <>
                        <ReportTalentLink email={wait.oldest_contact_email} name={wait.oldest_talent_name} campaignId={report.campaign_id} />
                        <span className="block text-xs text-slate-600">{formatRelativeTime(wait.oldest_waiting_since, asOf, '')}</span>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ReportSection>
  );
};
