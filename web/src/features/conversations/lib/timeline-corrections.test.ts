import { describe, expect, it } from 'vitest';
import { conversationPatchBody } from '../../../../../shared/schemas/conversations';
import { fakeConversation } from '../../../testing/timeline-fakes';
import { correctionBody, correctionDefaults, isCorrected, nothingToChangeMessage, optionToVat, resetBody, vatToOption } from './timeline-corrections';

const withFacts = fakeConversation({
  dates: [{ date: '2026-12-03', kind: 'go_live', quote: 'the video up 12/03', message_id: '<m2@x>', set_by: 'model' }],
  fees: [{ amount: 4500, currency: 'USD', unit: 'bundle', vat_included: null, state: 'agreed', quote: '$4,500 for both', message_id: '<m1@x>', set_by: 'model' }],
});

const output = (values: unknown) => conversationPatchBody.parse(values);

describe('correction form values', () => {
  it('start from the conversation as it reads now', () => {
    expect(correctionDefaults(withFacts)).toEqual({
      status: 'negotiating',
      whose_turn: 'agency',
      dates: [{ date: '2026-12-03', kind: 'go_live', quote: 'the video up 12/03' }],
      fees: [{ amount: 4500, currency: 'USD', unit: 'bundle', vat_included: null, state: 'agreed', quote: '$4,500 for both' }],
    });
  });

  it('send only the fields a person changed', () => {
    const values = correctionDefaults(withFacts);
    expect(correctionBody(output(values), withFacts)).toEqual({});
    expect(correctionBody(output({ ...values, status: 'confirmed' }), withFacts)).toEqual({ status: 'confirmed' });
    expect(correctionBody(output({ ...values, whose_turn: 'talent' }), withFacts)).toEqual({ whose_turn: 'talent' });
  });

  it('send the whole date list when one is added or removed (the list replaces the model reading)', () => {
    const values = correctionDefaults(withFacts);
    const added = output({ ...values, dates: [...values.dates, { date: '2026-11-24', kind: 'draft_due', quote: '  a draft by 11/24 ' }] });
    expect(correctionBody(added, withFacts)).toEqual({
      dates: [
        { date: '2026-12-03', kind: 'go_live', quote: 'the video up 12/03' },
        { date: '2026-11-24', kind: 'draft_due', quote: 'a draft by 11/24' },
      ],
    });
    expect(correctionBody(output({ ...values, dates: [] }), withFacts)).toEqual({ dates: [] });
  });

  it('send fees with the currency upper-cased by the shared schema', () => {
    const values = correctionDefaults(withFacts);
    const body = correctionBody(output({ ...values, fees: [...values.fees, { amount: 300, currency: 'gbp', unit: 'per_post', vat_included: true, state: 'quoted', quote: '' }] }), withFacts);
    expect(body.fees?.[1]).toEqual({ amount: 300, currency: 'GBP', unit: 'per_post', vat_included: true, state: 'quoted', quote: '' });
    expect(body.fees).toHaveLength(2);
    expect(body.status).toBeUndefined();
  });

  it('say "nothing to change" in the schema\'s words, and reset a field with null', () => {
    expect(nothingToChangeMessage()).toBe('Nothing to change: give status, whose_turn, dates or fees');
    expect(resetBody('status')).toEqual({ status: null });
    expect(conversationPatchBody.parse(resetBody('fees'))).toEqual({ fees: null });
  });

  it('know which fields a person set, and map VAT to the select and back', () => {
    expect(isCorrected(fakeConversation({ corrected_fields: ['status'] }), 'status')).toBe(true);
    expect(isCorrected(fakeConversation(), 'status')).toBe(false);
    for (const value of [true, false, null]) expect(optionToVat(vatToOption(value))).toBe(value);
  });
});
