import { defineHandler } from '../lib/http/handler';
import { settingsDefaults } from '../lib/settings/service';
import type { Answer } from '../lib/http/typed';
import type { settingsDefaultsResponse } from '../../shared/schemas/settings';

/** GET /api/v3/settings/defaults → the spec's defaults of every section. */
export const handler = defineHandler('agency', {}, async () => ({ success: true, defaults: settingsDefaults() }) satisfies Answer<typeof settingsDefaultsResponse>);
