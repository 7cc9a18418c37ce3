import { messages } from '../../../../../shared/messages';
import { PageHeader } from '../../../components/ui/page-header';

// The dashboard body (stats, monitoring, past processing) lands with its own issue.
export const DashboardRoute = () => (
  <PageHeader title={messages.dashboard.title} subtitle={messages.dashboard.subtitle} />
);
