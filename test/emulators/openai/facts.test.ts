import { describe, expect, it } from 'vitest';
import { extractFacts, findDates, findParticipants, findRates, summaryText } from './facts';
import { chooseEnum, fillSchema, type JsonSchema } from './schema-fill';
import { strictSchemaProblem, validateValue } from './schema-check';

const thread = [
  'From: Jane Doe <jane@talentco.com>',
  'To: Sam Reid <sam@agency.com>',
  'Subject: Spring launch - rates',
  'Date: 2025-02-27',
  '',
  'Hi Sam, thanks for thinking of me for the spring launch. My rate is $2,500 per reel.',
  'I can post on March 14 and the draft would be ready by 2025-03-07. Confirmed on my side!',
].join('\n');

const facts = extractFacts([
  { role: 'system', content: 'Summarise the thread.' },
  { role: 'user', content: thread },
]);

describe('fact extraction', () => {
  it('reads subject, first sentence, people, rates and dates from the last user message', () => {
    expect(facts.subject).toBe('Spring launch - rates');
    expect(facts.firstSentence).toBe('Hi Sam, thanks for thinking of me for the spring launch.');
    expect(facts.participants).toEqual([
      { name: 'Jane Doe', email: 'jane@talentco.com' },
      { name: 'Sam Reid', email: 'sam@agency.com' },
    ]);
    expect(facts.rates).toEqual(['$2,500']);
    // The Date: header is the message's own metadata, not an agreed date.
    expect(facts.dates).toEqual(['2025-03-14', '2025-03-07']);
    expect(facts.cues.has('confirmed')).toBe(true);
  });

  it('understands the usual date spellings', () => {
    expect(findDates('on 3/9/2025, 12th April 2025, Sept 1st 2025 and 2025-12-31')).toEqual(['2025-03-09', '2025-04-12', '2025-09-01', '2025-12-31']);
    expect(findDates('no year here: March 3')).toEqual([]);
  });

  it('finds amounts and addresses', () => {
    expect(findRates('fee is €1.5k or 2000 USD, budget $300')).toEqual(['€1.5k', '2000 USD', '$300']);
    expect(findParticipants('cc: a@b.co and "Lee, Kim" <kim@x.io>')).toEqual([
      { name: 'Lee, Kim', email: 'kim@x.io' },
      { email: 'a@b.co' },
    ]);
  });

  it('summarises visibly from the thread it was given, on one line', () => {
    const text = summaryText(facts);
    expect(text).toContain('Hi Sam, thanks for thinking of me for the spring launch.');
    expect(text).toContain('Jane Doe');
    expect(text).toContain('$2,500');
    expect(text).toContain('2025-03-14');
    expect(text).not.toContain('\n');
  });

  it('never states an outcome: the product shows its own status', () => {
    const text = summaryText(facts);
    expect(facts.cues.has('confirmed')).toBe(true);
    expect(text).not.toMatch(/status|confirmed|declined|negotiating|awaiting/i);
    expect(text).not.toMatch(/^Summary of/);
  });
});

describe('schema filling', () => {
  const schema: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['summary', 'status', 'rate', 'rate_usd', 'talent_name', 'contact_email', 'is_confirmed', 'key_dates', 'next_step', 'confidence'],
    properties: {
      summary: { type: 'string' },
      status: { type: 'string', enum: ['no_response', 'negotiating', 'confirmed', 'declined'] },
      rate: { type: ['string', 'null'] },
      rate_usd: { type: 'number', minimum: 0 },
      talent_name: { type: 'string' },
      contact_email: { type: 'string' },
      is_confirmed: { type: 'boolean' },
      key_dates: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['date', 'description', 'kind'],
          properties: {
            date: { type: 'string', format: 'date' },
            description: { type: 'string' },
            kind: { anyOf: [{ type: 'string', enum: ['post', 'draft', 'other'] }, { type: 'null' }] },
          },
        },
      },
      next_step: { anyOf: [{ $ref: '#/$defs/step' }, { type: 'null' }] },
      confidence: { type: 'number', minimum: 0, maximum: 1 },
    },
    $defs: { step: { type: 'object', additionalProperties: false, required: ['action'], properties: { action: { type: 'string' } } } },
  };

  it('produces a value valid against the schema, filled from the facts', () => {
    const value = fillSchema(schema, facts) as Record<string, unknown>;
    expect(validateValue(value, schema)).toBeUndefined();
    expect(value).toMatchObject({
      status: 'confirmed',
      rate: '$2,500',
      rate_usd: 2500,
      talent_name: 'Jane Doe',
      contact_email: 'jane@talentco.com',
      is_confirmed: true,
      confidence: 0.9,
    });
    expect(value.key_dates).toEqual([
      { date: '2025-03-14', description: 'I can post on March 14 and the draft would be ready by 2025-03-07.', kind: 'post' },
      { date: '2025-03-07', description: 'I can post on March 14 and the draft would be ready by 2025-03-07.', kind: 'post' },
    ]);
  });

  it('is deterministic and nulls nullable fields the text cannot fill', () => {
    const bare = extractFacts([{ role: 'user', content: 'Hello there, just checking in on this.' }]);
    const a = fillSchema(schema, bare) as Record<string, unknown>;
    expect(fillSchema(schema, bare)).toEqual(a);
    expect(a.rate).toBeNull();
    expect(a.key_dates).toEqual([]);
    expect(validateValue(a, schema)).toBeUndefined();
  });

  it('chooses enum values from cues', () => {
    const declined = extractFacts([{ role: 'user', content: 'Sorry, I will have to pass on this one.' }]);
    expect(chooseEnum(['pending', 'confirmed', 'declined'], declined)).toBe('declined');
    const rateTalk = extractFacts([{ role: 'user', content: 'What budget do you have? My fee is higher.' }]);
    expect(chooseEnum(['pending', 'negotiating', 'confirmed'], rateTalk)).toBe('negotiating');
  });

  it('rejects non-strict schemas with the real message', () => {
    expect(strictSchemaProblem('s', { type: 'object', properties: { a: { type: 'string' } }, required: [] })).toBe(
      "Invalid schema for response_format 's': In context=(), 'additionalProperties' is required to be supplied and to be false.",
    );
    expect(
      strictSchemaProblem('s', {
        type: 'object',
        additionalProperties: false,
        required: ['items'],
        properties: { items: { type: 'array', items: { type: 'object', additionalProperties: false, required: [], properties: { x: { type: 'string' } } } } },
      }),
    ).toBe(
      "Invalid schema for response_format 's': In context=('properties', 'items', 'items'), 'required' is required to be supplied and to be an array including every key in properties. Missing 'x'.",
    );
    expect(strictSchemaProblem('s', schema)).toBeUndefined();
  });
});
