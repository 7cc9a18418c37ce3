import type { QueryClient } from '@tanstack/react-query';
import { campaignsQueryOptions } from '../../campaigns/api/list-campaigns';
import { contactsTrackingQueryOptions } from './get-contacts-tracking';

/** For the top-nav hover: the Contacts screen needs the contacts and the campaign list. */
export const prefetchContacts = (queryClient: QueryClient) =>
  Promise.all([queryClient.prefetchQuery(contactsTrackingQueryOptions()), queryClient.prefetchQuery(campaignsQueryOptions())]);
