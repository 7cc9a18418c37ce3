import { resetBody } from '../../shared/schemas/settings';
import { defineHandler } from '../lib/http/handler';
import { resetSettings } from '../lib/settings/service';

/** POST /api/v3/settings/reset {config_type: "all" | section} (owners only) */
export const handler = defineHandler('agency', { body: resetBody }, async ({ body, scope }) => ({
  success: true,
  message: 'All settings have been reset to defaults',
  settings: await resetSettings(scope, body.config_type),
}));
