import type { ModelPurpose } from '../../../shared/constants';

/**
 * How long each purpose's answers are, in completion tokens, as measured on the OpenAI emulator
 * (`npx tsx bench/openai-throughput.ts --measure`): the seeded agency's year (313 threads,
 * 1,797 calls) and 41 first reads of a one-message thread. No answer was cut at today's caps.
 */
export const MEASURED_ANSWER_TOKENS: Readonly<Record<ModelPurpose, { median: number; longest: number }>> = {
  individual_message_summary: { median: 69, longest: 164 },
  date_validation: { median: 93, longest: 271 },
  thread_summary: { median: 91, longest: 125 },
  campaign_aggregation: { median: 285, longest: 298 },
};

/** Room above the longest answer seen: a real model's wording runs longer than the emulator's. */
const HEADROOM = 2;
const STEP = 50;

/**
 * The first cap a purpose's call asks for: twice the longest measured answer, rounded up. A
 * request counts against the rate limit for the larger of its cap and its prompt
 * (openai.ts: admissionTokens), so a cap sized to the answer, not to the setting, is what lets a
 * key run at its limit. An answer cut at this cap is asked once more with a larger one.
 */
export const ANSWER_CAPS: Readonly<Record<ModelPurpose, number>> = Object.fromEntries(
  Object.entries(MEASURED_ANSWER_TOKENS).map(([purpose, { longest }]) => [purpose, Math.ceil((longest * HEADROOM) / STEP) * STEP]),
) as Record<ModelPurpose, number>;

export const answerCap = (purpose: ModelPurpose): number => ANSWER_CAPS[purpose];

/**
 * The caps of a structured answer whose caller allows `budget` tokens: first the purpose's cap
 * (never above the budget), and for the one retry of a cut answer twice the budget, as before
 * the caps: an answer that long is rare, and one more cut is a recorded failure.
 */
export const structuredCaps = (purpose: ModelPurpose, budget: number): { first: number; retry: number } => ({
  first: Math.min(budget, answerCap(purpose)),
  retry: budget * 2,
});
