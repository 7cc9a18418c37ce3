/**
 * How many tokens a request's prompt counts for at admission. OpenAI's limiter estimates from
 * the characters before it tokenizes (about 4 characters a token in English), plus a few
 * tokens of framing per message; a structured-output schema is part of the prompt too.
 */
export const estimateTextTokens = (text: string): number => Math.ceil(text.length / 4);

export const estimatePromptTokens = (messages: ReadonlyArray<{ content: string }>, jsonSchema?: { schema: Record<string, unknown> }): number =>
  messages.reduce((sum, m) => sum + 4 + estimateTextTokens(m.content), 3) + (jsonSchema ? estimateTextTokens(JSON.stringify(jsonSchema.schema)) : 0);

/**
 * What a request counts for against its model's tokens per minute at admission, before it runs.
 * OpenAI's rate-limits guide (platform.openai.com/docs/guides/rate-limits, on reducing
 * max_tokens) says its limiter takes the larger of the request's max tokens and a token estimate
 * made from the request's characters, and advises a max_tokens close to the expected answer: a
 * cap below the prompt's size costs nothing, and one far above the answer wastes the budget.
 */
export const admissionWeight = (promptTokens: number, maxTokens: number): number => Math.max(promptTokens, maxTokens);
