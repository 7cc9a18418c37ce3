/**
 * The models the emulator serves. The product's five original choices come first, then the
 * replacements OpenAI recommends for them, then a few more (chat and not) so `GET /v1/models`
 * looks like a real account's list (the real one has dozens, embeddings and audio models
 * included). Each model's `shutdown_date` is listed as OpenAI lists it (null: none announced).
 * `efforts` lists the reasoning_effort values a reasoning model accepts (empty: not a reasoning
 * model); reasoning models follow the real API's rules: no `max_tokens` (only
 * `max_completion_tokens`), only the default temperature, and hidden reasoning tokens that
 * count against the completion budget. `shutdown` is the announced shutdown date (UTC): from
 * that day the emulator's clock treats the model as gone, as the real API does.
 */
export type EmulatedModel = {
  id: string;
  created: number;
  ownedBy: string;
  reasoning: boolean;
  maxOutputTokens: number;
  /** input + output tokens one request may use */
  contextWindow: number;
  efforts: readonly string[];
  defaultEffort?: string;
  /** not a chat model: chat completions refuse it */
  chat: boolean;
  shutdown?: string;
  /** GPT-5.6 and later: a temperature other than 1 only with reasoning_effort none ("when reasoning effort is not none, remove temperature") */
  samplingAtNoneOnly?: boolean;
};

const GPT5 = ['minimal', 'low', 'medium', 'high'] as const;
const GPT51 = ['none', 'low', 'medium', 'high'] as const;
const GPT52 = ['none', 'low', 'medium', 'high', 'xhigh'] as const;
const OSERIES = ['low', 'medium', 'high'] as const;
/** GPT-5.6 and GPT-6 in Chat Completions (max only where the model page lists it). */
const GPT56 = ['none', 'low', 'medium', 'high', 'xhigh'] as const;
const GPT6 = ['none', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
/** gpt-6.1-sol takes no none (its model page: move none to low), and goes up to xhigh in Chat Completions. */
const GPT61_SOL = ['low', 'medium', 'high', 'xhigh'] as const;
const LATEST = { samplingAtNoneOnly: true } as const;

type Spec = Partial<EmulatedModel> & { reasoning?: boolean };
const model = (id: string, created: number, maxOutputTokens: number, contextWindow: number, spec: Spec = {}): EmulatedModel => ({
  id,
  created,
  ownedBy: 'system',
  maxOutputTokens,
  contextWindow,
  efforts: [],
  chat: true,
  ...spec,
  reasoning: (spec.efforts?.length ?? 0) > 0,
  ...(spec.efforts?.length ? { defaultEffort: spec.defaultEffort ?? 'medium' } : {}),
});

export const MODELS: readonly EmulatedModel[] = [
  model('gpt-4.1', 1744316542, 32_768, 1_047_576, { shutdown: '2027-01-14' }),
  model('gpt-4.1-mini', 1744318173, 32_768, 1_047_576, { shutdown: '2027-01-14' }),
  model('gpt-5-nano', 1754426384, 128_000, 400_000, { efforts: GPT5, shutdown: '2026-12-11' }),
  model('gpt-5-mini', 1754425928, 128_000, 400_000, { efforts: GPT5, shutdown: '2026-12-11' }),
  model('gpt-5', 1754425777, 128_000, 400_000, { efforts: GPT5, shutdown: '2026-12-11' }),
  model('gpt-5.1', 1762992000, 128_000, 400_000, { efforts: GPT51, defaultEffort: 'none', shutdown: '2027-04-01' }),
  model('gpt-5.4-mini', 1773705600, 128_000, 400_000, { efforts: GPT52, defaultEffort: 'none' }),
  model('gpt-5.4-nano', 1773705600, 128_000, 400_000, { efforts: GPT52, defaultEffort: 'none', shutdown: '2027-04-01' }),
  model('gpt-5.5', 1776902400, 128_000, 1_050_000, { efforts: GPT52, defaultEffort: 'none' }),
  // The replacements OpenAI's deprecations page recommends (gpt-5.6 in 2026-06, gpt-6 and 6.1 since).
  model('gpt-5.6-sol', 1781049600, 128_000, 1_050_000, { efforts: GPT6, defaultEffort: 'medium', ...LATEST }),
  model('gpt-5.6-terra', 1781049600, 128_000, 1_050_000, { efforts: GPT56, defaultEffort: 'medium', ...LATEST }),
  model('gpt-5.6-luna', 1781049600, 128_000, 1_050_000, { efforts: GPT56, defaultEffort: 'medium', ...LATEST }),
  model('gpt-6-luna', 1790035200, 128_000, 1_050_000, { efforts: GPT6, defaultEffort: 'medium', ...LATEST }),
  model('gpt-6.1-sol', 1790640000, 128_000, 1_050_000, { efforts: GPT61_SOL, defaultEffort: 'medium', ...LATEST }),
  model('gpt-6.1-terra', 1790640000, 128_000, 1_050_000, { efforts: GPT6, defaultEffort: 'medium', ...LATEST }),
  model('gpt-4.1-nano', 1744321707, 32_768, 1_047_576, { shutdown: '2026-10-23' }),
  model('gpt-4o', 1715367049, 16_384, 128_000, { shutdown: '2027-01-14' }),
  model('gpt-4o-mini', 1721172741, 16_384, 128_000, { shutdown: '2027-01-14' }),
  model('o4-mini', 1744225351, 100_000, 200_000, { efforts: OSERIES, shutdown: '2026-10-23' }),
  model('o3', 1744133301, 100_000, 200_000, { efforts: OSERIES, shutdown: '2026-12-11' }),
  model('text-embedding-3-small', 1705948997, 0, 8_191, { chat: false }),
  model('whisper-1', 1677532384, 0, 0, { chat: false }),
  model('gpt-4o-mini-transcribe', 1742068463, 2_000, 16_000, { chat: false }),
];

const parseDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Shut down at `now`: the announced day has begun (UTC). */
export const isShutDown = (m: EmulatedModel, now: number): boolean => m.shutdown !== undefined && parseDay(m.shutdown) <= now;

/** Dated snapshots resolve to their alias, as the real API accepts `gpt-4.1-2025-04-14`. */
export const findModel = (id: string): EmulatedModel | undefined =>
  MODELS.find((m) => m.id === id) ?? MODELS.find((m) => id.startsWith(`${m.id}-20`));

/** The models a key can list at `now`: shut-down ones are gone. */
export const liveModels = (now: number): EmulatedModel[] => MODELS.filter((m) => !isShutDown(m, now));

/** Hidden reasoning tokens spent before any visible output, by `reasoning_effort`. */
export const REASONING_TOKENS: Record<string, number> = { minimal: 0, none: 0, low: 48, medium: 160, high: 480, xhigh: 960 };
