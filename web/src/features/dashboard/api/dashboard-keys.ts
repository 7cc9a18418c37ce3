export const dashboardKeys = {
  all: ['dashboard'] as const,
  metrics: () => [...dashboardKeys.all, 'metrics'] as const,
  monitorMetrics: () => [...dashboardKeys.all, 'monitor-metrics'] as const,
};
