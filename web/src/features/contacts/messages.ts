/**
 * Contacts screen strings the spec leaves unquoted (labels, placeholders, accessible names,
 * success toasts). Everything the spec quotes comes from shared/messages.ts. All "not in spec".
 */
export const contactText = {
  noCampaignsTitle: 'No campaigns yet', // not in spec (empty card when there are no campaigns)
  noCampaignsText: 'Create a campaign first, then add contacts to it.', // not in spec
  goToCampaigns: 'Go to Campaigns', // not in spec (link to /campaigns)
  campaignPlaceholder: 'Select a campaign', // not in spec
  emailPlaceholder: 'talent@example.com', // not in spec
  talentPlaceholder: 'Talent name', // not in spec
  managerPlaceholder: 'Name, Name (Agency) or manager@example.com', // not in spec
  handleLabel: 'Handle (optional)', // not in spec (optional add-contact field)
  handlePlaceholder: '@mayacooks', // not in spec
  sheetUrlLabel: 'Google Sheets URL', // not in spec
  sheetUrlPlaceholder: 'https://docs.google.com/spreadsheets/d/...', // not in spec
  tabLabel: 'Sheet Tab', // not in spec (label of the tab select)
  addedTitle: 'Contact Added', // not in spec (success toast title)
  added: (who: string) => `${who} has been added`, // not in spec
  importedTitle: 'Longlist Imported', // not in spec (success toast title)
  imported: (imported: number, skipped: number, duplicates: number) =>
    `Imported ${imported}, skipped ${skipped}, duplicates ${duplicates}`, // not in spec
  byCampaignCounts: (disabled: number, total: number, tracking: number) =>
    `${disabled} disabled · ${total} total · ${tracking} tracking`, // not in spec (wording of the counts)
  groupCount: (count: number) => `(${count})`, // not in spec
  searchLabel: 'Search contacts', // not in spec
  searchPlaceholder: 'Search by email, name or manager', // not in spec
  campaignFilterLabel: 'Filter by campaign', // not in spec
  trackingFilterLabel: 'Filter by tracking', // not in spec
  allCampaigns: 'All campaigns', // not in spec
  allTracking: 'All contacts', // not in spec
  trackingSwitch: (email: string) => `Tracking for ${email}`, // not in spec (switch accessible name)
  removeLabel: (email: string) => `Remove ${email}`, // not in spec (remove button accessible name)
  removeTitle: 'Remove Contact', // not in spec (confirmation title)
  removeMessage: (who: string) => `Remove ${who} from tracked contacts?`, // not in spec
  removeConfirm: 'Remove', // not in spec
  removed: (who: string) => `${who} has been removed`, // not in spec (toast message)
  noMatches: 'No contacts match the filters.', // not in spec
  loading: 'Loading contacts', // not in spec (accessible name of the skeletons)
  shownOf: (shown: number, total: number) => `Showing ${shown} of ${total} contacts; the campaign and tracking filters apply to those shown`, // not in spec (paged list)
  shownMatches: (shown: number) => `Showing the first ${shown} matching contacts`, // not in spec (a search's pages)
  searching: 'Searching contacts…', // not in spec (a search's first answer on its way)
  pickerSearching: 'Searching…', // not in spec (the Process Email picker asks the server)
  loadMore: 'Load more contacts', // not in spec
  loadingMore: 'Loading...', // not in spec
} as const;
