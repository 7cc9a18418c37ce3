/**
 * Gmail push as Google runs it: users.watch / users.stop on the Gmail API, the Pub/Sub topics and
 * push subscriptions they publish to, and the push delivery itself: an HTTPS POST of
 * `{message:{data: base64 {emailAddress, historyId}, messageId, publishTime}, subscription}` to the
 * subscription's endpoint with `Authorization: Bearer <OIDC token>` signed RS256 by this
 * emulator's key (published at /oauth2/v3/certs), iss https://accounts.google.com, aud = the
 * subscription's audience, email = its service account. Non-2xx answers are redelivered with
 * exponential backoff, as Pub/Sub does. Also iamcredentials generateIdToken, which mints the same
 * kind of token for a service account (what a test needs to forge a wrong audience or account).
 *
 * Like Google's own Pub/Sub emulator, the Pub/Sub and IAM credentials routes take no credentials.
 */
import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { GoogleError, badRequest, notFound } from './errors';
import { bodyObject, requireAccount, requireAnyScope, SCOPE, type Ctx, type Reply, type Route } from './http';
import type { SigningKeys } from './oauth';
import type { EmulatorState } from './state';

export const PUSH_ISSUER = 'https://accounts.google.com';
/** Gmail ends a watch after 7 days unless users.watch is called again. */
export const WATCH_TTL_MS = 7 * 24 * 3600_000;

export type Watch = { topicName: string; labelIds: string[]; labelFilterBehavior: 'include' | 'exclude'; expiration: number; historyId: number };
export type PushConfig = { pushEndpoint: string; oidcToken?: { serviceAccountEmail: string; audience?: string } };
export type Subscription = { name: string; topic: string; pushConfig?: PushConfig; ackDeadlineSeconds: number };
export type Delivery = { subscription: string; endpoint: string; emailAddress: string; historyId: number; messageId: string; attempts: number; statuses: number[]; acked: boolean };

export type PubSub = {
  watches: Map<string, Watch>;
  topics: Set<string>;
  subscriptions: Map<string, Subscription>;
  deliveries: Delivery[];
  /** Gmail's side: new mail in a mailbox (called by addMessage) */
  mailChanged(email: string, labelIds: string[], historyId: number): void;
  /** resolves when no delivery is in flight (tests) */
  settle(): Promise<void>;
  routes(): Route[];
  close(): void;
};

const TOPIC = /^projects\/[a-z][-a-z0-9]{4,28}[a-z0-9]\/topics\/[A-Za-z][-A-Za-z0-9_.~+%]{2,254}$/;
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 10_000;
const MAX_ATTEMPTS = 8;

/** A service account's numeric unique id, stable per e-mail (Google puts it in sub and azp). */
const uniqueIdOf = (email: string) => BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 15)}`).toString().padStart(21, '1').slice(0, 21);

export const createPubSub = (deps: { state: EmulatorState; keys: SigningKeys; clock: () => number }): PubSub => {
  const watches = new Map<string, Watch>();
  const topics = new Set<string>();
  const subscriptions = new Map<string, Subscription>();
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let nextMessageId = 1_000_000_000_000 + Math.floor(deps.clock() % 1_000_000);

  const signIdToken = async (serviceAccountEmail: string, audience: string): Promise<string> => {
    const now = Math.floor(deps.clock() / 1000);
    const id = uniqueIdOf(serviceAccountEmail);
    return new SignJWT({ azp: id, email: serviceAccountEmail, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: deps.keys.kid, typ: 'JWT' })
      .setIssuer(PUSH_ISSUER)
      .setSubject(id)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(deps.keys.privateKey);
  };

  const attempt = async (sub: Subscription, delivery: Delivery, body: string): Promise<void> => {
    const config = sub.pushConfig!;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)' };
    if (config.oidcToken) headers.authorization = `Bearer ${await signIdToken(config.oidcToken.serviceAccountEmail, config.oidcToken.audience || config.pushEndpoint)}`;
    delivery.attempts += 1;
    // 0: no answer (refused, timed out past the ack deadline)
    let status = 0;
    try {
      const response = await fetch(config.pushEndpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(sub.ackDeadlineSeconds * 1000) });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      // left at 0
    }
    delivery.statuses.push(status);
    // Pub/Sub acknowledges on 102, 200, 201, 202 and 204; anything else is redelivered.
    if ([102, 200, 201, 202, 204].includes(status)) {
      delivery.acked = true;
      return;
    }
    if (closed || delivery.attempts >= MAX_ATTEMPTS) return;
    const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (delivery.attempts - 1));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, wait);
      timers.add(timer);
    });
    if (!closed) await attempt(sub, delivery, body);
  };

  const publish = (topic: string, data: Record<string, unknown>) => {
    for (const sub of subscriptions.values()) {
      if (sub.topic !== topic || !sub.pushConfig) continue;
      const messageId = String(nextMessageId++);
      const publishTime = new Date(deps.clock()).toISOString();
      const body = JSON.stringify({
        message: { data: Buffer.from(JSON.stringify(data)).toString('base64'), messageId, message_id: messageId, publishTime, publish_time: publishTime },
        subscription: sub.name,
      });
      const delivery: Delivery = { subscription: sub.name, endpoint: sub.pushConfig.pushEndpoint, emailAddress: String(data.emailAddress), historyId: Number(data.historyId), messageId, attempts: 0, statuses: [], acked: false };
      deliveries.push(delivery);
      const run = attempt(sub, delivery, body).catch(() => undefined);
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    }
  };

  const mailChanged: PubSub['mailChanged'] = (email, labelIds, historyId) => {
    const watch = watches.get(email.toLowerCase());
    if (!watch || watch.expiration <= deps.clock()) return;
    const matches = labelIds.some((label) => watch.labelIds.includes(label));
    if (watch.labelIds.length && (watch.labelFilterBehavior === 'include' ? !matches : matches)) return;
    publish(watch.topicName, { emailAddress: email.toLowerCase(), historyId });
  };

  // ---- Gmail: users.watch, users.stop (developers.google.com/gmail/api/reference/rest/v1/users/watch)
  const gmailUser = (ctx: Ctx) => {
    const account = requireAccount(ctx);
    const userId = ctx.params[0]!;
    if (userId !== 'me' && userId.toLowerCase() !== account.email) throw new GoogleError(403, { message: `Delegation denied for ${account.email}`, reason: 'forbidden' });
    requireAnyScope(ctx, [SCOPE.gmailReadonly, SCOPE.gmailModify, SCOPE.mailFull, SCOPE.gmailMetadata]);
    const mb = ctx.state.mailboxes.get(account.email);
    if (!mb) throw new GoogleError(400, { message: 'Mail service not enabled', reason: 'failedPrecondition', status: 'FAILED_PRECONDITION' });
    return mb;
  };
  const watch = (ctx: Ctx): Reply => {
    const mb = gmailUser(ctx);
    const b = bodyObject(ctx);
    const topicName = typeof b.topicName === 'string' ? b.topicName : '';
    if (!topicName) throw badRequest('Invalid topicName does not match projects/*/topics/*', { location: 'topicName', locationType: 'parameter' });
    if (!TOPIC.test(topicName)) throw badRequest(`Invalid topicName does not match projects/*/topics/*: ${topicName}`);
    if (!topics.has(topicName)) throw notFound(`Resource not found (resource=${topicName.split('/').pop()}).`);
    const labelIds = Array.isArray(b.labelIds) ? b.labelIds.filter((label): label is string => typeof label === 'string') : [];
    const behavior = String(b.labelFilterBehavior ?? b.labelFilterAction ?? 'include').toLowerCase();
    if (behavior !== 'include' && behavior !== 'exclude') throw badRequest(`Invalid value at 'label_filter_behavior', "${String(b.labelFilterBehavior)}"`);
    const expiration = deps.clock() + WATCH_TTL_MS;
    watches.set(mb.email, { topicName, labelIds, labelFilterBehavior: behavior, expiration, historyId: mb.historyId });
    return { body: { historyId: String(mb.historyId), expiration: String(expiration) } };
  };
  const stop = (ctx: Ctx): Reply => {
    const mb = gmailUser(ctx);
    watches.delete(mb.email);
    return { status: 204 };
  };

  // ---- Pub/Sub admin (pubsub.googleapis.com/v1) and IAM credentials
  const topicPut = (ctx: Ctx): Reply => {
    const name = `projects/${ctx.params[0]}/topics/${ctx.params[1]}`;
    if (!TOPIC.test(name)) throw badRequest(`Invalid resource name given (name=${name}).`);
    if (topics.has(name)) throw new GoogleError(409, { message: 'Resource already exists in the project (resource=' + ctx.params[1] + ').', reason: 'alreadyExists', status: 'ALREADY_EXISTS' });
    topics.add(name);
    return { body: { name } };
  };
  const subscriptionPut = (ctx: Ctx): Reply => {
    const name = `projects/${ctx.params[0]}/subscriptions/${ctx.params[1]}`;
    const b = bodyObject(ctx);
    const topic = typeof b.topic === 'string' ? b.topic : '';
    if (!topics.has(topic)) throw notFound(`Resource not found (resource=${topic.split('/').pop() ?? ''}).`);
    const push = (b.pushConfig ?? undefined) as { pushEndpoint?: unknown; oidcToken?: { serviceAccountEmail?: unknown; audience?: unknown } } | undefined;
    let pushConfig: PushConfig | undefined;
    if (push) {
      if (typeof push.pushEndpoint !== 'string' || !/^https?:\/\//.test(push.pushEndpoint)) throw badRequest('Invalid push endpoint given (endpoint=' + String(push.pushEndpoint) + ').');
      const oidc = push.oidcToken;
      if (oidc && typeof oidc.serviceAccountEmail !== 'string') throw badRequest('oidcToken.serviceAccountEmail is required');
      pushConfig = {
        pushEndpoint: push.pushEndpoint,
        ...(oidc ? { oidcToken: { serviceAccountEmail: String(oidc.serviceAccountEmail).toLowerCase(), ...(typeof oidc.audience === 'string' && oidc.audience ? { audience: oidc.audience } : {}) } } : {}),
      };
    }
    const ackDeadlineSeconds = typeof b.ackDeadlineSeconds === 'number' ? Math.min(600, Math.max(10, b.ackDeadlineSeconds)) : 10;
    // PUT creates; the emulator also lets a restarted runtime replace its own subscription.
    const sub: Subscription = { name, topic, ackDeadlineSeconds, ...(pushConfig ? { pushConfig } : {}) };
    subscriptions.set(name, sub);
    return { body: { name, topic, ackDeadlineSeconds, ...(pushConfig ? { pushConfig } : {}) } };
  };
  const subscriptionDelete = (ctx: Ctx): Reply => {
    const name = `projects/${ctx.params[0]}/subscriptions/${ctx.params[1]}`;
    if (!subscriptions.delete(name)) throw notFound(`Resource not found (resource=${ctx.params[1]}).`);
    return { body: {} };
  };
  const generateIdToken = async (ctx: Ctx): Promise<Reply> => {
    const b = bodyObject(ctx);
    if (typeof b.audience !== 'string' || !b.audience) throw badRequest('audience is required');
    return { body: { token: await signIdToken(ctx.params[0]!.toLowerCase(), b.audience) } };
  };

  return {
    watches,
    topics,
    subscriptions,
    deliveries,
    mailChanged,
    async settle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    routes: () => {
      const U = '^\\/gmail\\/v1\\/users\\/([^/]+)';
      const gmail = (path: string, operation: string, handler: Route['handler']): Route => ({ method: 'POST', pattern: new RegExp(`${U}${path}$`), api: 'gmail', operation, auth: true, handler });
      const open = (method: string, pattern: RegExp, operation: string, handler: Route['handler']): Route => ({ method, pattern, api: 'control', operation, auth: false, handler });
      return [
        gmail('\\/watch', 'gmail.users.watch', watch),
        gmail('\\/stop', 'gmail.users.stop', stop),
        open('PUT', /^\/v1\/projects\/([^/]+)\/topics\/([^/]+)$/, 'pubsub.projects.topics.create', topicPut),
        open('PUT', /^\/v1\/projects\/([^/]+)\/subscriptions\/([^/]+)$/, 'pubsub.projects.subscriptions.create', subscriptionPut),
        open('DELETE', /^\/v1\/projects\/([^/]+)\/subscriptions\/([^/]+)$/, 'pubsub.projects.subscriptions.delete', subscriptionDelete),
        open('POST', /^\/v1\/projects\/-\/serviceAccounts\/([^/:]+):generateIdToken$/, 'iamcredentials.serviceAccounts.generateIdToken', generateIdToken),
      ];
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
};
