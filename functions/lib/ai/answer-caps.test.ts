import { describe, expect, it } from 'vitest';
import { MODEL_PURPOSES } from '../../../shared/constants';
import { ANSWER_CAPS, MEASURED_ANSWER_TOKENS, structuredCaps } from './answer-caps';

describe('answer caps from measured answer lengths', () => {
  it('leaves every purpose twice its longest measured answer, rounded up to 50 tokens', () => {
    for (const purpose of MODEL_PURPOSES) {
      expect(ANSWER_CAPS[purpose]).toBeGreaterThanOrEqual(2 * MEASURED_ANSWER_TOKENS[purpose].longest);
      expect(ANSWER_CAPS[purpose] % 50).toBe(0);
      expect(ANSWER_CAPS[purpose] - 2 * MEASURED_ANSWER_TOKENS[purpose].longest).toBeLessThan(50);
    }
    expect(ANSWER_CAPS).toEqual({ individual_message_summary: 350, date_validation: 550, thread_summary: 250, campaign_aggregation: 600 });
  });

  it("asks a structured answer first for the purpose's cap within the budget, and retries a cut one larger", () => {
    expect(structuredCaps('date_validation', 1_200)).toEqual({ first: 550, retry: 2_400 });
    expect(structuredCaps('date_validation', 400)).toEqual({ first: 400, retry: 800 });
  });
});
