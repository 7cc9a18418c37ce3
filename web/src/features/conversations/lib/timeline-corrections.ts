/**
 * The correction form's values and the PATCH body they give. The form is validated with the
 * shared `conversationPatchBody` (so its messages are the API's); only the fields the person
 * changed are sent, because a sent field becomes "set by a person" for good.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type * as z from 'zod';
import {
  conversationPatchBody,
  type ConversationJson,
  type ConversationPatchBody,
  type ConversationStatus,
  type CorrectableField,
  type DateKind,
  type FeeState,
  type FeeUnit,
  type Turn,
} from '../../../../../shared/schemas/conversations';

export type CorrectionDate = { date: string; kind: DateKind; quote: string };
export type CorrectionFee = {
  amount: number;
  currency: string;
  unit: FeeUnit;
  vat_included: boolean | null;
  state: FeeState;
  quote: string;
};

/** What the form holds: the patch body's input with every field present. */
export type CorrectionFormValues = {
  status: ConversationStatus;
  whose_turn: Turn | null;
  dates: CorrectionDate[];
  fees: CorrectionFee[];
};
/** What the shared schema makes of it (currency upper-cased, quotes defaulted). */
export type CorrectionFormOutput = z.output<typeof conversationPatchBody>;

/**
 * The shared schema as the form's resolver. The form always holds every field, a narrower shape
 * than the schema's input (where each field is optional), hence the cast.
 */
export const correctionResolver = zodResolver(conversationPatchBody) as unknown as Resolver<CorrectionFormValues, unknown, CorrectionFormOutput>;

/** The conversation as the form starts: its current reading, whoever set it. */
export const correctionDefaults = (conversation: ConversationJson): CorrectionFormValues => ({
  status: conversation.status,
  whose_turn: conversation.whose_turn,
  dates: conversation.dates.map((date) => ({ date: date.date, kind: date.kind, quote: date.quote })),
  fees: conversation.fees.map((fee) => ({
    amount: fee.amount,
    currency: fee.currency,
    unit: fee.unit,
    vat_included: fee.vat_included,
    state: fee.state,
    quote: fee.quote,
  })),
});

/** A new, empty key-date row (the kind most often corrected first). */
export const newDateRow = (): CorrectionDate => ({ date: '', kind: 'go_live', quote: '' });

/** A new fee row: no amount or currency yet, so the schema asks for them. */
export const newFeeRow = (): CorrectionFee => ({ amount: Number.NaN, currency: '', unit: 'total', vat_included: null, state: 'quoted', quote: '' });

const dateKey = (date: { date: string; kind: string; quote?: string | undefined }) => JSON.stringify([date.date, date.kind, (date.quote ?? '').trim()]);

const feeKey = (fee: { amount: number; currency: string; unit: string; vat_included?: boolean | null | undefined; state: string; quote?: string | undefined }) =>
  JSON.stringify([fee.amount, fee.currency.trim().toUpperCase(), fee.unit, fee.vat_included ?? null, fee.state, (fee.quote ?? '').trim()]);

const sameList = <T>(a: readonly T[] | null | undefined, b: readonly T[] | null | undefined, key: (item: T) => string) =>
  JSON.stringify((a ?? []).map(key)) === JSON.stringify((b ?? []).map(key));

/**
 * The PATCH body: each field whose validated value differs from where the form started.
 * Empty when nothing changed (the caller then shows the schema's "Nothing to change").
 */
export const correctionBody = (values: CorrectionFormOutput, conversation: ConversationJson): ConversationPatchBody => {
  const start = correctionDefaults(conversation);
  const body: ConversationPatchBody = {};
  if (values.status !== undefined && values.status !== null && values.status !== start.status) body.status = values.status;
  if (values.whose_turn !== undefined && values.whose_turn !== null && values.whose_turn !== start.whose_turn) body.whose_turn = values.whose_turn;
  if (values.dates && !sameList(values.dates, start.dates, dateKey)) {
    body.dates = values.dates.map((date) => ({ date: date.date, kind: date.kind, quote: date.quote.trim() }));
  }
  if (values.fees && !sameList(values.fees, start.fees, feeKey)) {
    body.fees = values.fees.map((fee) => ({ ...fee, quote: fee.quote.trim() }));
  }
  return body;
};

/** The schema's own words for an empty correction. */
export const nothingToChangeMessage = (): string => {
  const result = conversationPatchBody.safeParse({});
  return result.success ? 'Nothing to change' : (result.error.issues[0]?.message ?? 'Nothing to change');
};

/** The body that hands one field back to the model. */
export const resetBody = (field: CorrectableField): ConversationPatchBody => ({ [field]: null });

/** The field is a person's, as the conversation says (status and turn) or any of its items do (dates, fees). */
export const isCorrected = (conversation: ConversationJson, field: CorrectableField): boolean => conversation.corrected_fields.includes(field);

/** "true" / "false" / "unknown" for the VAT select, and back. */
export const vatToOption = (value: boolean | null | undefined): 'included' | 'excluded' | 'unknown' =>
  value === true ? 'included' : value === false ? 'excluded' : 'unknown';
export const optionToVat = (value: string): boolean | null => (value === 'included' ? true : value === 'excluded' ? false : null);
