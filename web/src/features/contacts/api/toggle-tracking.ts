import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyTrackingToggle } from '../lib/tracking-cache';
import { contactKeys } from './contact-keys';
import type { Contact, ContactsTracking } from './contact-types';

export type ToggleTrackingInput = { email: string; tracking: boolean };

export const toggleTracking = (input: ToggleTrackingInput) =>
  api.post<{ contact?: Contact }>('/api/campaigns/contacts/tracking/toggle', input);

type Context = { previous: ContactsTracking | undefined };

/** Optimistic: the switch flips at once and rolls back when the server refuses. */
export const useToggleTracking = () => {
  const queryClient = useQueryClient();
  return useMutation<{ contact?: Contact }, Error, ToggleTrackingInput, Context>({
    mutationFn: toggleTracking,
    onMutate: async ({ email, tracking }) => {
      await queryClient.cancelQueries({ queryKey: contactKeys.tracking() });
      const previous = queryClient.getQueryData<ContactsTracking>(contactKeys.tracking());
      if (previous) queryClient.setQueryData(contactKeys.tracking(), applyTrackingToggle(previous, email, tracking));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(contactKeys.tracking(), context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.tracking() });
    },
  });
};
