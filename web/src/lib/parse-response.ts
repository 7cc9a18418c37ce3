import { messages } from '../../../shared/messages';
import { ApiError } from './api-client';
import type { z } from './zod';

/**
 * Reads an answer through its shared schema (the one the server's handler is typed by). An
 * answer of another shape is an ApiError "Unexpected response format", like unreadable JSON; an
 * empty one is "No response data received".
 */
export const parseResponse = <S extends z.ZodType>(schema: S, data: unknown): z.output<S> => {
  // An empty answer (no body at all) is the spec's "No response data received", not a wrong shape.
  if (data === undefined) throw new ApiError(200, messages.api.noData);
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.error(messages.api.unexpectedFormat, result.error.issues);
  throw new ApiError(200, messages.api.unexpectedFormat, data);
};
