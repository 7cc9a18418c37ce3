import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connectMailboxResponse, type ConnectMailboxBody } from '../../../../../shared/schemas/mailboxes';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { mailboxesKeys } from './mailboxes-keys';

/** Connects the caller's own mailbox to the current agency, or changes its limits (idempotent). */
export const connectMailbox = async (body: ConnectMailboxBody) =>
  parseResponse(connectMailboxResponse, await api.post<unknown>('/api/v3/mailboxes/connect', body)).mailbox;

export const useConnectMailbox = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectMailbox,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxesKeys.all }),
  });
};
