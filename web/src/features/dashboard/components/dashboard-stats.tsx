import { FolderKanban, MessagesSquare, Users } from 'lucide-react';
import { messages } from '../../../../../shared/messages';
import type { DashboardMetrics } from '../api/get-dashboard-metrics';
import { StatCard } from './stat-card';

const text = messages.dashboard.stats;

export const DashboardStats = ({ metrics, loading }: { metrics: DashboardMetrics | undefined; loading: boolean }) => (
  <div className="grid gap-4 sm:grid-cols-3">
    <StatCard label={text.totalCampaigns} value={metrics?.totalCampaigns} icon={FolderKanban} loading={loading} />
    <StatCard label={text.trackedContacts} value={metrics?.trackingEnabled} icon={Users} loading={loading} />
    <StatCard label={text.trackedConversations} value={metrics?.trackedConversations} icon={MessagesSquare} loading={loading} />
  </div>
);
