import { describe, expect, it } from 'vitest';
import { modelConfigResponse } from '../../../../../shared/schemas/settings';
import { fakeResponse } from '../../../testing/fake-response';
import { readModelConfig } from '../api/get-model-config';
import { choiceOptions } from './model-config-row';

const retirement = { recommended: false, shutdown_on: null, successor: null };
const configurations = {
  thread_summary: { purpose: 'thread_summary', model: 'gpt-4.1-mini', temperature: 0.3, max_tokens: 8000, ...retirement, recommended: true },
  individual_message_summary: { purpose: 'individual_message_summary', model: 'gpt-5-nano', temperature: 0.3, max_tokens: 100, ...retirement },
  date_validation: { purpose: 'date_validation', model: 'gpt-4.1-mini', temperature: 0.1, max_tokens: 200, ...retirement },
  campaign_aggregation: { purpose: 'campaign_aggregation', model: 'gpt-5-nano', temperature: 0.2, max_tokens: 500, ...retirement },
} as const;

describe('model choices from the server', () => {
  it("offers the server's list (not a list of its own), with recommendations and shutdown dates", () => {
    const parsed = readModelConfig(fakeResponse(modelConfigResponse, {
      success: true,
      configurations,
      models_source: 'account',
      models: [
        { id: 'gpt-5.4-nano', family: 'gpt-5.2+', recommended_for: [], shutdown_on: '2027-04-01', successor: 'gpt-5.4-mini', retired: false },
        { id: 'gpt-5-nano', family: 'gpt-5', recommended_for: ['individual_message_summary'], shutdown_on: '2026-12-11', successor: 'gpt-5.4-nano', retired: false },
      ],
      model_warnings: [{ purpose: 'campaign_aggregation', old_model: 'gpt-5-nano', new_model: 'gpt-5.4-nano', reason: 'not_found', since: '2026-12-12T00:00:00Z' }],
    }));
    expect(parsed.models.map((m) => m.id)).toEqual(['gpt-5.4-nano', 'gpt-5-nano']);
    const announced = { id: 'gpt-9-test', family: 'gpt-5.2+' as const, recommended_for: [], shutdown_on: '2027-06-01', successor: null, retired: false };
    expect(choiceOptions('thread_summary', [announced], 'gpt-9-test').map((o) => o.label)).toEqual(['gpt-9-test (shuts down 2027-06-01)']);
    expect(parsed.warnings).toHaveLength(1);
    expect(choiceOptions('individual_message_summary', parsed.models, 'gpt-5-nano').map((o) => o.label)).toEqual([
      'gpt-5.4-nano (shuts down 2027-04-01; then gpt-5.4-mini)',
      'gpt-5-nano (recommended) (shuts down 2026-12-11; then gpt-5.4-nano)',
    ]);
    // the current model stays selectable when the server no longer offers it
    expect(choiceOptions('thread_summary', parsed.models, 'gpt-4.1-mini').map((o) => o.value)).toEqual(['gpt-5.4-nano', 'gpt-5-nano', 'gpt-4.1-mini']);
  });

  it('refuses models sent as plain ids (the server sends objects) and any other shape', () => {
    const answer = { success: true, configurations, models_source: 'catalog', model_warnings: [] };
    expect(() => readModelConfig({ ...answer, models: ['gpt-4.1-mini'] })).toThrow('Unexpected response format');
    expect(() => readModelConfig({ ...answer, models: 'gpt-4.1' })).toThrow('Unexpected response format');
  });
});
