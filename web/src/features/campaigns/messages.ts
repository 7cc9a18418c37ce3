/**
 * Campaigns screen strings the spec leaves unquoted (labels, accessible names). Everything the
 * spec quotes comes from shared/messages.ts. Candidates for the catalogue; all "not in spec".
 */
export const campaignText = {
  driveFolderButton: 'Threadline Folder', // not in spec (header button to the root Drive folder)
  trackerButton: 'Campaigns Tracker', // not in spec (header button to the campaigns tracker sheet)
  driveUnavailable: 'Drive assets are not available', // not in spec (title of a disabled header button)
  contactCount: (count: number) => `${count} ${count === 1 ? 'contact' : 'contacts'}`, // not in spec
  project: 'Project', // not in spec (card field label)
  liveDates: 'Live dates', // not in spec (card field label)
  deliverables: 'Deliverables', // not in spec (card field label)
  deleteLabel: (name: string) => `Delete campaign ${name}`, // not in spec (delete icon accessible name)
  deleteNameLabel: 'Campaign', // not in spec (delete dialog)
  deleteIdLabel: 'ID', // not in spec (delete dialog)
  deleteRemovesHeading: 'The following will be permanently removed:', // not in spec
  deleteFailedTitle: 'Deletion Failed', // not in spec (title of the delete error toast)
  retry: 'Retry', // not in spec
  grid: 'Campaign list', // not in spec (accessible name of the card grid)
  loading: 'Loading campaigns', // not in spec (accessible name of the skeleton grid)
  clientDomain: 'Client domain', // not in spec (optional create-dialog field)
  clientDomainHint: "Optional: the client's e-mail domain, e.g. glowskin.com", // not in spec
} as const;
