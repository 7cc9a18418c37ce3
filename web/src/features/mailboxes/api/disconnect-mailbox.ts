import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disconnectMailboxResponse } from '../../../../../shared/schemas/mailboxes';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { mailboxesKeys } from './mailboxes-keys';

export type DisconnectMailboxInput = { remove_data: boolean };

/** Stops reading the caller's mailbox for the current agency at once; `remove_data` also drops what was read. */
export const disconnectMailbox = async (body: DisconnectMailboxInput) =>
  parseResponse(disconnectMailboxResponse, await api.post<unknown>('/api/v3/mailboxes/disconnect', body));

export const useDisconnectMailbox = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectMailbox,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxesKeys.all }),
  });
};
