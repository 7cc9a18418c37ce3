import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { dashboardKeys } from '../api/dashboard-keys';

/** When a job ends its counts are final: refresh the stat cards and monitor panel at once. */
export const useRefreshAfterProcessing = (processing: boolean) => {
  const client = useQueryClient();
  const previous = useRef(processing);
  useEffect(() => {
    if (previous.current && !processing) void client.invalidateQueries({ queryKey: dashboardKeys.all });
    previous.current = processing;
  }, [client, processing]);
};
