/**
 * Named model profiles. Each sets the model of every purpose; temperature and max_tokens keep
 * the spec's defaults. balanced is the spec's default table.
 *  - economy: the cheapest model everywhere (gpt-5-nano), for agencies with high volume.
 *  - balanced: the spec's recommended mix.
 *  - quality: the strongest models where the output is read by people (thread and campaign summaries).
 */
import type { ModelChoice, ModelPurpose } from './constants';
import type { SettingsProfile } from './schemas/settings';

export const PROFILE_MODELS: Readonly<Record<SettingsProfile, Readonly<Record<ModelPurpose, ModelChoice>>>> = {
  economy: {
    thread_summary: 'gpt-5-nano',
    individual_message_summary: 'gpt-5-nano',
    date_validation: 'gpt-5-nano',
    campaign_aggregation: 'gpt-5-nano',
  },
  balanced: {
    thread_summary: 'gpt-4.1-mini',
    individual_message_summary: 'gpt-5-nano',
    date_validation: 'gpt-4.1-mini',
    campaign_aggregation: 'gpt-5-nano',
  },
  quality: {
    thread_summary: 'gpt-5',
    individual_message_summary: 'gpt-5-mini',
    date_validation: 'gpt-4.1',
    campaign_aggregation: 'gpt-5-mini',
  },
};
