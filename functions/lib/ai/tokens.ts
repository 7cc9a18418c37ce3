/**
 * How many tokens a request's prompt counts for at admission. OpenAI's limiter estimates from
 * the characters before it tokenizes (about 4 characters a token in English), plus a few
 * tokens of framing per message; a structured-output schema is part of the prompt too.
 */
export const estimateTextTokens = (text: string): number => Math.ceil(text.length / 4);

export const estimatePromptTokens = (messages: ReadonlyArray<{ content: string }>, jsonSchema?: { schema: Record<string, unknown> }): number =>
  messages.reduce((sum, m) => sum + 4 + estimateTextTokens(m.content), 3) + (jsonSchema ? estimateTextTokens(JSON.stringify(jsonSchema.schema)) : 0);
