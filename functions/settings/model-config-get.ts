import type { ModelConfigResponse } from '../../shared/schemas/settings';
import { defineHandler } from '../lib/http/handler';
import { modelConfigurations } from '../lib/settings/service';
import { modelChoicesFor } from '../lib/settings/model-choices';
import { readModelWarnings } from '../lib/settings/model-state';
import { readSettings } from '../lib/settings/store';

/**
 * GET /api/v3/settings/model-config → per purpose {model, temperature, max_tokens}, the models
 * the agency's key can use (marked recommended per purpose, with shutdown dates and
 * successors), and the warnings left by calls moved off a retired or missing model.
 */
export const handler = defineHandler('agency', {}, async ({ scope }) => {
  const settings = await readSettings(scope);
  const configured = Object.values(settings.model_config).map((c) => c.model);
  const [choices, warnings] = await Promise.all([modelChoicesFor(scope.agencyName, configured), readModelWarnings(scope.agencyName)]);
  // What will change and when, by the shutdown dates the key's model list gives.
  const configurations = modelConfigurations(settings, choices.shutdowns);
  return {
    success: true,
    configurations,
    models: choices.models,
    models_source: choices.source,
    model_warnings: warnings,
  } satisfies ModelConfigResponse;
});
