import { applyProfileBody } from '../../shared/schemas/settings';
import { defineHandler } from '../lib/http/handler';
import { applyProfile } from '../lib/settings/service';
import type { Answer } from '../lib/http/typed';
import type { applyProfileResponse } from '../../shared/schemas/settings';

/** POST /api/v3/settings/apply-profile {profile} → every purpose's model from the named profile. */
export const handler = defineHandler('agency', { body: applyProfileBody }, async ({ body, scope }) => ({
  success: true,
  profile: body.profile,
  configurations: await applyProfile(scope, body.profile),
}) satisfies Answer<typeof applyProfileResponse>);
