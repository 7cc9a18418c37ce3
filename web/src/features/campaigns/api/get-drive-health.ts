import { queryOptions, useQuery } from '@tanstack/react-query';
import { driveHealthResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { driveHealthRefetchInterval } from '../lib/polling';
import { campaignKeys } from './campaign-keys';
import type { DriveHealth } from './campaign-types';

export const getDriveHealth = async ({ signal }: { signal?: AbortSignal } = {}): Promise<DriveHealth> =>
  parseResponse(driveHealthResponse, await api.get<unknown>('/api/campaigns/drive/health', { signal }));

/** Re-polls every 10 s after a failed call, every 2 s while unhealthy, and stops when healthy. */
export const driveHealthQueryOptions = () =>
  queryOptions({
    queryKey: campaignKeys.driveHealth(),
    queryFn: ({ signal }) => getDriveHealth({ signal }),
    refetchInterval: (query) => driveHealthRefetchInterval(query.state),
  });

export const useDriveHealth = () => useQuery(driveHealthQueryOptions());
