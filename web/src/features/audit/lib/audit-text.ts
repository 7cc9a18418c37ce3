import type { AuditChange, AuditKind } from '../../../../../shared/schemas/audit';

/** The activity log's words (not in spec). */
export const AUDIT_TEXT = {
  title: 'Activity',
  description: 'Who changed what, and when. Kept for the number of days an owner sets below.',
  person: 'Person',
  campaign: 'Campaign',
  talent: 'Talent',
  talentPlaceholder: 'talent@example.com',
  kind: 'Change',
  everyone: 'Everyone',
  allCampaigns: 'All campaigns',
  allKinds: 'All changes',
  clear: 'Clear filters',
  empty: 'No activity matches these filters.',
  loadFailed: 'The activity log could not be loaded.',
  newer: 'Newer',
  older: 'Older',
  download: 'Download CSV',
  downloadFailedTitle: 'Download failed',
  downloadFailed: 'The activity log could not be exported.',
  retention: 'Keep activity for (days)',
  retentionSaved: 'Activity retention saved',
  retentionFailed: 'The retention could not be saved',
  save: 'Save',
  talentTitle: 'Activity',
  talentEmpty: 'Nobody has changed anything about this talent yet.',
} as const;

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'agency.create': 'Agency created',
  'member.invite': 'Member invited',
  'member.invite_resend': 'Invitation sent again',
  'member.invite_cancel': 'Invitation cancelled',
  'member.join': 'Member joined',
  'member.remove': 'Member removed',
  'api_key.set': 'OpenAI key set',
  'campaign.create': 'Campaign created',
  'campaign.delete': 'Campaign deleted',
  'campaign.client_address': 'Client address marked',
  'contact.add': 'Contact added',
  'contact.remove': 'Contact removed',
  'contact.tracking': 'Tracking changed',
  'contacts.clear': 'Contacts cleared',
  'contacts.import': 'Longlist imported',
  'drive.delete': 'Drive folder deleted',
  'drive.recreate': 'Drive folder recreated',
  'conversation.correct': 'Conversation corrected',
  'conversation.assign': 'Conversation assigned',
  'conversation.dismiss': 'Conversation dismissed',
  'mailbox.connect': 'Mailbox connected',
  'mailbox.disconnect': 'Mailbox disconnected',
  'settings.change': 'Settings changed',
  'settings.reset': 'Settings reset',
  'settings.profile': 'Settings profile applied',
  'audit.retention': 'Activity retention changed',
  'audit.export': 'Activity exported',
  'talent.export': 'Talent data exported',
  'talent.erase': 'Talent erased',
};

const shown = (value: AuditChange['before']): string => (value === null ? '—' : Array.isArray(value) ? value.join(', ') || '—' : String(value));

/** "tracking: true → false" */
export const changeLine = (change: AuditChange): string => `${change.field.replaceAll('_', ' ')}: ${shown(change.before)} → ${shown(change.after)}`;
