import { modelConfigBody } from '../../shared/schemas/settings';
import { defineHandler } from '../lib/http/handler';
import { updateModelConfig } from '../lib/settings/service';
import type { Answer } from '../lib/http/typed';
import type { modelConfigSetResponse } from '../../shared/schemas/settings';

/** POST /api/v3/settings/model-config {operation, model?, temperature?, max_tokens?} */
export const handler = defineHandler('agency', { body: modelConfigBody }, async ({ body, scope }) => {
  const { operation, ...fields } = body;
  return { success: true, configuration: await updateModelConfig(scope, operation, fields) } satisfies Answer<typeof modelConfigSetResponse>;
});
