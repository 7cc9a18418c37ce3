/**
 * The work queues' words (the queues page and the dashboard summary). The product spec does not
 * cover these screens, so none of these strings is quoted from it ("not in spec" throughout).
 */
import { messages } from '../../../../../shared/messages';
import type { QueueId } from './queue-params';

export const queueText = {
  navLabel: 'Queues',
  title: 'Work Queues',
  subtitle: 'What needs a reply, a nudge or a decision, and what changed since your last visit',
  summaryTitle: messages.dashboard.queuesSummaryTitle,
  summarySubtitle: messages.dashboard.queuesSummarySubtitle,
  openQueues: 'Open queues',
  viewAll: (count: number) => `View all ${count}`,
  loadFailed: 'Failed to load this queue',
  retry: 'Retry',
  more: (count: number) => `and ${count} more`,
  waiting: (duration: string) => `waiting ${duration}`,
  noSubject: '(no subject)',
  candidates: 'Candidates',
  noCandidates: 'No tracked talent matches this mail: choose "Another talent", or add the talent as a contact first.',
  assignTo: (talent: string, campaign: string) => `Assign to ${talent} (${campaign})`,
  assignOne: 'Assign',
  chooseSeveral: 'Several talents',
  assignSelected: (count: number) => (count === 0 ? 'Assign selected' : `Assign selected (${count})`),
  assigning: 'Assigning...',
  assignedTitle: 'Conversation Assigned',
  assigned: (names: string) => `Assigned to ${names}`,
  assignFailedTitle: 'Assignment Failed',
  assignFailed: 'Failed to assign the conversation',
  // "Another talent": the person names a talent the rules did not offer (the request says so: other_talent).
  otherTalent: 'Another talent',
  otherTalentLabel: (subject: string) => `Another talent: ${subject}`,
  otherTalentSearch: 'Search your tracked talents',
  otherTalentPlaceholder: 'Name, e-mail or handle',
  otherTalentSearching: 'Searching...',
  otherTalentNone: 'No tracked talent matches this search.',
  otherTalentOption: (talent: string, campaign: string) => `${talent} · ${campaign}`,
  assignOther: 'Assign to this talent',
  chooseOtherTalent: 'Choose a talent first',
  dismiss: 'None of these',
  dismissLabel: (subject: string) => `None of these talents: ${subject}`,
  dismissedTitle: 'Conversation Dismissed',
  dismissed: 'About none of these talents: later mail from the manager on this thread stays out of the queue',
  sinceVisit: (when: string) => `Since your last visit (${when})`,
  sinceFirstVisit: 'In the last 7 days',
  reply: 'Reply',
  statusChange: 'Status',
  statusChanged: (from: string, to: string) => `${from} → ${to}`,
  statusSet: (to: string) => `Now ${to}`,
  newMailFrom: 'New mail from',
  noNewMailFrom: 'No new replies since your last visit',
} as const;

export const QUEUE_TITLES: Readonly<Record<QueueId, string>> = {
  needs_reply: 'Needs reply',
  follow_up: 'Follow up',
  needs_assignment: 'Needs assignment',
  changes: 'What changed',
};

export const QUEUE_DESCRIPTIONS: Readonly<Record<QueueId, string>> = {
  needs_reply: 'The talent side wrote last: the longest waiting first',
  follow_up: 'No answer for a while: time for a nudge',
  needs_assignment: 'Mail nobody could match to one talent: choose whose it is',
  changes: 'Replies and status changes, newest first',
};

export const QUEUE_EMPTY: Readonly<Record<QueueId, string>> = {
  needs_reply: 'Nothing is waiting for a reply.',
  follow_up: 'Nobody needs a nudge.',
  needs_assignment: 'Every conversation has its talent.',
  changes: 'Nothing changed since your last visit.',
};
