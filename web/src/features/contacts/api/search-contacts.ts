import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { contactKeys } from './contact-keys';
import type { Contact } from './contact-types';
import { combineTrackingPages, contactsTrackingQueryOptions, trackingPagesOptions, type TrackingPage } from './get-contacts-tracking';

/** How long typing must pause before a search is sent: one request per pause, not per key (not in spec). */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * GET /api/campaigns/contacts/tracking?q: the server finds the contacts over every contact of
 * the agency (each word of the text begins a word of the e-mail, name, handle or manager), a page
 * at a time, and never sends the counts. The text is sent as typed; the server trims it and
 * refuses one too long (CONTACT_SEARCH_MAX, which the search boxes hold to).
 */

/** The contacts screen's search: pages of 100, "Load more" as the listing; a blank text is the listing itself (its cache, no request of its own). */
export const searchContactsQueryOptions = (q: string) => (q.trim() === '' ? contactsTrackingQueryOptions() : trackingPagesOptions(contactKeys.search(q), { q }));

/** The pages of one search as one list, in the server's order. */
export const combineSearchPages = (data: InfiniteData<TrackingPage, string | undefined>): Contact[] =>
  data.pages.flatMap((page) => Object.values(page.contacts));

/** While the next text is asked, the last one's matches stay on screen; a new text starts from its first page (its own key). */
export const useSearchContacts = (q: string) =>
  useInfiniteQuery({ ...searchContactsQueryOptions(q), placeholderData: keepPreviousData, select: combineSearchPages });

/** How many contacts the Process Email picker offers for one text (not in spec). */
export const SUGGESTION_LIMIT = 20;

/**
 * The Process Email picker's options: the first SUGGESTION_LIMIT contacts a text finds; a blank
 * text lists the first contacts (a search answer all the same: no counts, which read every contact).
 */
export const contactSuggestionsQueryOptions = (q: string) => trackingPagesOptions(contactKeys.suggestions(q), { q, limit: SUGGESTION_LIMIT });

/** As ContactsTracking (no counts), the shape the dashboard's options are made from. */
export const useContactSuggestions = (q: string) =>
  useInfiniteQuery({ ...contactSuggestionsQueryOptions(q), placeholderData: keepPreviousData, select: combineTrackingPages });
