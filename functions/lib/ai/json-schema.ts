import * as z from 'zod';

/** What a structured-output call sends (`response_format.json_schema`) and reads the answer with. */
export type StructuredOutput<S extends z.ZodType> = { name: string; schema: Record<string, unknown>; answer: S };

/**
 * The JSON Schema of OpenAI's strict structured outputs, generated from the zod schema the answer
 * is typed by, so the two cannot drift. zod already writes every property into `required` and
 * `additionalProperties: false`; left out are what strict mode does not take: the `$schema` tag
 * and the ±2^53 bounds zod puts on every integer.
 */
export const structuredOutput = <S extends z.ZodObject>(name: string, answer: S): StructuredOutput<S> => {
  const schema = z.toJSONSchema(answer, {
    unrepresentable: 'throw',
    override: ({ jsonSchema }) => {
      if (jsonSchema.type === 'integer' && jsonSchema.minimum === Number.MIN_SAFE_INTEGER && jsonSchema.maximum === Number.MAX_SAFE_INTEGER) {
        delete jsonSchema.minimum;
        delete jsonSchema.maximum;
      }
    },
  }) as Record<string, unknown>;
  delete schema.$schema;
  return { name, schema, answer };
};

const NUMERIC_TEXT = /^\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * A number the JSON schema asks for as a number (strict mode sends one), read leniently: a model
 * that still writes it as clean numeric text ("1500") is taken at its word instead of losing the
 * value. Anything else ("1,500", "about 2k", "") fails the parse, so the answer is asked again.
 */
export const numberOrNumericText = <N extends z.ZodNumber>(inner: N) =>
  z.preprocess((value) => (typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value), inner);
