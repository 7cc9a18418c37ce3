import { randomUUID } from 'node:crypto';

/**
 * Gmail push locally: the Google emulator plays Pub/Sub. At start the runtime creates the topic
 * and a push subscription aimed at its own push route, with OIDC tokens signed by the emulator
 * (its keys at /oauth2/v3/certs), and hands the product the same configuration it reads on AWS.
 */
export const LOCAL_PUSH = {
  topic: 'projects/threadline-local/topics/gmail-push',
  subscription: 'projects/threadline-local/subscriptions/threadline-gmail-push',
  serviceAccount: 'gmail-push@threadline-local.iam.gserviceaccount.com',
} as const;

export const PUSH_ROUTE_PATH = '/api/v3/push/gmail';

const put = async (url: string, body: unknown, allowConflict = false) => {
  const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok && !(allowConflict && response.status === 409)) throw new Error(`Google emulator refused ${url}: ${response.status} ${await response.text()}`);
};

/** Creates the topic and the push subscription; returns the environment the handlers read. */
export const wireLocalPush = async (googleUrl: string, appUrl: string): Promise<Record<string, string>> => {
  const endpoint = `${appUrl}${PUSH_ROUTE_PATH}`;
  await put(`${googleUrl}/v1/${LOCAL_PUSH.topic}`, {}, true);
  await put(`${googleUrl}/v1/${LOCAL_PUSH.subscription}`, {
    topic: LOCAL_PUSH.topic,
    ackDeadlineSeconds: 30,
    pushConfig: { pushEndpoint: endpoint, oidcToken: { serviceAccountEmail: LOCAL_PUSH.serviceAccount, audience: endpoint } },
  });
  return {
    GMAIL_PUSH_TOPIC: LOCAL_PUSH.topic,
    GMAIL_PUSH_AUDIENCE: endpoint,
    GMAIL_PUSH_SERVICE_ACCOUNT: LOCAL_PUSH.serviceAccount,
    GMAIL_PUSH_JWKS_URL: `${googleUrl}/oauth2/v3/certs`,
  };
};

/**
 * The Step Functions status-change event a processing execution's end emits (any outcome), as
 * EventBridge delivers it: the targets parse the whole envelope, and its `id` is their
 * idempotency key.
 */
export const executionEndedEvent = (executionArn: string, status: string, input: unknown, failure: { error?: string; cause?: string } = {}) => ({
  version: '0',
  id: randomUUID(),
  source: 'aws.states',
  account: '000000000000',
  time: new Date().toISOString(),
  region: process.env.AWS_REGION ?? 'us-east-1',
  resources: [executionArn],
  'detail-type': 'Step Functions Execution Status Change',
  detail: { executionArn, status, input: JSON.stringify(input), ...failure },
});

export const WATCH_RENEW_INTERVAL_MS = 24 * 3600_000;
