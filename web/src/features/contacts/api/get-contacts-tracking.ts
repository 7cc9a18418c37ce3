import { queryOptions, useQuery } from '@tanstack/react-query';
import { trackingResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { ContactsTracking } from './contact-types';
import { parseResponse } from '../../../lib/parse-response';

/** Contacts keyed by campaign and e-mail; either reading of the flag (tracking, tracking_enabled) fills both. */
export const getContactsTracking = async ({ signal }: { signal?: AbortSignal } = {}): Promise<ContactsTracking> => {
  const { contacts, summary, by_campaign } = parseResponse(trackingResponse, await api.get<unknown>('/api/campaigns/contacts/tracking', { signal }));
  return { contacts, summary, by_campaign };
};

export const contactsTrackingQueryOptions = () =>
  queryOptions({
    queryKey: contactKeys.tracking(),
    queryFn: ({ signal }) => getContactsTracking({ signal }),
  });

export const useContactsTracking = () => useQuery(contactsTrackingQueryOptions());
