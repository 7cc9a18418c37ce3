import { describe, expect, it } from 'vitest';
import type { ModelConfigurationJson } from '../../../../../shared/schemas/settings';
import { retiringSoon } from './model-retirement';

const config = (model: string, shutdown_on: string | null, successor: string | null): ModelConfigurationJson => ({
  purpose: 'thread_summary',
  model,
  temperature: 0.3,
  max_tokens: 100,
  recommended: false,
  shutdown_on,
  successor,
});

/** The spec's default models with the shutdowns OpenAI announced for them. */
const defaults = () => ({
  thread_summary: config('gpt-4.1-mini', '2027-01-14', 'gpt-6-luna'),
  individual_message_summary: config('gpt-5-nano', '2026-12-11', 'gpt-6-luna'),
  date_validation: config('gpt-4.1-mini', '2027-01-14', 'gpt-6-luna'),
  campaign_aggregation: config('gpt-5-nano', '2026-12-11', 'gpt-6-luna'),
});

const texts = (configurations: ReturnType<typeof defaults>, now: string) => retiringSoon(configurations, new Date(now)).map((entry) => entry.text);

describe('retiringSoon', () => {
  it('names a model once, with its successor and a human date, when it retires within 30 days', () => {
    expect(texts(defaults(), '2026-11-28T12:00:00Z')).toEqual(['gpt-5-nano retires on Dec 11, 2026: Threadline will use gpt-6-luna from then.']);
  });

  it('names every chosen model that retires within the window, each once', () => {
    expect(texts(defaults(), '2026-12-20T00:00:00Z')).toEqual(['gpt-4.1-mini retires on Jan 14, 2027: Threadline will use gpt-6-luna from then.']);
    const mixed = { ...defaults(), date_validation: config('gpt-4o-mini', '2026-12-11', 'gpt-4.1-mini') };
    expect(texts(mixed, '2026-12-01T00:00:00Z')).toEqual([
      'gpt-5-nano retires on Dec 11, 2026: Threadline will use gpt-6-luna from then.',
      'gpt-4o-mini retires on Dec 11, 2026: Threadline will use gpt-4.1-mini from then.',
    ]);
  });

  it('counts 30 days to 00:00 UTC of the shutdown day: on the edge yes, a moment earlier no', () => {
    expect(texts(defaults(), '2026-11-11T00:00:00Z')).toHaveLength(1);
    expect(texts(defaults(), '2026-11-10T23:59:59Z')).toEqual([]);
  });

  it('leaves out models already shut down (the replacement warning says those), and models without a date or successor', () => {
    expect(texts(defaults(), '2026-12-11T00:00:00Z')).toEqual([]);
    const none = {
      thread_summary: config('gpt-6-luna', null, null),
      individual_message_summary: config('gpt-5-nano', '2026-12-11', null),
      date_validation: config('gpt-6-luna', null, null),
      campaign_aggregation: config('gpt-6-luna', 'not a day', 'gpt-6-luna'),
    };
    expect(texts(none, '2026-12-01T00:00:00Z')).toEqual([]);
  });
});
