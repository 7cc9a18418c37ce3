import { Printer } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCampaign } from '../../campaigns/api/get-campaign';
import { BackToCampaigns } from '../../conversations/components/board-header';
import { BoardError } from '../../conversations/components/board-states';
import { formatShortDate } from '../../../../../shared/format/short-date';
import { useCampaignReport } from '../api/get-campaign-report';
import { ReportCalendar } from '../components/report-calendar';
import { ReportFunnel } from '../components/report-funnel';
import { ReportResponsiveness } from '../components/report-responsiveness';
import { ReportSpend } from '../components/report-spend';
import { reportText as t } from '../lib/report-text';
import './report-print.css';

const TAB = 'inline-flex h-10 items-center px-3 text-sm font-medium focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** The campaign's views: the board's table and pipeline, and this report. */
const CampaignTabs = ({ campaignId }: { campaignId: string }) => {
  const board = `/campaigns/${encodeURIComponent(campaignId)}`;
  return (
    <nav aria-label={t.tabs} className="inline-flex overflow-hidden rounded-md border border-slate-300 print:hidden">
      <Link to={board} className={cn(TAB, 'bg-white text-slate-700 hover:bg-slate-50')}>{t.table}</Link>
      <Link to={`${board}?view=pipeline`} className={cn(TAB, 'bg-white text-slate-700 hover:bg-slate-50')}>{t.pipeline}</Link>
      <Link to={`${board}/report`} aria-current="page" className={cn(TAB, 'bg-indigo-600 text-white')}>{t.title}</Link>
    </nav>
  );
};

const ReportSkeleton = () => (
  <div aria-hidden="true" className="grid gap-4 lg:grid-cols-2">
    {[0, 1, 2, 3].map((index) => (
      <Skeleton key={index} className="h-64 w-full" />
    ))}
  </div>
);

/** /campaigns/:id/report — the campaign's funnel, spend, key dates and waiting replies, figures from the server. */
export const CampaignReportRoute = () => {
  const { id: campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  const report = useCampaignReport(campaignId);
  const name = campaign.data?.campaign_name ?? report.data?.campaign_name ?? campaignId;

  return (
    <div data-report-page className="min-w-0 space-y-4">
      <div className="space-y-3">
        <div className="print:hidden">
          <BackToCampaigns />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">
          {name} · {t.title}
        </h1>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CampaignTabs campaignId={campaignId} />
          {report.data ? (
            <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden="true" />
              {t.print}
            </Button>
          ) : null}
        </div>
        {report.data ? <p className="text-sm text-slate-600">{t.generatedAt(formatShortDate(report.data.generated_at))}</p> : null}
      </div>
      {report.isPending ? (
        <ReportSkeleton />
      ) : report.data ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 print:block print:space-y-4">
          <ReportFunnel report={report.data} />
          <ReportSpend report={report.data} />
          <ReportCalendar report={report.data} />
          <ReportResponsiveness report={report.data} />
        </div>
      ) : (
        <BoardError title={t.loadFailed} message={errorMessage(report.error, t.loadFailed)} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      )}
    </div>
  );
};
