import { defineHandler } from '../lib/http/handler';
import { MODELS, modelConfigurations } from '../lib/settings/service';
import { readSettings } from '../lib/settings/store';

/** GET /api/v3/settings/model-config → per purpose {model, temperature, max_tokens}, and the allowed models. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({
  success: true,
  configurations: modelConfigurations(await readSettings(scope)),
  models: MODELS,
}));
