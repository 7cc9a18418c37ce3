import { emailBody } from '../../shared/schemas/processing';
import { defineHandler } from '../lib/http/handler';
import { startEmail } from '../lib/processing/start';
import type { Answer } from '../lib/http/typed';
import type { startedResponse } from '../../shared/schemas/processing';

/** POST /api/v3/process/email {email} → task_id (the e-mail must be a tracked contact) */
export const handler = defineHandler('agency', { body: emailBody }, async ({ body, scope }) => (await startEmail(scope, body)) satisfies Answer<typeof startedResponse>);
