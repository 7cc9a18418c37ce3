import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_ROUTE_PATH } from '../../infra/local/push';
import type { GoogleEmulator } from '../emulators/google/server';
import { seed } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';
import { deliver, googleSignedToken, pushBody } from './push-helpers';

/**
 * A Gmail notification for a mailbox no agency has connected (its watch outlived the connection:
 * users.stop failed at the disconnect) is acknowledged and dropped: refused, Pub/Sub would
 * redeliver it for days. A delivery that fails verification is still refused.
 */
const [MAYA] = seed.accounts.map((account) => account.email) as [string];

describe('Gmail push for a mailbox no agency connected', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let owner: SignedIn;
  const started = { PushCheck: 0, JobInitialize: 0 };

  beforeAll(async () => {
    booted = await boot({
      push: true,
      wrapTask: (taskId, run) => async (input) => {
        if (taskId === 'PushCheck' || taskId === 'JobInitialize') started[taskId] += 1;
        return run(input);
      },
    });
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    owner = await signIn(booted.runtime, MAYA);
    await createAgency(owner, 'Push Leftover Agency');
    await booted.runtime.settleAsync();
    expect(google.pubsub.watches.has(MAYA)).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it("acknowledges the leftover watch's notification once (no redelivery) and starts nothing", async () => {
    // users.stop fails at the disconnect: Gmail keeps notifying for a mailbox no agency reads any more.
    google.faults.set({ api: 'gmail', operation: 'gmail.users.stop', status: 503 });
    const gone = await owner.api.post('/api/v3/mailboxes/disconnect', { remove_data: false });
    google.faults.clear();
    expect(gone.status, gone.text).toBe(200);
    expect(google.pubsub.watches.has(MAYA)).toBe(true);
    await booted.runtime.settleAsync();
    const before = { ...started, log: google.log.length, deliveries: google.pubsub.deliveries.length };

    const added = google.addMessage({ mailbox: MAYA, from: 'Someone <someone@example.com>', to: [MAYA], subject: 'After the disconnect', body: 'Hello?' });
    await google.pubsub.settle();
    const deliveries = google.pubsub.deliveries.slice(before.deliveries);
    expect(deliveries.map(({ emailAddress, historyId, attempts, statuses, acked }) => ({ emailAddress, historyId, attempts, statuses, acked }))).toEqual([
      { emailAddress: MAYA, historyId: Number(added.historyId), attempts: 1, statuses: [200], acked: true },
    ]);
    await booted.runtime.settleAsync();
    expect({ PushCheck: started.PushCheck, JobInitialize: started.JobInitialize }).toEqual({ PushCheck: before.PushCheck, JobInitialize: before.JobInitialize });
    expect(google.log.slice(before.log).filter((entry) => entry.api === 'gmail')).toEqual([]);
  });

  it('answers a verified delivery for an address nobody connected 200, starting nothing; an unverified one is still refused', async () => {
    const audience = `${booted.runtime.url}${PUSH_ROUTE_PATH}`;
    const checks = started.PushCheck;
    const acknowledged = await deliver(booted.runtime.url, pushBody('nobody@unknown.example', 12345), await googleSignedToken(google, audience));
    expect(acknowledged).toEqual({ status: 200, body: { success: true, agencies: 0, started: 0 } });
    const wrongAudience = await deliver(booted.runtime.url, pushBody('nobody@unknown.example', 12345), await googleSignedToken(google, 'https://evil.example/api/v3/push/gmail'));
    expect(wrongAudience.status).toBe(401);
    const unsigned = await deliver(booted.runtime.url, pushBody('nobody@unknown.example', 12345));
    expect(unsigned.status).toBe(401);
    await booted.runtime.settleAsync();
    expect(started.PushCheck).toBe(checks);
  });
});
