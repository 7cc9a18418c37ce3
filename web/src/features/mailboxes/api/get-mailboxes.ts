import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailboxesResponse, type MailboxesResponse } from '../../../../../shared/schemas/mailboxes';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { mailboxesKeys } from './mailboxes-keys';

/** Every connected mailbox of the current agency (owner, limits, health) and the caller's own state. */
export const getMailboxes = async ({ signal }: { signal?: AbortSignal } = {}): Promise<MailboxesResponse> =>
  parseResponse(mailboxesResponse, await api.get<unknown>('/api/v3/mailboxes', { signal }));

export const mailboxesQueryOptions = () =>
  queryOptions({ queryKey: mailboxesKeys.list(), queryFn: ({ signal }) => getMailboxes({ signal }) });

export const useMailboxes = () => useQuery(mailboxesQueryOptions());
