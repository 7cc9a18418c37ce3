import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startGuarded } from '../lib/guard';
import { postStartTask } from './start-task';

/** Both yyyy-MM-dd. */
export type IntervalInput = { start_date: string; end_date: string };

export const processInterval = (input: IntervalInput) => postStartTask('/api/v3/process/interval', input);

export const useProcessInterval = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: IntervalInput) => startGuarded(client, () => processInterval(input)) });
};
