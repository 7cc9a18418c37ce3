/**
 * Whose turn and follow-ups. The rule lives beside the status table in shared/ (the web shows the
 * same follow-up flag); this is its home for the conversation rules.
 */
export { needsFollowUp, needsReply } from '../../../../shared/conversation-status';
