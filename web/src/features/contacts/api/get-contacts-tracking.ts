import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { trackingResponse, type TrackingResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { contactKeys } from './contact-keys';
import type { ContactsTracking } from './contact-types';

/** One answer of GET /api/campaigns/contacts/tracking: up to 100 contacts and the next page's cursor. */
export type TrackingPage = TrackingResponse;

export type TrackingPageOptions = {
  signal?: AbortSignal;
  /** a search (search-contacts.ts): the server finds the contacts over every one of the agency's */
  q?: string;
  limit?: number;
};

export const getContactsTrackingPage = async (cursor: string | undefined, { signal, q, limit }: TrackingPageOptions = {}): Promise<TrackingPage> =>
  parseResponse(
    trackingResponse,
    await api.get<unknown>('/api/campaigns/contacts/tracking', { query: { cursor, q, limit }, signal }),
  );

const NO_COUNTS: Pick<ContactsTracking, 'summary' | 'by_campaign'> = {
  summary: { total_contacts: 0, tracking_enabled: 0, tracking_disabled: 0, total_campaigns: 0 },
  by_campaign: {},
};

/** The pages loaded so far as one view: their contacts, and the counts (over every contact) the first page carries. */
export const combineTrackingPages = (data: InfiniteData<TrackingPage, string | undefined>): ContactsTracking => {
  const first = data.pages[0];
  return {
    contacts: Object.assign({}, ...data.pages.map((page) => page.contacts)) as ContactsTracking['contacts'],
    summary: first?.summary ?? NO_COUNTS.summary,
    by_campaign: first?.by_campaign ?? NO_COUNTS.by_campaign,
  };
};

/** Pages of the listing or of a search (search-contacts.ts) under `queryKey`, one more at a time by the answer's cursor. */
export const trackingPagesOptions = (queryKey: QueryKey, params: Pick<TrackingPageOptions, 'q' | 'limit'> = {}) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getContactsTrackingPage(pageParam, { signal, ...params }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TrackingPage) => last.next_cursor ?? undefined,
  });

/** Pages of 100 contacts, loaded one more at a time ("Load more"); the first page comes with the counts. */
export const contactsTrackingQueryOptions = () => trackingPagesOptions(contactKeys.tracking());

export const useContactsTracking = () => useInfiniteQuery({ ...contactsTrackingQueryOptions(), select: combineTrackingPages });
