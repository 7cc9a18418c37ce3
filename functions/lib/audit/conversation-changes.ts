import type { AuditChange, AuditValue } from '../../../shared/schemas/audit';
import type { ConversationJson, ConversationPatchBody } from '../../../shared/schemas/conversations';

/**
 * A correction's before → after, for the fields the person sent. Dates and fees are recorded as
 * short lines ("2026-03-01 go_live", "1500 GBP flat agreed"), never with their quotes: a quote is
 * a message's words, and no message text goes into the audit log.
 */
const shownField = (conversation: ConversationJson | undefined, field: keyof ConversationPatchBody): AuditValue => {
  if (!conversation) return null;
  switch (field) {
    case 'status':
      return conversation.status;
    case 'whose_turn':
      return conversation.whose_turn;
    case 'dates':
      return conversation.dates.map((date) => `${date.date} ${date.kind}`);
    case 'fees':
      return conversation.fees.map((fee) => `${fee.amount} ${fee.currency} ${fee.unit} ${fee.state}`);
  }
};

/**
 * null hands the field back to the model, and a person may confirm the value already shown (it is
 * theirs from then on): both are recorded as such, so no correction reads as "nothing changed".
 */
const marked = (value: AuditValue, mark: string): AuditValue => `${Array.isArray(value) ? value.join(', ') : String(value)} (${mark})`;

export const correctionChanges = (body: ConversationPatchBody, before: ConversationJson | undefined, after: ConversationJson): AuditChange[] =>
  (Object.keys(body) as (keyof ConversationPatchBody)[])
    .filter((field) => body[field] !== undefined)
    .map((field) => {
      const old = shownField(before, field);
      const now = shownField(after, field);
      if (body[field] === null) return { field, before: old, after: marked(now, 'back to automatic') };
      return { field, before: old, after: JSON.stringify(old) === JSON.stringify(now) ? marked(now, 'confirmed') : now };
    });
