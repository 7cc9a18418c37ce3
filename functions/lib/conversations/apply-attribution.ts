import { isConditionalFailure } from '../store/conditional-write';
import { NEEDS_ASSIGNMENT_SEGMENT, type ConversationItem } from '../store/entities/conversation';
import { conversationThreadEntity, type ConversationThreadItem } from '../store/entities/conversation-thread';
import { nowIso } from '../store/keys';
import { attachThread, ConversationContended, conversationChanged, recomputeConversation } from './recompute';
import { attribute } from './rules/attribution';
import type { AgencyDirectory, Attribution, AttributionTarget, RuleMessage } from './types';

/**
 * Attribution applied to a conversation thread: `plan` decides (pure, from the rules), `commit`
 * rebuilds every conversation the thread joins or leaves. A person's assignment sticks.
 */
type ThreadFields = Pick<ConversationThreadItem, 'targets' | 'needsAssignment' | 'candidates' | 'managers'>;

export type AttributionPlan = {
  attribution: Attribution;
  threadFields: ThreadFields;
  campaignIds: string[];
  talentLabel: string;
  campaignLabel: string;
  /** the targets differ from the stored ones */
  changed: boolean;
};

const targetId = (t: Pick<AttributionTarget, 'contactEmail' | 'campaignId'>) => `${t.campaignId}|${t.contactEmail}`;

const plan = async (directory: AgencyDirectory, messages: RuleMessage[], stored: ConversationThreadItem | undefined | null): Promise<AttributionPlan> => {
  const assignment = stored?.assignment ?? [];
  const attribution = attribute({ messages, directory, ...(assignment.length ? { assignment } : {}), dismissed: stored?.dismissed ?? false });
  // After a person's choice (an assignment, "none of these") the thread keeps the candidates they
  // chose among: the ones a later assignment may name without saying "another talent" (assign.ts).
  const kept = assignment.length > 0 || stored?.dismissed ? (stored?.candidates ?? []) : [];
  const threadFields: ThreadFields =
    attribution.kind === 'attributed'
      ? { targets: attribution.targets, needsAssignment: false, candidates: kept, managers: [] }
      : attribution.kind === 'needs_assignment'
        ? { targets: [], needsAssignment: true, candidates: attribution.candidates, managers: attribution.managers }
        : { targets: [], needsAssignment: false, candidates: kept, managers: [] };
  const campaignIds = [...new Set((threadFields.targets ?? []).map((t) => t.campaignId))];
  const before = new Set((stored?.targets ?? []).map(targetId));
  const after = new Set((threadFields.targets ?? []).map(targetId));
  const changed = before.size !== after.size || [...after].some((id) => !before.has(id)) || Boolean(stored?.needsAssignment) !== threadFields.needsAssignment;
  const contacts = (threadFields.targets ?? []).map((t) => directory.contacts.find((c) => c.email === t.contactEmail && c.campaignId === t.campaignId));
  const talentLabel = [...new Set(contacts.map((c) => (c ? (c.talentName ? `${c.talentName} <${c.email}>` : c.email) : '')).filter(Boolean))].join(', ');
  const campaignLabel = campaignIds
    .map((id) => directory.campaigns.find((c) => c.campaignId === id))
    .map((c) => (c ? `${c.campaignName} (client: ${c.clientName})` : ''))
    .filter(Boolean)
    .join('; ');
  return { attribution, threadFields, campaignIds, talentLabel: talentLabel || 'unknown', campaignLabel: campaignLabel || 'unknown', changed };
};

/**
 * Rebuilds the conversations of the thread's targets and of the ones it left; returns the targets'
 * items. A rebuild that loses every race does not stop the others (each is rebuilt by whoever won,
 * from a read after this thread was saved); it is thrown once all have run, for a task to retry.
 */
const commit = async (agencyName: string, before: ConversationThreadItem | undefined | null, after: ConversationThreadItem): Promise<ConversationItem[]> => {
  const out: ConversationItem[] = [];
  let contended: ConversationContended | undefined;
  const rebuild = (campaignId: string, subjectKey: string) =>
    recomputeConversation(agencyName, campaignId, subjectKey).catch((error: unknown) => {
      if (!(error instanceof ConversationContended)) throw error;
      contended ??= error;
      return undefined;
    });
  for (const target of after.targets ?? []) {
    await attachThread(agencyName, target.campaignId, target.contactEmail, after.threadKey);
    const item = await rebuild(target.campaignId, target.contactEmail);
    if (item) out.push(item);
  }
  const kept = new Set((after.targets ?? []).map(targetId));
  for (const left of (before?.targets ?? []).filter((t) => !kept.has(targetId(t)))) await rebuild(left.campaignId, left.contactEmail);
  if (after.needsAssignment) {
    await attachThread(agencyName, NEEDS_ASSIGNMENT_SEGMENT, after.threadKey, after.threadKey);
    await rebuild(NEEDS_ASSIGNMENT_SEGMENT, after.threadKey);
  } else if (before?.needsAssignment) await rebuild(NEEDS_ASSIGNMENT_SEGMENT, after.threadKey);
  if (contended) throw contended;
  return out;
};

export const applyAttribution = { plan, commit };

/** Writes new attribution fields on a stored thread, conditional on its version: the thread written, or undefined when it changed since it was read. */
export const writeAttribution = async (stored: ConversationThreadItem, fields: Partial<ConversationThreadItem>): Promise<ConversationThreadItem | undefined> => {
  const next = { ...stored, ...fields, version: stored.version + 1, updatedAt: nowIso() } as ConversationThreadItem;
  return conversationThreadEntity
    .put(next)
    .where((attr, op) => op.eq(attr.version, stored.version))
    .go({ response: 'none' })
    .then(
      () => next,
      (error: unknown) => {
        if (isConditionalFailure(error)) return undefined;
        throw error;
      },
    );
};

/** Saves new attribution fields on a stored thread (optimistic), then rebuilds its conversations. */
export const saveAttribution = async (agencyName: string, stored: ConversationThreadItem, fields: Partial<ConversationThreadItem>): Promise<ConversationItem[]> => {
  const next = await writeAttribution(stored, fields);
  if (!next) throw conversationChanged();
  return commit(agencyName, stored, next);
};
