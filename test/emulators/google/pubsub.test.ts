import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleEmulator, type GoogleEmulator } from './server';

const MAYA = 'maya@brightwave-agency.com';
const TOPIC = 'projects/threadline-test/topics/gmail-push';
const ACCOUNT = 'push@threadline-test.iam.gserviceaccount.com';

type Received = { authorization: string; body: { message: { data: string; messageId: string; publishTime: string }; subscription: string } };

describe('Gmail push: users.watch / users.stop and signed Pub/Sub push deliveries', () => {
  let emu: GoogleEmulator;
  let receiver: Server;
  let endpoint: string;
  let token: string;
  const received: Received[] = [];
  let answer = 204;

  const call = async (method: string, path: string, body?: unknown, auth = true) => {
    const res = await fetch(`${emu.url}${path}`, { method, headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
  };

  beforeAll(async () => {
    emu = await startGoogleEmulator({ quotaUnitsPerMinute: 1_000_000 });
    token = (await emu.issueTokens(MAYA)).access_token;
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'] });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push`;
  });
  afterAll(async () => {
    await emu.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('users.watch needs an existing topic named projects/*/topics/*', async () => {
    expect((await call('POST', '/gmail/v1/users/me/watch', { labelIds: ['INBOX'] })).status).toBe(400);
    expect((await call('POST', '/gmail/v1/users/me/watch', { topicName: 'gmail-push' })).status).toBe(400);
    expect((await call('POST', '/gmail/v1/users/me/watch', { topicName: TOPIC })).status).toBe(404);
    expect((await call('POST', '/gmail/v1/users/me/watch', { topicName: TOPIC }, false)).status).toBe(401);
  });

  it('watch answers {historyId, expiration} as strings, 7 days on; new INBOX mail is pushed with a token verifiable by the JWKS', async () => {
    expect((await call('PUT', `/v1/${TOPIC}`, {}, false)).status).toBe(200);
    const sub = await call('PUT', '/v1/projects/threadline-test/subscriptions/push', { topic: TOPIC, pushConfig: { pushEndpoint: endpoint, oidcToken: { serviceAccountEmail: ACCOUNT, audience: endpoint } } }, false);
    expect(sub.status).toBe(200);
    const watched = await call('POST', '/gmail/v1/users/me/watch', { topicName: TOPIC, labelIds: ['INBOX', 'SENT'], labelFilterBehavior: 'INCLUDE' });
    expect(watched.status).toBe(200);
    expect(watched.body).toEqual({ historyId: expect.stringMatching(/^\d+$/), expiration: expect.stringMatching(/^\d+$/) });
    expect(Number(watched.body!.expiration) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const added = emu.addMessage({ mailbox: MAYA, from: 'Talent <talent@example.com>', to: [MAYA], subject: 'Hi', body: 'Hello' });
    await emu.pubsub.settle();
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(JSON.parse(Buffer.from(delivery!.body.message.data, 'base64').toString('utf8'))).toEqual({ emailAddress: MAYA, historyId: Number(added.historyId) });
    expect(delivery!.body.subscription).toBe('projects/threadline-test/subscriptions/push');
    const { payload } = await jwtVerify(delivery!.authorization.replace(/^Bearer /, ''), createRemoteJWKSet(new URL(`${emu.url}/oauth2/v3/certs`)), { issuer: 'https://accounts.google.com', audience: endpoint });
    expect(payload).toMatchObject({ email: ACCOUNT, email_verified: true });
    expect(emu.pubsub.deliveries.at(-1)).toMatchObject({ acked: true, attempts: 1, statuses: [204] });
  });

  it('a refused delivery is redelivered with backoff until acknowledged', async () => {
    answer = 503;
    emu.addMessage({ mailbox: MAYA, from: `Maya <${MAYA}>`, to: ['talent@example.com'], subject: 'Re: Hi', body: 'Sent mail is watched too' });
    await new Promise((resolve) => setTimeout(resolve, 350));
    answer = 204;
    await emu.pubsub.settle();
    const last = emu.pubsub.deliveries.at(-1)!;
    expect(last.acked).toBe(true);
    expect(last.statuses.slice(0, 2)).toEqual([503, 503]);
    expect(last.statuses.at(-1)).toBe(204);
  });

  it('users.stop ends the notifications', async () => {
    const before = received.length;
    expect((await call('POST', '/gmail/v1/users/me/stop')).status).toBe(204);
    emu.addMessage({ mailbox: MAYA, from: 'Talent <talent@example.com>', to: [MAYA], subject: 'After stop', body: 'quiet' });
    await emu.pubsub.settle();
    expect(received.length).toBe(before);
  });
});
