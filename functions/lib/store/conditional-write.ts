/** True when a DynamoDB write was refused by its condition (ElectroDB wraps the SDK error). */
export const isConditionalFailure = (error: unknown): boolean => {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { name?: string; code?: string; message?: string; cause?: unknown };
    if (candidate.name === 'ConditionalCheckFailedException' || candidate.code === 'ConditionalCheckFailedException') return true;
    if (typeof candidate.message === 'string' && /conditional request failed|ConditionalCheckFailed/i.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
};
