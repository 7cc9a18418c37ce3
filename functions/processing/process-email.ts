import { emailBody } from '../../shared/schemas/processing';
import { defineHandler } from '../lib/http/handler';
import { startEmail } from '../lib/processing/start';

/** POST /api/v3/process/email {email} → task_id (the e-mail must be a tracked contact) */
export const handler = defineHandler('agency', { body: emailBody }, async ({ body, scope }) => startEmail(scope, body));
