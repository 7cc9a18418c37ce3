import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gmail } from '@googleapis/gmail';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulators, type Emulators } from './emulators';

/**
 * `npm start` keeps what the Google emulator was given in $DATA_DIR/google-emulator.json: mail
 * added through its control API (`POST /__emulator/messages`) is there after a restart, like
 * the Drive files and sign-in grants, with its thread and its Gmail history.
 */
const MAYA = 'maya@brightwave-agency.com';

let dataDir: string;
const previousPort = process.env.GOOGLE_EMULATOR_PORT;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'threadline-emulators-'));
  // any free port: a developer's `npm start` may hold the steady one
  process.env.GOOGLE_EMULATOR_PORT = '0';
});
afterAll(() => {
  if (previousPort === undefined) delete process.env.GOOGLE_EMULATOR_PORT;
  else process.env.GOOGLE_EMULATOR_PORT = previousPort;
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startEmulators({ dataDir, persist: true, google: { seed: 'default' }, openai: 'real' });

const gmailFor = async (emulators: Emulators) => {
  const google = emulators.google as unknown as { url: string; issueTokens(email: string): Promise<{ access_token: string }> };
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: (await google.issueTokens(MAYA)).access_token });
  return gmail({ version: 'v1', auth, rootUrl: `${google.url}/` });
};

const inject = async (emulators: Emulators, body: Record<string, unknown>) => {
  const response = await fetch(`${emulators.google!.url}/__emulator/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; threadId: string; historyId: string };
};

describe('local runtime: the Google emulator keeps injected mail across restarts', () => {
  it('a message added through the control API is still served by Gmail after a restart with the same data dir', async () => {
    const first = await start();
    let api = await gmailFor(first);
    const before = (await api.users.getProfile({ userId: 'me' })).data;
    const seededThread = (await api.users.threads.list({ userId: 'me', maxResults: 1 })).data.threads![0]!;
    const added = await inject(first, {
      mailbox: MAYA,
      from: 'Ava Stone <ava.stone@gmail.com>',
      to: [MAYA],
      subject: 'Injected: rates for spring',
      body: 'Hi Maya, my rate is $1,200 per reel.',
      date: '2026-11-14T10:00:00.000Z',
    });
    const reply = await inject(first, { mailbox: MAYA, threadId: seededThread.id, from: 'Someone <someone@example.com>', to: [MAYA], subject: 'Re: seeded', body: 'A reply in a seeded thread.' });
    await first.close();

    const second = await start();
    try {
      api = await gmailFor(second);
      const message = (await api.users.messages.get({ userId: 'me', id: added.id, format: 'full' })).data;
      expect(message).toMatchObject({ id: added.id, threadId: added.threadId, historyId: added.historyId });
      expect(message.payload!.headers!.find((h) => h.name === 'Subject')!.value).toBe('Injected: rates for spring');
      expect(Buffer.from(message.payload!.body!.data ?? message.payload!.parts![0]!.body!.data!, 'base64url').toString()).toContain('my rate is $1,200 per reel');
      // found by search, in its thread, and in the mailbox's history since before it was added
      const found = (await api.users.messages.list({ userId: 'me', q: 'subject:"Injected: rates for spring"' })).data.messages ?? [];
      expect(found.map((m) => m.id)).toEqual([added.id]);
      const thread = (await api.users.threads.get({ userId: 'me', id: seededThread.id! })).data;
      expect(thread.messages!.map((m) => m.id)).toContain(reply.id);
      const history = (await api.users.history.list({ userId: 'me', startHistoryId: before.historyId! })).data;
      expect(history.history!.flatMap((h) => h.messagesAdded!.map((m) => m.message!.id))).toEqual([added.id, reply.id]);
      const after = (await api.users.getProfile({ userId: 'me' })).data;
      expect(after.messagesTotal).toBe(before.messagesTotal! + 2);
      expect(Number(after.historyId)).toBe(Number(reply.historyId));
    } finally {
      await second.close();
    }

    // and a third start still has it exactly once (restored mail is saved again, never doubled)
    const third = await start();
    try {
      api = await gmailFor(third);
      expect((await api.users.getProfile({ userId: 'me' })).data.messagesTotal).toBe(before.messagesTotal! + 2);
    } finally {
      await third.close();
    }
  });
});
