import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { driveHealthRefetchInterval } from '../lib/polling';
import { campaignKeys } from './campaign-keys';
import type { DriveHealth } from './campaign-types';

const MISSING = { id: null, exists: false } as const;

export const getDriveHealth = async ({ signal }: { signal?: AbortSignal } = {}): Promise<DriveHealth> => {
  const response = await api.get<Partial<DriveHealth>>('/api/campaigns/drive/health', { signal });
  return {
    healthy: response.healthy === true,
    campaigns_tracker: response.campaigns_tracker ?? MISSING,
    threadline_folder: response.threadline_folder ?? MISSING,
    drive_account: response.drive_account ?? null,
  };
};

/** Re-polls every 10 s after a failed call, every 2 s while unhealthy, and stops when healthy. */
export const driveHealthQueryOptions = () =>
  queryOptions({
    queryKey: campaignKeys.driveHealth(),
    queryFn: ({ signal }) => getDriveHealth({ signal }),
    refetchInterval: (query) => driveHealthRefetchInterval(query.state),
  });

export const useDriveHealth = () => useQuery(driveHealthQueryOptions());
