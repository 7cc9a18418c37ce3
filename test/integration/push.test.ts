import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_ROUTE_PATH } from '../../infra/local/push';
import { mailboxEntity } from '../../functions/lib/store/entities/mailbox';
import type { ConversationListResponse } from '../../shared/schemas/conversations';
import type { MailboxesResponse } from '../../shared/schemas/mailboxes';
import { boot } from './harness';
import { createAgency, signIn } from './identity-helpers';
import { OWNER, settle, setupWorld, trackedContacts, waitFor, type World } from './processing-helpers';
import { deliver, googleSignedToken, pushBody, selfSignedToken } from './push-helpers';

const CAMPAIGN = 'glow-serum-q1';
type TaskFn = (input: unknown) => Promise<unknown>;

/**
 * Gmail push end to end on the local runtime: the emulator's users.watch and its signed Pub/Sub
 * deliveries, the push route's token checks, the coalescing and the single-flight lock. The
 * 2-minute timer is off in every runtime here (monitorIntervalMs false) and MonitorTick is counted.
 */
describe('Gmail push: new mail is processed at once, forged deliveries start nothing', () => {
  let world: World;
  const calls = { MonitorTick: 0, JobInitialize: 0, PushCheckFromRoute: 0 };
  let gate: Promise<void> | undefined;
  const wrapTask = (taskId: string, run: TaskFn): TaskFn => async (input) => {
    if (taskId === 'MonitorTick') calls.MonitorTick += 1;
    if (taskId === 'JobInitialize') calls.JobInitialize += 1;
    if (taskId === 'PushCheck' && (input as { source?: string })?.source !== 'aws.states') calls.PushCheckFromRoute += 1;
    if (taskId === 'JobProcessBatch' && gate) await gate;
    return run(input);
  };
  const talent = () => trackedContacts([CAMPAIGN])[0]!;
  const audience = () => `${world.booted.runtime.url}${PUSH_ROUTE_PATH}`;
  const mailboxItem = async () => (await mailboxEntity.get({ agencyName: world.agencyName, email: OWNER }).go({ consistent: true })).data!;
  const conversationHas = async (threadId: string) => {
    const list = await world.api.get<ConversationListResponse>(`/api/v3/conversations?contact_email=${encodeURIComponent(talent().email)}&limit=50`);
    return list.body.items?.some((c) => c.threads.some((t) => t.thread_id === threadId)) ? true : undefined;
  };

  beforeAll(async () => {
    world = await setupWorld({ campaignIds: [CAMPAIGN], push: true, wrapTask });
    await settle(world);
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  it('watches the connected mailbox (INBOX and SENT into the topic) and reports it in the mailbox health', async () => {
    const watch = world.google.pubsub.watches.get(OWNER);
    expect(watch).toMatchObject({ labelIds: ['INBOX', 'SENT'], labelFilterBehavior: 'include', topicName: 'projects/threadline-local/topics/gmail-push' });
    const listed = await world.api.get<MailboxesResponse>('/api/v3/mailboxes');
    expect(listed.body.mailboxes[0]!.push).toMatchObject({ state: 'watching', watching_until: new Date(watch!.expiration).toISOString(), fallback_reason: null });
  });

  it('a message added in the emulator reaches the conversations API through push, the 2-minute check never running', async () => {
    const contact = talent();
    const added = world.google.addMessage({ mailbox: OWNER, from: `${contact.talent_name} <${contact.email}>`, to: [OWNER], subject: 'PUSH-MARKER-ONE: quick question about the brief', body: 'Hi Maya, could you send the brief again? Thanks!' });
    await waitFor(() => conversationHas(added.threadId), 'the new thread in the conversations API', 30_000);
    expect(calls.MonitorTick).toBe(0);
    const delivery = world.google.pubsub.deliveries.find((d) => d.historyId === Number(added.historyId));
    expect(delivery).toMatchObject({ emailAddress: OWNER, acked: true });
    expect((await mailboxItem()).lastPushAt).toBeDefined();
    const listed = await world.api.get<MailboxesResponse>('/api/v3/mailboxes');
    expect(listed.body.mailboxes[0]!.push.last_notification_at).not.toBeNull();
    await settle(world);
  });

  it('refuses forged deliveries (bad signature, wrong audience, other account, none) with 401/403, starting nothing', async () => {
    await settle(world);
    const before = { log: world.google.log.length, jobs: calls.JobInitialize, checks: calls.PushCheckFromRoute, item: await mailboxItem() };
    const next = String(Number(before.item.historyId ?? 0) + 1_000);
    const cases = [
      { name: 'no token', token: undefined, email: OWNER, status: 401 },
      { name: 'bad signature', token: await selfSignedToken(audience()), email: OWNER, status: 401 },
      { name: 'wrong audience', token: await googleSignedToken(world.google, 'https://evil.example/api/v3/push/gmail'), email: OWNER, status: 401 },
      { name: 'other service account', token: await googleSignedToken(world.google, audience(), 'attacker@evil-project.iam.gserviceaccount.com'), email: OWNER, status: 403 },
    ];
    for (const c of cases) {
      const answer = await deliver(world.booted.runtime.url, pushBody(c.email, next), c.token);
      expect(answer.status, c.name).toBe(c.status);
      expect(answer.body.success, c.name).toBe(false);
    }
    await world.booted.runtime.settleAsync();
    expect(world.google.log.slice(before.log).filter((e) => e.api === 'gmail')).toEqual([]);
    expect(calls.JobInitialize).toBe(before.jobs);
    expect(calls.PushCheckFromRoute).toBe(before.checks);
    const after = await mailboxItem();
    expect({ lastPushAt: after.lastPushAt, pushHistoryId: after.pushHistoryId }).toEqual({ lastPushAt: before.item.lastPushAt, pushHistoryId: before.item.pushHistoryId });
  });

  it('20 notifications for one mailbox within 2 s start one run; duplicates and older historyIds change nothing', async () => {
    await settle(world);
    const contact = talent();
    const before = { jobs: calls.JobInitialize, checks: calls.PushCheckFromRoute };
    const added = world.google.addMessage({ mailbox: OWNER, from: `${contact.talent_name} <${contact.email}>`, to: [OWNER], subject: 'PUSH-MARKER-BURST: rates attached', body: 'Hi Maya, my rate card is attached. Best!' });
    const token = await googleSignedToken(world.google, audience());
    // All 20 at once (well inside 2 s of each other): Pub/Sub's redeliveries and Gmail's bursts look like this.
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(world.booted.runtime.url, pushBody(OWNER, added.historyId), token)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    await waitFor(() => conversationHas(added.threadId), 'the burst thread in the conversations API', 30_000);
    await settle(world);
    await world.booted.runtime.settleAsync();
    expect(calls.JobInitialize - before.jobs).toBe(1);
    expect(calls.PushCheckFromRoute - before.checks).toBeLessThanOrEqual(2);
    // Redelivered, and older: the stored historyId covers them, so nothing starts.
    const stale = [await deliver(world.booted.runtime.url, pushBody(OWNER, added.historyId), token), await deliver(world.booted.runtime.url, pushBody(OWNER, Number(added.historyId) - 5), token)];
    expect(stale.map((a) => [a.status, a.body.started])).toEqual([
      [200, 0],
      [200, 0],
    ]);
    await world.booted.runtime.settleAsync();
    expect(calls.JobInitialize - before.jobs).toBe(1);
    expect(calls.MonitorTick).toBe(0);
  });

  it('a notification during a running job is processed right after it', async () => {
    await settle(world);
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const running = await world.api.post('/api/v3/process/interval', { start_date: '2026-01-05', end_date: '2026-01-20' });
    expect(running.status, running.text).toBe(200);
    const contact = talent();
    const jobsBefore = calls.JobInitialize;
    const added = world.google.addMessage({ mailbox: OWNER, from: `${contact.talent_name} <${contact.email}>`, to: [OWNER], subject: 'PUSH-MARKER-DURING: availability', body: 'Hi Maya, I am free from the 3rd. Thanks!' });
    await waitFor(async () => ((await mailboxItem()).pushPending === true ? true : undefined), 'the notification deferred behind the job');
    expect(calls.JobInitialize).toBe(jobsBefore);
    expect(await conversationHas(added.threadId)).toBeUndefined();
    gate = undefined;
    open();
    await waitFor(() => conversationHas(added.threadId), 'the deferred thread processed after the job', 30_000);
    expect(calls.JobInitialize).toBe(jobsBefore + 1);
    expect(calls.MonitorTick).toBe(0);
    await settle(world);
  });

  it('disconnecting the mailbox from its last agency stops the watch (users.stop): no more notifications', async () => {
    const logFrom = world.google.log.length;
    const gone = await world.api.post('/api/v3/mailboxes/disconnect', { remove_data: false });
    expect(gone.status, gone.text).toBe(200);
    expect(world.google.log.slice(logFrom).filter((e) => e.operation === 'gmail.users.stop').map((e) => [e.user, e.status])).toEqual([[OWNER, 204]]);
    expect(world.google.pubsub.watches.has(OWNER)).toBe(false);
    const deliveries = world.google.pubsub.deliveries.length;
    world.google.addMessage({ mailbox: OWNER, from: `${talent().talent_name} <${talent().email}>`, to: [OWNER], subject: 'PUSH-MARKER-AFTER', body: 'Hello again' });
    await world.google.pubsub.settle();
    expect(world.google.pubsub.deliveries.length).toBe(deliveries);
  });
});

describe('Gmail push off (no topic): polling exactly as before', () => {
  it('no watch calls, the route refuses every delivery, health says polling', async () => {
    const booted = await boot();
    try {
      const google = booted.runtime.emulators.google as unknown as World['google'];
      const owner = await signIn(booted.runtime, OWNER);
      await createAgency(owner, 'Polling Only Agency');
      expect(google.log.filter((e) => e.operation === 'gmail.users.watch' || e.operation === 'gmail.users.stop')).toEqual([]);
      expect(google.pubsub.watches.size).toBe(0);
      const listed = await owner.api.get<MailboxesResponse>('/api/v3/mailboxes');
      expect(listed.body.mailboxes[0]!.push).toMatchObject({ state: 'polling', fallback_reason: 'not_configured' });
      const token = await googleSignedToken(google, `${booted.runtime.url}${PUSH_ROUTE_PATH}`);
      const answer = await deliver(booted.runtime.url, pushBody(OWNER, 99_999_999), token);
      expect(answer.status).toBe(403);
      expect(google.log.filter((e) => e.api === 'gmail' && e.operation !== 'gmail.users.getProfile')).toEqual([]);
    } finally {
      await booted.stop();
    }
  });
});
