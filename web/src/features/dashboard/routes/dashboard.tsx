import { lazy, Suspense } from 'react';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCampaigns } from '../../campaigns/api/list-campaigns';
import { useIsProcessing } from '../../processing/api/get-processing-status';
import { ResyncSheetsCard } from '../../processing/components/resync-sheets-card';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';
import { ConnectMailboxPrompt } from '../components/connect-mailbox-prompt';
import { DashboardSection } from '../components/dashboard-section';
import { DashboardStats } from '../components/dashboard-stats';
import { MonitoringPanel } from '../components/monitoring-panel';
import { ModelRetirementNotice } from '../components/model-retirement-notice';
import { ModelWarningBanner } from '../components/model-warning-banner';
import { PastProcessing } from '../components/past-processing';
import { WelcomeBanner } from '../components/welcome-banner';
import { usePageError } from '../lib/use-page-error';
import { useRefreshAfterProcessing } from '../lib/use-refresh-after-processing';

const text = messages.dashboard;

// The queues read zod-parsed conversations: loaded on demand, the dashboard shell stays light.
const QueuesSummary = lazy(() => import('../../conversations/components/queues-summary').then((module) => ({ default: module.QueuesSummary })));

export const DashboardRoute = () => {
  const processing = useIsProcessing();
  useRefreshAfterProcessing(processing);
  const metrics = useDashboardMetrics(processing);
  const campaigns = useCampaigns();
  const pageError = usePageError([
    { ...metrics, fallback: messages.fallback.dashboardMetrics },
    { ...campaigns, fallback: messages.fallback.loadCampaigns },
  ]);
  const showWelcome =
    !metrics.isLoading && !campaigns.isLoading && !pageError.hasError && campaigns.isSuccess && campaigns.data.total === 0;

  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <div className="space-y-8">
        {pageError.message ? (
          // Clearing the banner also refetches what failed.
          <Banner variant="error" onDismiss={pageError.clear}>
            {pageError.message}
          </Banner>
        ) : null}
        {showWelcome ? <WelcomeBanner /> : null}
        <ConnectMailboxPrompt />
        <ModelWarningBanner />
        <ModelRetirementNotice />
        <DashboardStats metrics={metrics.data} loading={metrics.isLoading} />
        <DashboardSection title={messages.dashboard.queuesSummaryTitle} subtitle={messages.dashboard.queuesSummarySubtitle}>
          <Suspense fallback={<Skeleton className="h-40" />}>
            <QueuesSummary />
          </Suspense>
        </DashboardSection>
        <DashboardSection title={text.realtime.title} subtitle={text.realtime.subtitle}>
          <MonitoringPanel />
        </DashboardSection>
        <DashboardSection title={text.past.title} subtitle={text.past.subtitle}>
          <PastProcessing blocked={processing} />
        </DashboardSection>
        <DashboardSection title={messages.processing.resync.title} subtitle={messages.processing.resync.text}>
          <ResyncSheetsCard blocked={processing} />
        </DashboardSection>
      </div>
    </>
  );
};
