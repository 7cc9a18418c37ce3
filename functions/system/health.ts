import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';
import type { systemHealthResponse } from '../../shared/schemas/system';

export const handler = defineHandler('public', {}, async () => ({ status: 'ok' }) satisfies Answer<typeof systemHealthResponse>);
