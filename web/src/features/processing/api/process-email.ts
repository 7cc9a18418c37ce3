import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startGuarded } from '../lib/guard';
import { postStartTask } from './start-task';

export const processEmail = (email: string) => postStartTask('/api/v3/process/email', { email });

export const useProcessEmail = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: (email: string) => startGuarded(client, () => processEmail(email)) });
};
