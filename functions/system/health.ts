import { defineHandler } from '../lib/http/handler';

export const handler = defineHandler('public', {}, async () => ({ status: 'ok' }));
