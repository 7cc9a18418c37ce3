import { CORRECTABLE_FIELDS, type ConversationJson, type ConversationPatchBody, type CorrectableField } from '../../../shared/schemas/conversations';
import { correctionChanges } from '../audit/conversation-changes';
import { recordAudit } from '../audit/record';
import { getContact } from '../campaigns/contact-store';
import { BadRequest } from '../http/errors';
import { isConditionalFailure } from '../store/conditional-write';
import type { AgencyScope } from '../session/resolve';
import { conversationEntity, type ConversationItem } from '../store/entities/conversation';
import { contactConversation, conversationNotFound } from './list';
import { ConversationContended, conversationChanged, recomputeConversation } from './recompute';
import { parseConversationId } from './store';

/**
 * PATCH /api/v3/conversations/{id}: a person's corrections. A value sets the field and marks it
 * corrected (kept from then on, whatever the model reads later); null hands it back to the
 * model. The item is written conditionally on its version (and bumps it), so a rebuild running
 * at the same time reads the corrections again rather than overwriting them; then the
 * conversation is rebuilt and answered.
 */

const MAX_ATTEMPTS = 5;

type PersonDate = { date: string; kind: NonNullable<ConversationPatchBody['dates']>[number]['kind']; quote: string; setBy: 'person' };
type PersonFee = {
  amount: number;
  currency: string;
  unit: NonNullable<ConversationPatchBody['fees']>[number]['unit'];
  vatIncluded?: boolean;
  state: NonNullable<ConversationPatchBody['fees']>[number]['state'];
  quote: string;
  setBy: 'person';
};

/** What a patch body changes on the item: attributes to set, attributes to remove, the corrected set after it. */
export type CorrectionPlan = {
  set: {
    correctedStatus?: ConversationJson['status'];
    correctedTurn?: NonNullable<ConversationJson['whose_turn']>;
    personDates?: PersonDate[];
    personFees?: PersonFee[];
  };
  remove: ('correctedStatus' | 'correctedTurn' | 'personDates' | 'personFees')[];
  correctedFields: CorrectableField[];
  /** some field got a value (not only hand-backs): the correction moment moves */
  setsValue: boolean;
};

/** Pure: the item change a patch body asks for, given the fields corrected before it. */
export const planCorrections = (body: ConversationPatchBody, before: Iterable<string> = []): CorrectionPlan => {
  const corrected = new Set<string>(before);
  const set: CorrectionPlan['set'] = {};
  const remove: CorrectionPlan['remove'] = [];
  /** null hands the field back (its attribute removed); a value corrects it. */
  const apply = (field: CorrectableField, attribute: CorrectionPlan['remove'][number], value: unknown, write: () => void) => {
    if (value === undefined) return;
    if (value === null) {
      remove.push(attribute);
      corrected.delete(field);
      return;
    }
    write();
    corrected.add(field);
  };
  apply('status', 'correctedStatus', body.status, () => {
    set.correctedStatus = body.status!;
  });
  apply('whose_turn', 'correctedTurn', body.whose_turn, () => {
    set.correctedTurn = body.whose_turn!;
  });
  apply('dates', 'personDates', body.dates, () => {
    set.personDates = body.dates!.map((date) => ({ date: date.date, kind: date.kind, quote: date.quote ?? '', setBy: 'person' as const }));
  });
  apply('fees', 'personFees', body.fees, () => {
    set.personFees = body.fees!.map((fee) => ({
      amount: fee.amount,
      currency: fee.currency,
      unit: fee.unit,
      ...(fee.vat_included === null || fee.vat_included === undefined ? {} : { vatIncluded: fee.vat_included }),
      state: fee.state,
      quote: fee.quote ?? '',
      setBy: 'person' as const,
    }));
  });
  return { set, remove, correctedFields: CORRECTABLE_FIELDS.filter((field) => corrected.has(field)), setsValue: Object.keys(set).length > 0 };
};

/** Writes the plan on the item (creating it for a contact with no mail yet); retried on a version race. */
const writeCorrections = async (agencyName: string, campaignId: string, email: string, body: ConversationPatchBody, now: string): Promise<void> => {
  const key = { agencyName, campaignId, subjectKey: email };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const { data } = await conversationEntity.get(key).go({ consistent: true });
    const item = (data as ConversationItem | null) ?? undefined;
    const plan = planCorrections(body, item?.correctedFields ?? []);
    try {
      if (!item) {
        // A contact with no mail yet: the item starts "Not contacted", the person's reading on top.
        await conversationEntity
          .create({
            ...key,
            version: 1,
            status: plan.set.correctedStatus ?? 'not_contacted',
            ...(plan.set.correctedTurn ? { whoseTurn: plan.set.correctedTurn, turnSince: now } : {}),
            ...plan.set,
            ...(plan.correctedFields.length ? { correctedFields: plan.correctedFields } : {}),
            ...(plan.setsValue ? { correctedAt: now } : {}),
            updatedAt: now,
          })
          .go({ response: 'none' });
        return;
      }
      const remove: (CorrectionPlan['remove'][number] | 'correctedFields')[] = [...plan.remove];
      if (plan.correctedFields.length === 0) remove.push('correctedFields');
      const update = conversationEntity
        .patch(key)
        .set({
          ...plan.set,
          ...(plan.correctedFields.length ? { correctedFields: plan.correctedFields } : {}),
          ...(plan.setsValue ? { correctedAt: now } : {}),
          version: item.version + 1,
          updatedAt: now,
        });
      await (remove.length ? update.remove(remove) : update).where((attr, op) => op.eq(attr.version, item.version)).go({ response: 'none' });
      return;
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }
  // Route-only: a race lost every time is the caller's to retry (409), never a 500.
  throw conversationChanged();
};

/**
 * Applies a person's corrections to one contact's conversation and answers it rebuilt. 404 when
 * the e-mail is not a contact of that campaign (of the caller's agency).
 */
export const correctConversation = async (scope: AgencyScope, id: string, body: ConversationPatchBody, now: number = Date.now()): Promise<ConversationJson> => {
  const parsed = parseConversationId(id);
  if (parsed.kind === 'needs_assignment') throw new BadRequest('Assign this conversation to a talent before correcting it');
  const contact = await getContact(scope.agencyName, parsed.campaignId, parsed.email);
  if (!contact) throw conversationNotFound();
  // What the person saw before, for the audit log's before → after.
  const before = await contactConversation(scope, contact.campaignId, contact.email, now);
  await writeCorrections(scope.agencyName, contact.campaignId, contact.email, body, new Date(now).toISOString());
  await recomputeConversation(scope.agencyName, contact.campaignId, contact.email).catch((error: unknown) => {
    // Lost every race to concurrent rebuilds, each of which read this correction: it is shown.
    if (!(error instanceof ConversationContended)) throw error;
  });
  const found = await contactConversation(scope, contact.campaignId, contact.email, now);
  if (!found) throw conversationNotFound();
  await recordAudit(scope, { kind: 'conversation.correct', campaignId: contact.campaignId, contactEmail: contact.email, changes: correctionChanges(body, before?.json, found.json) });
  return found.json;
};
