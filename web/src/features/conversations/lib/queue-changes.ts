import { STATUS_LABELS, type ChangeJson } from '../../../../../shared/schemas/conversations';
import { queueText } from './queue-text';

/** Newest first (the server's order, kept even if a page arrives unsorted). */
export const newestFirst = (changes: readonly ChangeJson[]): ChangeJson[] =>
  [...changes].sort((a, b) => b.at.localeCompare(a.at) || a.conversation_id.localeCompare(b.conversation_id));

/** What a change did: "Reply", or "Negotiating → Confirmed". */
export const changeText = (change: ChangeJson): string => {
  if (change.kind === 'reply') return queueText.reply;
  return change.previous_status
    ? queueText.statusChanged(STATUS_LABELS[change.previous_status], STATUS_LABELS[change.status])
    : queueText.statusSet(STATUS_LABELS[change.status]);
};

export type TalentWithNewMail = { contact_email: string; campaign_id: string; talent_name: string; at: string };

/**
 * The talents who wrote (replies only), once each, most recent first: for "new mail from …".
 * A talent in several campaigns is named once, linked to the campaign of their latest reply.
 */
export const talentsWithNewMail = (changes: readonly ChangeJson[]): TalentWithNewMail[] => {
  const seen = new Map<string, TalentWithNewMail>();
  for (const change of newestFirst(changes)) {
    if (change.kind !== 'reply' || seen.has(change.contact_email)) continue;
    seen.set(change.contact_email, {
      contact_email: change.contact_email,
      campaign_id: change.campaign_id,
      talent_name: change.talent_name.trim() || change.contact_email,
      at: change.at,
    });
  }
  return [...seen.values()];
};
