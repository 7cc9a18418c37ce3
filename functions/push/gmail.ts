import { gmailPushBody, type GmailPushResponse } from '../../shared/schemas/push';
import { defineHandler } from '../lib/http/handler';
import { receiveGmailNotification } from '../lib/push/receive';
import { verifyPushEvent } from '../lib/push/verify';

/**
 * POST /api/v3/push/gmail: a Pub/Sub push delivery of a Gmail notification. The wrapper has
 * verified Google's token (auth level 'google-push'); a 2xx answer acknowledges the delivery.
 */
export const handler = defineHandler('google-push', { body: gmailPushBody, verifyPush: verifyPushEvent }, async ({ body }) => {
  const received = await receiveGmailNotification(body.notification);
  return { success: true, agencies: received.agencies, started: received.started } satisfies GmailPushResponse;
});
