/**
 * The message catalogue: every user-facing string of the product spec, copied verbatim.
 * Web and functions both import it, so it stays framework-free (no React, no DOM).
 * Strings the spec leaves unspecified are marked "not in spec" so nobody mistakes them for
 * quoted text.
 */
export const PRODUCT_NAME = 'Threadline';

const plural = (count: number, singular: string, pluralForm = `${singular}s`) =>
  count === 1 ? singular : pluralForm;

export const messages = {
  product: {
    name: PRODUCT_NAME,
  },

  startup: {
    loading: 'Starting application...',
    slow: 'Taking longer than usual...',
    verySlow: 'Still working... (this may take a moment)',
    backendUnreachable: 'Unable to contact backend. Please try again.',
  },

  signIn: {
    title: PRODUCT_NAME,
    continueWithGoogle: 'Continue with Google', // not in spec (identity provider button)
    subtitle: 'Sign in to continue', // not in spec
    inviteNotice:
      "You're accepting an agency invitation. Sign in with the account that received the invite.",
  },

  apiKey: {
    title: 'Configure OpenAI API',
    fieldLabel: 'OpenAI API key', // not in spec
    placeholder: 'sk-proj-...',
    show: 'Show API key', // not in spec (toggle label)
    hide: 'Hide API key', // not in spec (toggle label)
    getKeyLink: 'Get your API key from OpenAI', // not in spec
    getKeyUrl: 'https://platform.openai.com/api-keys',
    requiredNote: 'This step is required to use the app.', // not in spec (wording of the note)
    // The spec's "stored locally" is untrue here: the key is encrypted server-side, per agency.
    storedNote: 'Your API key is encrypted and stored for your agency. It is never shown again or shared.',
    continue: 'Continue',
    validating: 'Validating...',
    validation: {
      required: 'API key is required',
      mustStartWithSk: 'API key must start with "sk-"',
      incomplete: 'API key appears incomplete',
      invalidFormat: 'Invalid API key format',
      noSpaces: 'API key cannot contain spaces',
      serverDefault: 'Invalid API key',
    },
    errors: {
      network: 'Connection failed. Please check your internet and try again.',
      unauthorized: 'Invalid API key. Please check and try again.',
      tooManyRequests: 'Too many requests. Please wait a moment.',
      quotaExceeded: 'OpenAI quota exceeded. Please check your account.',
      serviceIssue: 'OpenAI service issue. Please try again later.',
    },
  },

  nav: {
    emailProcessing: 'Email Processing',
    campaigns: 'Campaigns',
    contacts: 'Contacts',
    settings: 'Settings',
    manageAgencies: 'Manage Agencies',
    logOut: 'Log Out',
    userMenu: 'User menu', // not in spec (accessible label)
  },

  agencies: {
    loading: 'Loading your agencies...',
    heading: 'Select Agency',
    subtitle: 'Choose which agency to work with',
    subtitleEmpty: 'Create your first agency to get started',
    yourAgencies: (count: number) => `Your Agencies (${count})`,
    pendingInvitations: (count: number) => `Pending Invitations (${count})`,
    joined: (date: string) => `Joined ${date}`,
    invitedBy: (who: string) => `Invited by ${who}`,
    expires: (date: string) => `Expires ${date}`,
    accept: 'Accept',
    createNew: 'Create New Agency',
    current: 'Current', // not in spec
    errorTitle: 'Error',
    loadFailed: 'Failed to load agencies',
    switchFailed: 'Failed to switch agency',
    acceptFailed: 'Failed to accept invitation',
    inviteAcceptedTitle: 'Invitation Accepted',
    inviteAccepted: (agency: string) => `You've joined ${agency}`,
  },

  agencySetup: {
    heading: 'Create Agency', // not in spec (page heading)
    nameLabel: 'Agency Name', // not in spec
    namePlaceholder: `ex: ${PRODUCT_NAME.toLowerCase()}-agency`,
    nameSuffix: '-agency',
    nameFallback: 'agency',
    inviteSection: 'Invite team members (optional)',
    inviteEmailPlaceholder: 'teammate@example.com', // not in spec
    addAnother: 'Add another',
    removeRow: 'Remove', // not in spec (accessible label)
    submit: 'Create Agency',
    submitting: 'Creating...',
    backToAgencies: 'Back to agencies', // not in spec
    nameRequiredTitle: 'Agency Name Required',
    nameRequired: 'Please provide a name to continue.',
    failedTitle: 'Agency Setup Failed',
    failed: 'Please try again.',
    createdTitle: 'Agency Created',
    createdPartial: (sent: number, total: number) =>
      `Agency created successfully. ${sent} of ${total} invitations sent.`,
    createdAllInvited: (count: number) => `Your agency is ready! Invitations sent to ${count} member(s).`,
    createdNoInvites: 'Your agency is ready to use.',
  },

  invite: {
    processing: 'Processing invitation...',
    missingToken: 'Missing invite token',
  },

  auth: {
    completing: 'Completing sign-in...',
    redirecting: 'Redirecting...',
    welcome: 'Welcome! Setting up your access...',
    refreshFailedTitle: 'Authentication',
    refreshFailed: 'Failed to refresh session. Please try again.',
    errorHeading: 'Authentication Error',
    errorDefault: 'Authentication failed',
    returnToApp: 'Return to app',
    // Re-consent screen: Google's consent screen let the person untick a scope the product needs.
    consentHeading: 'Threadline needs a little more Google access', // not in spec
    consentIntro: 'You signed in, but Google did not give Threadline everything it needs:', // not in spec
    consentMissing: {
      gmail: 'Read your Gmail (to follow your outreach threads). Until you allow it, your mailbox is skipped when mail is checked.', // not in spec
      drive: "Create and update Threadline's own files in your Google Drive (campaign folders and tracker sheets).", // not in spec
      sheets: 'Read a Google Sheet you name (to import a longlist of contacts).', // not in spec
    },
    consentHowTo: 'Continue with Google again and leave these boxes ticked on the consent screen.', // not in spec
    consentRetry: 'Continue with Google', // not in spec
    consentSkip: 'Continue without it', // not in spec
    misconfigured: 'Sign-in is unavailable because Threadline is misconfigured on the server. Please tell your administrator; signing in again will not help.', // not in spec
  },

  errorScreen: {
    title: 'Something went wrong',
    message: 'An unexpected error occurred. Please refresh the page to try again.',
    details: 'Error details', // not in spec (summary of the collapsible details)
    refresh: 'Refresh Page',
    unexpected: 'Unexpected Application Error!',
  },

  notFound: {
    title: 'Page not found', // not in spec
    message: 'The page you are looking for does not exist.', // not in spec
    backHome: 'Go to Email Processing', // not in spec
  },

  confirm: {
    defaultTitle: 'Confirm Action',
    affects: 'This will affect:',
    confirm: 'Confirm', // not in spec
    cancel: 'Cancel',
  },

  notifications: {
    dismiss: 'Dismiss', // not in spec (accessible label)
    genericErrorTitle: 'Error',
    genericError: 'Operation failed',
  },

  api: {
    timeout: 'Request timeout - operation took too long',
    network: 'Network error - no response received',
    requestFailed: 'Request failed',
    unknown: 'Unknown error occurred',
    noData: 'No response data received',
    operationFailed: 'Operation failed',
    unexpectedFormat: 'Unexpected response format',
    connectionFailed: 'Unable to connect to API server',
  },

  // The spec's "Fallback messages", all of them, though not every screen shows one yet: they are
  // the spec's words for the web's failures (issue 25), not dead code. The dead-code check reads
  // exports, not the members of this object.
  fallback: {
    createCampaign: 'Failed to create campaign',
    loadCampaigns: 'Failed to load campaigns',
    loadCampaign: 'Failed to load campaign',
    deleteCampaign: 'Failed to delete campaign',
    importLonglist: 'Failed to import longlist',
    sheetMetadata: 'Failed to get sheet metadata',
    clearContacts: 'Failed to clear contacts',
    addContact: 'Failed to add contact',
    toggleTracking: 'Failed to toggle tracking',
    removeContact: 'Failed to remove contact',
    loadContacts: 'Failed to load contacts',
    sessionStatus: 'Failed to get session status',
    session: 'Failed to get session',
    logout: 'Failed to logout',
    createAgency: 'Failed to create agency',
    listMembers: 'Failed to list members',
    inviteMember: 'Failed to invite member',
    acceptInvite: 'Failed to accept invite',
    removeMember: 'Failed to remove member',
    resendInvite: 'Failed to resend invite',
    cancelInvite: 'Failed to cancel invite',
    listAgencies: 'Failed to list agencies',
    switchAgency: 'Failed to switch agency',
    listInvites: 'Failed to list invites',
    dashboardMetrics: 'Failed to load dashboard metrics',
    processingStatus: 'Failed to get processing status',
    monitoringMetrics: 'Failed to get monitoring metrics',
  },

  dashboard: {
    queuesSummaryTitle: 'Work Queues', // not in spec
    queuesSummarySubtitle: 'What needs you now', // not in spec
    title: 'Email Processing',
    subtitle: 'Process and monitor emails involving tracked contacts',
    welcomeTitle: `Welcome to ${PRODUCT_NAME}`,
    welcomeText: 'Get started by creating your first campaign',
    createCampaign: 'Create Campaign',
    stats: {
      totalCampaigns: 'Total campaigns',
      trackedContacts: 'Tracked contacts',
      trackedConversations: 'Tracked conversations',
    },
    realtime: {
      title: 'Real-time Email Processing',
      subtitle: 'Periodically check for new emails from whitelisted contacts',
    },
    past: {
      title: 'Past Email Processing',
      subtitle: 'Process historical emails by time range, contact, or campaign',
      recentHours: 'Recent hours', // card title wording not quoted in spec
      dateRange: 'Date range',
      contactEmail: 'Contact email',
      campaign: 'Campaign',
      processRecent: 'Process Recent',
      processRange: 'Process Range',
      processEmail: 'Process Email',
      processCampaign: 'Process Campaign',
    },
    datePicker: {
      placeholder: 'Select date range',
      clear: 'Clear date range',
    },
    contactOption: (email: string, talentName?: string | null) => (talentName ? `${talentName} (${email})` : email),
    dropdown: {
      noOptions: 'No options available',
      noItems: 'No items available',
      addContactsHint: 'Add contacts to see them here',
      createCampaignsHint: 'Create campaigns to see them here',
      noOptionsHint: 'No options to display',
    },
    monitoring: {
      error: 'Error',
      loading: 'Loading…',
      processing: 'Processing',
      idle: 'Idle',
      awaitingFirstRun: 'Awaiting first run',
      notYetRun: 'Not yet run',
      justNow: 'Just now',
      scheduled: 'Scheduled',
      checkingNow: 'Checking for new messages…',
      inUnderAMinute: '(in < 1 min)',
      inAboutMinutes: (minutes: number) => `(in ~${minutes} min)`,
      scheduledSoon: 'Scheduled soon',
      newMessages: (count: number) => `${count} new message(s)`,
      noNewMessages: 'No new messages',
      acrossThreads: (count: number) => `Across ${count} thread(s)`,
      allThreads: 'Monitoring all tracked threads',
      loadFailed: 'Failed to load monitoring metrics',
      lastCheck: 'Last check', // not in spec (row label)
      nextCheck: 'Next check', // not in spec (row label)
      lastCycle: 'Last cycle', // not in spec (cycle card heading)
      trackedConversations: (count: number) => `${count} tracked conversation(s)`, // not in spec
    },
    recentHoursLabel: 'Time period', // not in spec (select label)
    contactLabel: 'Contact', // not in spec (select label)
    campaignLabel: 'Campaign', // not in spec (select label)
    contactPlaceholder: 'Select a contact', // not in spec
    campaignPlaceholder: 'Select a campaign', // not in spec
  },

  processing: {
    defaultLabel: 'Processing',
    phases: {
      starting: 'Starting...',
      initializing: 'Initializing...',
      fetching: 'Fetching threads...',
      syncing_sheets: 'Syncing Google Sheets...',
      finalizing: 'Finalizing...',
    },
    cancel: 'Cancel',
    cancelling: 'Cancelling...',
    // How an ended job's bar says it ended (not in spec).
    ended: { succeeded: 'Done', cancelled: 'Cancelled', failed: 'Failed' },
    failedTitle: 'Processing Failed',
    failedRecent: 'Failed to process recent',
    failedRange: 'Failed to process date range',
    failedEmail: 'Failed to process email',
    failedCampaign: 'Failed to process campaign',
    alreadyRunning: (operation: string, label: string | undefined, elapsedSeconds: number) =>
      `Cannot start ${operation}: ${label || 'Processing'} is already running. Please wait for it to complete (${elapsedSeconds}s elapsed).`,
    currentlyRunning: (label: string) => `${label} is currently running`,
    startedTitle: 'Processing Started',
    startedRecent: (hours: number) => `Processing emails from the last ${hours} hours`,
    startedRange: (start: string, end: string) => `Processing emails from ${start} to ${end}`,
    startedEmail: (email: string) => `Processing all emails for ${email}`,
    // The spec's "campaign {id}", with the name people know it by when it differs.
    startedCampaign: (id: string, name?: string) => `Processing all emails for campaign ${id}${name && name !== id ? ` (${name})` : ''}`,
    statusBar: 'Processing status', // not in spec (accessible label of the status bar)
    threadsDone: (count: number) => `(${count} thread(s) done)`, // not in spec (wording of the threads-done count)
    threadsProgress: (completed: number, total: number) => `${completed}/${total} threads`, // not in spec
    percent: (value: number) => `${value}%`,
    currentThread: 'Current thread', // not in spec (accessible label)
    elapsed: 'Elapsed time', // not in spec (accessible label)
    // The visible result of a job that ended (not in spec; "Processing Failed" is the spec's failure title).
    resultTitle: { succeeded: 'Processing Complete', cancelled: 'Processing Cancelled', failed: 'Processing Failed' },
    resultCounts: (threads: number, messages: number | null) =>
      messages === null ? `${threads} thread(s) processed` : `${threads} thread(s) and ${messages} message(s) processed`, // not in spec
    // A thread one job could not process (the job goes on with the others). Not in spec.
    threadFailed: (subject: string, reason: string) => `"${subject}" could not be processed: ${reason}`,
    threadFailedReasons: {
      tooLarge: 'a message in it is too large to store',
      gmailRefused: 'Gmail refused to return it',
      modelRefused: 'the AI service refused it',
      modelUnusable: 'the AI answer was not usable',
      unexpected: 'an unexpected error (details in the logs)',
    },
    threadsFailed: (count: number) => `${count} thread(s) could not be processed`, // not in spec
    whatChanged: 'What changed', // not in spec (link from a job's result to /queues)
    result: 'Processing result', // not in spec (accessible label of the result)
    // A job whose execution is gone (kill -9, a restart, a lost execution): ended at once. Not in spec.
    interrupted:
      'The processing job stopped unexpectedly: the server running it restarted or lost it. The threads it finished are kept; start it again to process the rest.',
    cancelledOrphan: 'Cancelled: the job was no longer running', // not in spec
    // A job whose sheet sync failed still ends "succeeded" (its threads are saved), with this warning. Not in spec.
    sheetsNotUpdated: (reason: string) => `The sheets could not be updated: ${reason}`,
    warnings: 'Warnings', // not in spec (accessible label of a result's warnings)
    // "Resync sheets" on the Email Processing screen (not in spec).
    resync: {
      title: 'Google Sheets', // not in spec
      text: "Rewrites every campaign's outreach tracker and its row in the campaigns tracker from what Threadline knows.", // not in spec
      hint: 'Use it when a sheet looks behind, e.g. after its sharing was fixed. Processing does it too, for every campaign whose sheets are behind.', // not in spec
      button: 'Resync sheets', // not in spec
      label: 'Syncing Google Sheets', // not in spec (operation label of a sheets-only job)
      startedTitle: 'Sheets Resync Started', // not in spec
      started: "Bringing every campaign's sheets up to date", // not in spec
      failed: 'Failed to resync sheets', // not in spec
    },
  },

  campaigns: {
    title: 'Campaigns',
    subtitle: 'Manage your influencer marketing campaigns',
    create: 'Create Campaign',
    creating: 'Creating...',
    unhealthy:
      'Drive assets are unhealthy or missing. Please ensure startup recovery is enabled in settings and restart the app to recover drive assets.',
    emptyTitle: 'No Campaigns Yet',
    emptyText: 'Get started by creating your first campaign',
    created: (date: string) => `Created ${date}`,
    createdUnknown: 'Unknown',
    folder: 'Folder',
    influencers: 'Influencers',
    outreach: 'Outreach',
    creatingResources: 'Creating campaign resources...',
    creatingFolder: 'Creating folder...',
    creatingSheet: 'Creating sheet...',
    deleting: 'Deleting campaign...',
    folderMissing: 'Folder not available',
    sheetMissing: 'Sheet not available',
    createDialog: {
      title: 'Create New Campaign',
      clientName: 'Client Name',
      projectName: 'Project Name',
      campaignName: 'Campaign Name',
      campaignId: 'Campaign ID',
      campaignIdHint: 'Unique ID for campaign',
      deliverables: 'Deliverables',
      liveDates: 'Campaign Live Dates',
      additionalDetails: 'Additional Details',
      cancel: 'Cancel',
      submit: 'Create Campaign',
      submitting: 'Creating...',
    },
    unsaved: {
      title: 'Unsaved Changes',
      message: 'You have unsaved changes that will be lost.',
      discard: 'Discard Changes',
      keepEditing: 'Keep Editing',
    },
    validation: {
      campaignIdRequired: 'Campaign ID is required',
      campaignIdFormat: 'Only letters, numbers, and hyphens allowed',
      campaignNameRequired: 'Campaign name is required',
      clientNameRequired: 'Client name is required',
    },
    createdTitle: 'Campaign Created',
    createdMessage: (name: string) => `Campaign "${name}" has been created successfully`,
    creationFailedTitle: 'Creation Failed',
    deleteDialog: {
      title: 'Confirm Campaign Deletion',
      warning: 'This action cannot be undone!',
      removes: [
        'All contacts of the campaign',
        'The campaign configuration',
        'The Drive folder and its contents',
        'All sheets (longlist, outreach)',
        'The campaigns tracker entry',
      ],
      cancel: 'Cancel',
      confirm: 'Delete Campaign',
    },
    deletionStartedTitle: 'Campaign Deletion Initiated',
    deletionStarted: (name: string) => `Campaign "${name}" is being deleted. This may take 5-10 seconds.`,
  },

  contacts: {
    title: 'Contacts',
    subtitle: 'Manage contacts across all campaigns',
    summary: {
      totalCampaigns: 'Total campaigns',
      totalContacts: 'Total contacts',
      trackedContacts: 'Tracked contacts',
    },
    byCampaign: 'By Campaign',
    addSection: 'Add Contacts',
    addIndividual: {
      title: 'Add Individual Contact',
      campaign: 'Campaign',
      email: 'Email',
      talentName: 'Talent Name',
      manager: 'Manager/Owner (optional)',
      submit: 'Add Contact',
      submitting: 'Adding...',
    },
    import: {
      title: 'Import from Google Sheets',
      requiredColumns: 'Email and Talent/Name (or variations) are required columns',
      validating: 'Validating sheet access...',
      found: (name: string) => `✓ Found: ${name}`,
      noPermission: '❌ No permission to access this sheet',
      notFound: '❌ Sheet not found or deleted',
      tabName: 'Tab Name',
      tabPlaceholder: 'Sheet1',
      submit: 'Import Longlist',
      submitting: 'Importing...',
    },
    campaignOption: (id: string, name: string) => `${id} - ${name}`,
    byCampaignLabel: (name: string, id: string) => `${name} - ${id}`,
    groupLabel: (id: string, name: string) => `${id} - ${name}`,
    allContacts: 'All Contacts',
    noCampaign: 'No Campaign',
    manager: (owner: string) => `Manager: ${owner}`,
    tracking: 'Tracking',
    paused: 'Paused',
    empty: 'No contacts found. Add contacts using the forms above or import from Google Sheets.',
    validation: {
      email: 'Please enter a valid email address',
      nameRequired: 'Name is required',
      talentNameRequired: 'Talent Name is required',
      campaignRequired: 'Please select a campaign',
      importCampaignRequired: 'Campaign ID is required',
      sheetUrl: 'Please enter a valid Google Sheets URL',
      sheetUrlInvalid: 'Invalid Google Sheets URL',
    },
    addFailedTitle: 'Failed to Add Contact',
    importFailedTitle: 'Import Failed',
    importFailed: 'Failed to import contacts',
    importFailedHint: 'Failed to import longlist. Please check the sheet URL and try again.',
    // A longlist import runs in the background (not in spec).
    importProgress: {
      running: (processed: number, total: number, campaign: string) => `Importing into ${campaign}: ${processed} of ${total} rows`, // not in spec
      done: (imported: number, skipped: number, duplicates: number, campaign: string) =>
        `Imported ${imported} contact${imported === 1 ? '' : 's'} into ${campaign}; ${skipped} skipped, ${duplicates} duplicate${duplicates === 1 ? '' : 's'}`, // not in spec
      stopped: (reason: string) =>
        `The import stopped after repeated errors (${reason}). The contacts imported so far are kept; import the sheet again to add the rest.`, // not in spec
      campaignGone: 'The campaign was deleted during the import. The contacts imported so far were removed with it.', // not in spec
      listNotUpdated: "The campaign's influencer list could not be updated; the contacts are stored.", // not in spec
      progressLabel: 'Import progress', // not in spec (accessible label of the progress bar)
      background: 'Importing in the background: you can leave this page, the import goes on.', // not in spec
    },
    sheetAccessFailed: 'Failed to access sheet',
    trackingUpdatedTitle: 'Tracking Updated',
    trackingUpdated: (enabled: boolean, who: string) =>
      `Tracking ${enabled ? 'enabled' : 'disabled'} for ${who}`,
    removedTitle: 'Contact Removed',
    removeDetails: [
      'Correspondence tracking for this contact will stop',
      'Processed data is kept',
      'The contact can be re-added later',
    ],
  },

  settings: {
    title: 'Settings',
    subtitle: 'Configure application and email processing preferences',
    restoreDefaults: 'Restore Defaults',
    sections: {
      members: 'Agency Members',
      models: 'AI Models',
      earliestEmail: 'Earliest Email Limit',
      processing: 'Processing Settings',
      driveRecovery: 'Drive Asset Recovery',
    },
    loadFailed: 'Failed to load settings. Please try again.',
    loadFailedAggregate: 'Failed to load settings',
    saveFailedTitle: 'Save Failed',
    saveFailed: (section: string) => `Failed to save ${section} settings`,
    resetFailedTitle: 'Reset Failed',
    resetFailed: 'Failed to reset settings',
    resetTitle: 'Settings Reset',
    reset: 'All settings have been reset to defaults',
    unlimited: 'Unlimited',
    recommended: '(recommended)',
    sectionDescriptions: {
      models: 'Choose the model, temperature and token limit for each AI task', // not in spec
      earliestEmail: 'How far back to scan for emails; 0 means unlimited', // not in spec
      processing: 'How threads are processed', // not in spec
      driveRecovery: 'Check and recover drive assets at these moments', // not in spec
    },
    // Names filling "Failed to save {section} settings"; not in spec.
    saveSectionNames: {
      model_config: 'AI model',
      processing_mode: 'processing',
      processing_limits: 'earliest email limit',
      date_range_processing: 'date range processing',
      health_check: 'drive recovery',
    },
    loadPartNames: {
      model_config: 'AI models',
      processing_mode: 'Processing mode',
      processing_limits: 'Earliest email limit',
      date_range_processing: 'Date range processing',
      health_check: 'Drive asset recovery',
    }, // not in spec (prefixes of the multi-line load error)
    purposes: {
      thread_summary: 'Thread summary',
      individual_message_summary: 'Individual message summary',
      date_validation: 'Date extraction',
      campaign_aggregation: 'Campaign aggregation',
    }, // not in spec (wording of the purposes)
    model: 'Model', // not in spec
    temperature: 'Temperature', // not in spec
    maxTokens: 'Max tokens', // not in spec
    scanDays: 'Days to scan', // not in spec
    days: (count: number) => `${count} days`, // not in spec (preset label)
    incremental: 'Incremental processing', // not in spec
    incrementalHint: 'Only process new messages in threads that were already summarised', // not in spec
    minMessages: 'Minimum messages for incremental processing', // not in spec
    fallbackOnError: 'Fall back to full processing on error', // not in spec
    includeFullThread: 'Include full thread in date range processing', // not in spec
    recovery: {
      skip_on_startup: 'On startup', // not in spec
      skip_on_campaign_creation: 'On campaign creation', // not in spec
      skip_on_add_contact: 'On contact addition', // not in spec
      skip_on_import_longlist: 'On longlist import', // not in spec
    },
    recoveryCost: (seconds: number) => `about ${seconds} s`,
    retry: 'Retry', // not in spec
  },

  members: {
    activeMembers: 'Active Members', // not in spec
    pendingInvitations: 'Pending Invitations', // not in spec
    noPending: 'No pending invitations', // not in spec
    you: 'You',
    youCannotRemove: 'You cannot remove yourself', // not in spec (lock icon tooltip)
    inviteHeading: 'Invite a team member', // not in spec
    inviteNote: 'Invited members get full Drive access after accepting.',
    emailLabel: 'Email', // not in spec
    emailPlaceholder: 'teammate@example.com', // not in spec
    roleLabel: 'Role', // not in spec
    sendInvite: 'Send Invite', // not in spec
    sending: 'Sending...', // not in spec
    resend: 'Resend', // not in spec
    cancelInvite: 'Cancel', // not in spec
    remove: 'Remove', // not in spec
    expired: 'Expired', // not in spec
    invitedBy: (who: string) => `Invited by ${who}`,
    expiresToday: 'Expires today',
    expiresTomorrow: 'Expires tomorrow',
    expiresInDays: (days: number) => `Expires in ${days} days`,
    removeConfirmTitle: 'Remove Member', // not in spec
    removeConfirm: (who: string) => `Remove ${who} from this agency?`, // not in spec
    cancelConfirmTitle: 'Cancel Invitation', // not in spec
    cancelConfirm: (email: string) => `Cancel the invitation for ${email}?`, // not in spec
    invalidEmail: 'Please enter a valid email address',
    addFailedTitle: 'Add Failed',
    addFailed: 'Failed to add member',
    removeFailedTitle: 'Remove Failed',
    removeFailed: 'Failed to remove member',
    inviteFailed: 'Failed to send invitation',
    resendFailedTitle: 'Resend Failed', // not in spec
    resendFailed: 'Failed to resend invitation',
    cancelFailedTitle: 'Cancel Failed', // not in spec
    cancelFailed: 'Failed to cancel invitation',
    invitationSentTitle: 'Invitation Sent',
    invitationSent: (email: string) => `${email} has been invited`,
    invitationCancelledTitle: 'Invitation Cancelled', // not in spec
    memberRemovedTitle: 'Member Removed',
    memberRemoved: (who: string) => `${who} has been removed`, // not in spec
    loadFailed: 'Failed to list members',
    roles: { member: 'Member', owner: 'Owner' },
  },

  mailboxes: {
    heading: 'Connected mailboxes', // not in spec
    intro: (agency: string) =>
      `Threadline reads a mailbox for ${agency} only after its owner connects it here. Each person connects their own.`, // not in spec
    whatStaffSee: (agency: string) =>
      `If you connect your Gmail, everyone in ${agency} can see the mail in it that involves the talents and managers they track: who wrote, when, summaries, fees, dates and links to the threads in your Gmail. Nothing else in your mailbox is read. You can limit it below and disconnect at any time.`, // not in spec
    connect: 'Connect my mailbox', // not in spec
    update: 'Save limits', // not in spec
    disconnect: 'Disconnect my mailbox', // not in spec
    removeData: 'Also remove what was read from my mailbox', // not in spec
    consentLabel: (agency: string) => `Let ${agency} read the mail in my Gmail that involves tracked talents and managers`, // not in spec
    fromLabel: 'Only mail sent from or to these addresses (optional, comma separated)', // not in spec
    afterLabel: 'Only mail on or after (optional)', // not in spec
    none: 'No mailbox is connected yet: processing has nothing to read.', // not in spec
    owner: 'Owner', // not in spec
    limits: 'Limits', // not in spec
    noLimits: 'All tracked mail', // not in spec
    onlyFrom: (addresses: string) => `Only mail from/to ${addresses}`, // not in spec
    onlyAfter: (day: string) => `on or after ${day}`, // not in spec
    lastCheck: 'Last successful check', // not in spec
    never: 'Never', // not in spec
    health: {
      connected: 'Connected',
      missing_access: 'Missing Gmail access',
      revoked: 'Access revoked: sign in again',
      history_reset: 'History reset: recent mail re-scanned',
    }, // not in spec
    connected: 'Your mailbox is connected', // not in spec
    disconnected: 'Your mailbox is disconnected', // not in spec
    noGoogleAccess: 'Sign in with Google again to connect your mailbox.', // not in spec
    googleRevoked: 'Google refused Threadline\'s access to your account (it was revoked or your password changed): sign out and sign in again so your mailbox can be read.', // not in spec
    loadFailed: 'Failed to load mailboxes', // not in spec
    saveFailed: 'Failed to update your mailbox connection', // not in spec
    createConsent: 'Connect my Gmail to this agency so its staff see the mail I exchange with tracked talents', // not in spec
    skipped: (mailbox: string, reason: string) => `${mailbox} was skipped: ${reason}`, // not in spec
    yours: 'Your mailbox', // not in spec
    healthLabel: 'Health', // not in spec
    consentRequired: 'Tick the box to give your consent first', // not in spec
    invalidAddress: (address: string) => `"${address}" is not a valid e-mail address`, // not in spec
    tooManyAddresses: (max: number) => `At most ${max} addresses`, // not in spec
    invalidDay: 'Choose a date (yyyy-MM-dd)', // not in spec
    disconnectConfirmTitle: 'Disconnect your mailbox?', // not in spec
    disconnectConfirm: (agency: string) => `Threadline stops reading your mailbox for ${agency} at once.`, // not in spec
    disconnectKeeps: 'What was already read from it stays in the agency’s record.', // not in spec
    disconnectRemoves: 'What was read from it is removed from the agency’s record.', // not in spec
    limitsSaved: 'Limits saved', // not in spec
    removedThreads: (count: number) => `${count} thread(s) read from your mailbox were removed`, // not in spec
    saveFailedTitle: 'Mailbox Update Failed', // not in spec
    thisAgency: 'this agency', // not in spec (when the agency's name is not known yet)
    push: {
      label: 'New mail',
      watching: (until: string) => `Instant (Gmail push) until ${until}`,
      // The agency's check interval (Settings → monitoring), not the scheduler's 2-minute tick that decides who is due.
      polling: (minutes: number) => `Checked every ${minutes} minutes`,
      lastNotification: (when: string) => `last notification ${when}`,
      fallback: {
        not_configured: 'Gmail push is not set up for this deployment',
        watch_failed: 'Gmail refused the push watch',
        watch_expired: 'the push watch ran out; it is renewed daily',
        not_watched: 'the push watch has not started yet',
      },
    }, // not in spec
  },

  // Who may do what, and the abuse limits (issue 13, "Roles and abuse"); not in spec.
  roles: {
    ownerOnly: {
      deleteCampaign: 'Only owners can delete campaigns',
      setApiKey: 'Only owners can set or replace the OpenAI API key',
      resetSettings: 'Only owners can reset settings',
      clearContacts: 'Only owners can clear contacts',
      // How often every member's mailbox is read is the agency's to decide (not in spec).
      monitoringInterval: 'Only owners can change how often mail is checked',
      // The audit log is the owners' record of everyone's changes (issue 26; not in spec).
      auditLog: 'Only owners can see the activity log',
      auditRetention: 'Only owners can change how long activity is kept',
      // A talent's data on request: the export holds everything about them, the erasure removes it (issue 26; not in spec).
      talentData: "Only owners can export or erase a talent's data",
    },
    /** What a member reads at the API-key gate of an agency without a key, instead of the form. */
    askOwnerForApiKey: (agency: string) => `Ask an owner of ${agency} to set the OpenAI API key.`,
  },

  limits: {
    /** "Try again in {wait}": a Retry-After in seconds, in words. */
    wait: (seconds: number) => {
      if (seconds < 60) return `${seconds} ${plural(seconds, 'second')}`;
      if (seconds < 3600) {
        const minutes = Math.ceil(seconds / 60);
        return `${minutes} ${plural(minutes, 'minute')}`;
      }
      const hours = Math.ceil(seconds / 3600);
      return `${hours} ${plural(hours, 'hour')}`;
    },
    invitesToAddress: (email: string, wait: string) => `Too many invitations have been sent to ${email} today. Try again in ${wait}.`,
    invitesFromAgency: (wait: string) => `This agency has sent too many invitations in the last hour. Try again in ${wait}.`,
    apiKeyChecks: (wait: string) => `Too many API key checks for this agency. Try again in ${wait}.`,
    settingsConflict: 'Someone else saved these settings at the same moment. Please try again.',
  },

  time: {
    justNow: 'Just now',
    minutesAgo: (n: number) => `${n} ${plural(n, 'minute')} ago`,
    hoursAgo: (n: number) => `${n} ${plural(n, 'hour')} ago`,
    daysAgo: (n: number) => `${n} ${plural(n, 'day')} ago`,
  },
} as const;
