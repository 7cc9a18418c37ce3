import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { strictSchemaProblem } from '../../../test/emulators/openai/schema-check';
import { KEY_DATES_SCHEMA, MESSAGE_ANALYSIS_SCHEMA, THREAD_SUMMARY_SCHEMA } from '../conversations/prompts';
import { numberOrNumericText, structuredOutput } from './json-schema';

describe('structured-output schemas generated from zod', () => {
  it("every schema the product sends passes strict mode's checks", () => {
    for (const output of [MESSAGE_ANALYSIS_SCHEMA, KEY_DATES_SCHEMA, THREAD_SUMMARY_SCHEMA]) {
      expect(strictSchemaProblem(output.name, output.schema as never)).toBeUndefined();
      expect(output.schema).not.toHaveProperty('$schema');
    }
  });

  it('writes integers, nullables, enums, limits and descriptions as strict mode takes them', () => {
    const { schema } = structuredOutput('probe', z.object({ n: z.int().describe('a count'), s: z.string().nullable(), e: z.enum(['a', 'b']), l: z.array(z.string()).max(3) }));
    expect(schema).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['n', 's', 'e', 'l'],
      properties: {
        n: { type: 'integer', description: 'a count' },
        s: { type: ['string', 'null'] },
        e: { type: 'string', enum: ['a', 'b'] },
        l: { type: 'array', maxItems: 3, items: { type: 'string' } },
      },
    });
  });

  it('an optional field would be refused by strict mode (so answers use nullable, never optional)', () => {
    const { name, schema } = structuredOutput('probe', z.object({ a: z.string(), b: z.string().optional() }));
    expect(strictSchemaProblem(name, schema as never)).toContain("Missing 'b'");
  });

  it('a number read leniently is still asked for as a number (strict mode sends numbers)', () => {
    const probe = structuredOutput('probe', z.object({ n: numberOrNumericText(z.int()), x: numberOrNumericText(z.number().describe('an amount')) }));
    expect(probe.schema.properties).toEqual({ n: { type: 'integer' }, x: { type: 'number', description: 'an amount' } });
    expect(probe.answer.parse({ n: ' 2 ', x: '1500.5' })).toEqual({ n: 2, x: 1500.5 });
    for (const loose of ['1,500', '2k', '', 'NaN']) expect(probe.answer.safeParse({ n: 1, x: loose }).success).toBe(false);
  });

  it('the answer is read with the same schema', () => {
    expect(THREAD_SUMMARY_SCHEMA.answer.parse({ summary: 's', next_step: 'n' })).toEqual({ summary: 's', next_step: 'n' });
    expect(() => THREAD_SUMMARY_SCHEMA.answer.parse({ summary: 's' })).toThrow();
  });
});
