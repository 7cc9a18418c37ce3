import { describe, expect, it } from 'vitest';
import { ANSWER_CAPS } from './answer-caps';
import { FIRST_READ, jobConcurrency, threadDemand } from './thread-demand';

describe('what a thread asks of the key', () => {
  it("counts each call as OpenAI admits it: the larger of its prompt and the purpose's cap, on the purpose's model", () => {
    expect(threadDemand(FIRST_READ)).toEqual([
      { model: 'gpt-5-nano', requests: 1, tokens: 634 },
      { model: 'gpt-4.1-mini', requests: 1, tokens: ANSWER_CAPS.date_validation },
      { model: 'gpt-4.1-mini', requests: 1, tokens: 316 },
    ]);
    expect(threadDemand([{ purpose: 'thread_summary', perThread: 0.5, promptTokens: 1_000 }], () => 'gpt-4.1')).toEqual([{ model: 'gpt-4.1', requests: 0.5, tokens: 500 }]);
  });

  it('sizes a job to hold the binding pace at 3 s a call: more lanes for a higher tier, up to the cap', () => {
    const tier1 = jobConcurrency({ tier: 1 }, 10);
    expect(tier1).toEqual({ lanes: 6, threadsPerLane: 10, inFlight: 58, threadsPerMinute: 200_000 / 866 });
    const tier2 = jobConcurrency({ tier: 2 }, 10);
    expect(tier2.lanes * tier2.threadsPerLane).toBeGreaterThan(10 * tier1.lanes * tier1.threadsPerLane * 0.8);
    expect(jobConcurrency({ tier: 1 }, 10, 1_000)).toMatchObject({ lanes: 3, threadsPerLane: 8 });
  });
});
