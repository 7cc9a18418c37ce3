/**
 * The models the emulator serves. The product's five choices come first; a few more make
 * `GET /v1/models` look like a real account's list (the real one has dozens).
 * `reasoning` models follow the real API's rules: no `max_tokens` (only
 * `max_completion_tokens`), only the default temperature, and hidden reasoning tokens that
 * count against the completion budget.
 */
export type EmulatedModel = {
  id: string;
  created: number;
  ownedBy: string;
  reasoning: boolean;
  maxOutputTokens: number;
};

const model = (id: string, created: number, reasoning: boolean, maxOutputTokens: number, ownedBy = 'system'): EmulatedModel => ({
  id,
  created,
  ownedBy,
  reasoning,
  maxOutputTokens,
});

export const MODELS: readonly EmulatedModel[] = [
  model('gpt-4.1', 1744316542, false, 32_768),
  model('gpt-4.1-mini', 1744318173, false, 32_768),
  model('gpt-5-nano', 1754426384, true, 128_000),
  model('gpt-5-mini', 1754425928, true, 128_000),
  model('gpt-5', 1754425777, true, 128_000),
  model('gpt-4.1-nano', 1744321707, false, 32_768),
  model('gpt-4o', 1715367049, false, 16_384),
  model('gpt-4o-mini', 1721172741, false, 16_384),
  model('o4-mini', 1744225351, true, 100_000),
];

/** Dated snapshots resolve to their alias, as the real API accepts `gpt-4.1-2025-04-14`. */
export const findModel = (id: string): EmulatedModel | undefined =>
  MODELS.find((m) => m.id === id) ?? MODELS.find((m) => id.startsWith(`${m.id}-20`));

/** Hidden reasoning tokens spent before any visible output, by `reasoning_effort`. */
export const REASONING_TOKENS: Record<string, number> = { minimal: 0, none: 0, low: 48, medium: 160, high: 480 };
export const DEFAULT_REASONING_EFFORT = 'medium';
