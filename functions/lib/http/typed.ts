import type * as z from 'zod';
import { asResult, json, type HttpResult } from './respond';

/**
 * What a handler returns for a route whose answer is `S` (a response schema in shared/schemas):
 * the schema's input, so fields the schema defaults may be left out. Handlers end with
 * `satisfies Answer<typeof someResponse>`, a type-only import: the schema is not bundled.
 */
export type Answer<S extends z.ZodType> = z.input<S>;

/** A JSON answer that also sets headers or cookies, typed by its response schema like a plain return. */
export const answerWith = <S extends z.ZodType>(body: Answer<S>, options: { status?: number; headers?: Record<string, string>; cookies?: string[] } = {}): HttpResult =>
  asResult(json(body, options.status ?? 200, options.headers ?? {}, options.cookies));
