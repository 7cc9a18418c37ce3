import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { toggleTrackingResponse, type ToggleTrackingResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { applyTrackingTogglePages } from '../lib/tracking-cache';
import { contactKeys } from './contact-keys';
import type { TrackingPage } from './get-contacts-tracking';
import { parseResponse } from '../../../lib/parse-response';

/** Without campaign_id the server sets the flag in every campaign of the e-mail; the screen always names one. */
export type ToggleTrackingInput = { email: string; tracking: boolean; campaign_id?: string };

export const toggleTracking = async (input: ToggleTrackingInput): Promise<ToggleTrackingResponse> =>
  parseResponse(toggleTrackingResponse, await api.post<unknown>('/api/campaigns/contacts/tracking/toggle', input));

type Cached = InfiniteData<TrackingPage, string | undefined>;
type Context = { previous: Cached | undefined; searches: [QueryKey, Cached | undefined][] };

/** Optimistic: the switch flips at once, in the listing and in any search showing it, and rolls back when the server refuses. */
export const useToggleTracking = () => {
  const queryClient = useQueryClient();
  return useMutation<ToggleTrackingResponse, Error, ToggleTrackingInput, Context>({
    mutationFn: toggleTracking,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: contactKeys.tracking() });
      const previous = queryClient.getQueryData<Cached>(contactKeys.tracking());
      if (previous) queryClient.setQueryData<Cached>(contactKeys.tracking(), applyTrackingTogglePages(previous, input, input.tracking));
      const searches = queryClient.getQueriesData<Cached>({ queryKey: contactKeys.searches() });
      queryClient.setQueriesData<Cached>({ queryKey: contactKeys.searches() }, (data) => (data ? applyTrackingTogglePages(data, input, input.tracking) : data));
      return { previous, searches };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(contactKeys.tracking(), context.previous);
      for (const [key, data] of context?.searches ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      // The listing, every search and the dashboard's picker (all under the tracking key).
      void queryClient.invalidateQueries({ queryKey: contactKeys.tracking() });
    },
  });
};
