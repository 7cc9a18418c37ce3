import type { AssignBody, ConversationJson } from '../../../shared/schemas/conversations';
import { recordAudit, recordTalentAudits } from '../audit/record';
import { getContact } from '../campaigns/contact-store';
import { BadRequest } from '../http/errors';
import { isConditionalFailure } from '../store/conditional-write';
import type { AgencyScope } from '../session/resolve';
import { conversationThreadEntity, type ConversationThreadItem } from '../store/entities/conversation-thread';
import { contactConversation, conversationNotFound, followUpAfterDays } from './list';
import { reattributeThread } from './reattribute';
import { ConversationContended, conversationChanged, ThreadNotAttached } from './recompute';
import { parseConversationId } from './store';

/**
 * POST /api/v3/conversations/assign: a person says whose a needs-assignment conversation is.
 * The assignment is kept on the conversation thread (it sticks for later messages), written
 * conditionally on the thread's version; then the thread is attributed again and the assigned
 * conversations are answered.
 */

const MAX_ATTEMPTS = 5;

type Assignment = { contactEmail: string; campaignId: string };

const assignmentKey = (entry: Assignment) => `${entry.campaignId}:${entry.contactEmail.toLowerCase()}`;

/**
 * Every assignment must name a tracked contact of that campaign (of the caller's agency: another
 * agency's contact is never found) and, unless the person chose "another talent" (other_talent),
 * one of the conversation's candidates. Duplicates count once.
 */
const validAssignments = async (scope: AgencyScope, body: AssignBody, thread: Pick<ConversationThreadItem, 'candidates'>): Promise<Assignment[]> => {
  const unique = new Map<string, Assignment>();
  for (const entry of body.assignments) unique.set(`${entry.campaign_id}:${entry.contact_email}`, { contactEmail: entry.contact_email, campaignId: entry.campaign_id });
  const assignments = [...unique.values()];
  const contacts = await Promise.all(assignments.map((entry) => getContact(scope.agencyName, entry.campaignId, entry.contactEmail)));
  // The candidates it was shown with (the thread keeps them after a choice: apply-attribution.ts).
  const candidates = new Set((thread.candidates ?? []).map(assignmentKey));
  assignments.forEach((entry, index) => {
    const contact = contacts[index];
    if (!contact) throw new BadRequest(`${entry.contactEmail} is not a contact of campaign "${entry.campaignId}"`);
    if (!contact.trackingEnabled) throw new BadRequest(`${entry.contactEmail} is not tracked in campaign "${entry.campaignId}"; turn tracking on first`);
    if (!body.other_talent && !candidates.has(assignmentKey(entry))) {
      throw new BadRequest(`${entry.contactEmail} is not one of this conversation's candidates; choose "Another talent" to assign someone else`);
    }
  });
  return assignments;
};

const storeAssignment = async (agencyName: string, threadKey: string, assignments: Assignment[], now: string): Promise<void> => {
  // An empty assignment is a dismissal ("none of these"); assigning later lifts it.
  const dismissed = assignments.length === 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const { data } = await conversationThreadEntity.get({ agencyName, threadKey }).go({ consistent: true });
    const thread = (data as ConversationThreadItem | null) ?? undefined;
    if (!thread) throw conversationNotFound();
    try {
      await conversationThreadEntity
        .patch({ agencyName, threadKey })
        .set({ assignment: assignments, dismissed, version: thread.version + 1, updatedAt: now })
        .where((attr, op) => op.eq(attr.version, thread.version))
        .go({ response: 'none' });
      return;
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }
  // Route-only: a race lost every time is the caller's to retry (409), never a 500.
  throw conversationChanged();
};

/**
 * Assigns a needs-assignment conversation, or dismisses it ("none of these": it leaves the queue
 * and stays out for later manager mail on that thread); answers the assigned talents' conversations.
 */
export const assignConversation = async (scope: AgencyScope, body: AssignBody, now: number = Date.now()): Promise<ConversationJson[]> => {
  const parsed = parseConversationId(body.id);
  if (parsed.kind !== 'needs_assignment') throw new BadRequest('id must be a needs-assignment conversation id');
  const { data: thread } = await conversationThreadEntity.get({ agencyName: scope.agencyName, threadKey: parsed.threadKey }).go();
  if (!thread) throw conversationNotFound();
  const assignments = body.dismiss ? [] : await validAssignments(scope, body, thread);
  await storeAssignment(scope.agencyName, parsed.threadKey, assignments, new Date(now).toISOString());
  await reattributeThread(scope.agencyName, parsed.threadKey).catch((error: unknown) => {
    // A rebuild lost every race to concurrent ones, each of which read this assignment: it is shown.
    if (error instanceof ConversationContended) return;
    // The thread could not join a conversation: nothing shows it yet, so the person sends it again.
    if (error instanceof ThreadNotAttached) throw conversationChanged();
    throw error;
  });
  if (body.dismiss) await recordAudit(scope, { kind: 'conversation.dismiss', target: body.id, changes: [{ field: 'dismissed', before: false, after: true }] });
  // "Another talent" is a person's explicit choice outside the candidates: recorded as such.
  const field = body.other_talent ? 'assigned_to (another talent)' : 'assigned_to';
  await recordTalentAudits(scope, 'conversation.assign', assignments, (entry) => ({ contactEmail: entry.contactEmail, target: body.id, changes: [{ field, before: null, after: entry.contactEmail }] }));
  const days = await followUpAfterDays(scope);
  const conversations = await Promise.all(assignments.map((entry) => contactConversation(scope, entry.campaignId, entry.contactEmail, now, days)));
  return conversations.flatMap((found) => (found ? [found.json] : []));
};
