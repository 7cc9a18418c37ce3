import { poolLimits, type OpenAILimits } from './openai-limits';
import { poolOf } from './openai-model-limits';

/** What one thread asks of a model: its calls to that model and the tokens they count for at admission. */
export type ModelDemand = { model: string; requests: number; tokens: number };

/** The most threads a minute a key allows for this demand, and which pool's budget says so. */
export type BindingLimit = { threadsPerMinute: number; pool: string; kind: 'requests' | 'tokens'; perMinute: number };

/**
 * OpenAI's binding limit for a workload: per model pool, its requests and tokens per minute
 * divided by what a thread spends of each; the smallest of those bounds is the pace no limiter
 * can beat without 429s.
 */
export const bindingLimit = (limits: OpenAILimits, demand: readonly ModelDemand[]): BindingLimit => {
  const pools = new Map<string, { model: string; requests: number; tokens: number }>();
  for (const d of demand) {
    const pool = pools.get(poolOf(d.model)) ?? { model: d.model, requests: 0, tokens: 0 };
    pool.requests += d.requests;
    pool.tokens += d.tokens;
    pools.set(poolOf(d.model), pool);
  }
  let binding: BindingLimit = { threadsPerMinute: Number.POSITIVE_INFINITY, pool: '', kind: 'requests', perMinute: 0 };
  for (const [pool, spent] of pools) {
    const budget = poolLimits(limits, spent.model);
    const bounds = [
      { kind: 'requests' as const, perMinute: budget.requestsPerMinute, threadsPerMinute: spent.requests > 0 ? budget.requestsPerMinute / spent.requests : Infinity },
      { kind: 'tokens' as const, perMinute: budget.tokensPerMinute, threadsPerMinute: spent.tokens > 0 ? budget.tokensPerMinute / spent.tokens : Infinity },
    ];
    for (const bound of bounds) if (bound.threadsPerMinute < binding.threadsPerMinute) binding = { ...bound, pool };
  }
  return binding;
};
