import { describe, expect, it } from 'vitest';
import { conversationPatchBody } from '../../../shared/schemas/conversations';
import { planCorrections } from './corrections';

const body = (value: unknown) => conversationPatchBody.parse(value);

describe('planCorrections', () => {
  it('sets a value and marks the field corrected', () => {
    expect(planCorrections(body({ status: 'confirmed', whose_turn: 'talent' }))).toEqual({
      set: { correctedStatus: 'confirmed', correctedTurn: 'talent' },
      remove: [],
      correctedFields: ['status', 'whose_turn'],
      setsValue: true,
    });
  });

  it("stores a person's dates and fees with setBy person, normalised by the schema", () => {
    const plan = planCorrections(
      body({
        dates: [{ date: '2027-04-01', kind: 'go_live' }],
        fees: [
          { amount: 1200, currency: 'eur', unit: 'per_post', state: 'agreed', vat_included: true, quote: '1,200 incl. VAT' },
          { amount: 300, currency: 'USD', unit: 'bundle', state: 'quoted' },
        ],
      }),
      ['status'],
    );
    expect(plan.set.personDates).toEqual([{ date: '2027-04-01', kind: 'go_live', quote: '', setBy: 'person' }]);
    expect(plan.set.personFees).toEqual([
      { amount: 1200, currency: 'EUR', unit: 'per_post', vatIncluded: true, state: 'agreed', quote: '1,200 incl. VAT', setBy: 'person' },
      { amount: 300, currency: 'USD', unit: 'bundle', state: 'quoted', quote: '', setBy: 'person' },
    ]);
    expect(plan.correctedFields).toEqual(['status', 'dates', 'fees']);
  });

  it('hands a field back to the model on null, keeping the others corrected', () => {
    expect(planCorrections(body({ status: null, dates: null }), ['status', 'dates', 'fees'])).toEqual({
      set: {},
      remove: ['correctedStatus', 'personDates'],
      correctedFields: ['fees'],
      setsValue: false,
    });
    expect(planCorrections(body({ whose_turn: null, fees: null }), ['whose_turn', 'fees']).correctedFields).toEqual([]);
  });

  it('treats an empty list as a correction ("no dates"), not a hand-back', () => {
    expect(planCorrections(body({ dates: [] }))).toEqual({ set: { personDates: [] }, remove: [], correctedFields: ['dates'], setsValue: true });
  });

  it('refuses bodies with nothing to change or bad values with clear messages', () => {
    const message = (value: unknown) => conversationPatchBody.safeParse(value).error?.issues[0]?.message;
    expect(message({})).toBe('Nothing to change: give status, whose_turn, dates or fees');
    expect(message({ status: 'won' })).toMatch(/^status must be one of/);
    expect(message({ dates: [{ date: '2027-02-30', kind: 'go_live' }] })).toBe('date must be a real day');
    expect(message({ fees: [{ amount: 5, currency: 'EURO', unit: 'per_post', state: 'agreed' }] })).toBe('currency must be a 3-letter code');
  });
});
