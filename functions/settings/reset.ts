import { resetBody } from '../../shared/schemas/settings';
import { defineHandler } from '../lib/http/handler';
import { resetSettings } from '../lib/settings/service';
import type { Answer } from '../lib/http/typed';
import type { settingsResetResponse } from '../../shared/schemas/settings';

/** POST /api/v3/settings/reset {config_type: "all" | section} (owners only) */
export const handler = defineHandler('agency', { body: resetBody }, async ({ body, scope }) => ({
  success: true,
  message: 'All settings have been reset to defaults',
  settings: await resetSettings(scope, body.config_type),
}) satisfies Answer<typeof settingsResetResponse>);
