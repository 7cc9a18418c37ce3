import type { z } from '../lib/zod';

/**
 * A fake API answer for a web test, checked against the shared response schema the handler is
 * typed by and the web parses with: at compile time (the value must be the schema's input) and
 * at run time (it is parsed), so a fake that falls behind the server's shape fails its test
 * instead of passing on a shape the server no longer sends. Returns the wire value, for stubs.
 */
export const fakeResponse = <S extends z.ZodType>(schema: S, value: z.input<S>): z.input<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`The fake answer does not match its response schema: ${JSON.stringify(result.error.issues)}`);
  return value;
};

/** The same fake as the web holds it after parsing (defaults filled in), for query-cache data and props. */
export const fakeData = <S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`The fake answer does not match its response schema: ${JSON.stringify(result.error.issues)}`);
  return result.data;
};
