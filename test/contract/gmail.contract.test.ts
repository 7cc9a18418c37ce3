import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryExpired } from '../../functions/lib/google/errors';
import { createGmailClient, type GmailClient } from '../../functions/lib/google/gmail';
import { createGmailQuotaLimiter, gmailQuotaConfig } from '../../functions/lib/google/gmail-quota';
import { startGoogleEmulator, type GoogleEmulator } from '../emulators/google/server';
import { truth } from '../fixtures/seed/index';
import { contextFor } from './google-helpers';

/** Each Gmail adapter call against the emulator: request (from its log) and parsed result. */
let g: GoogleEmulator;
const clients = new Map<string, GmailClient>();
const gmailFor = (mailbox: string) => clients.get(mailbox)!;

beforeAll(async () => {
  g = await startGoogleEmulator({ port: 0, seed: 'default' });
  for (const mailbox of g.state.mailboxes.keys()) {
    const { refresh_token } = await g.issueTokens(mailbox);
    clients.set(mailbox, createGmailClient({ ...contextFor(g.url, refresh_token!), mailbox, limiter: createGmailQuotaLimiter() }));
  }
});
afterAll(() => g.close());

const MAYA = 'maya@brightwave-agency.com';
const lastGmail = () => g.log.filter((e) => e.api === 'gmail').at(-1)!;

describe('Gmail adapter against the emulator', () => {
  it('getProfile', async () => {
    const profile = await gmailFor(MAYA).getProfile();
    expect(lastGmail()).toMatchObject({ method: 'GET', path: '/gmail/v1/users/me/profile', user: MAYA, quotaUnits: 1, status: 200 });
    expect(profile.emailAddress).toBe(MAYA);
    expect(Number(profile.historyId)).toBeGreaterThan(0);
    expect(profile.messagesTotal).toBeGreaterThan(0);
  });

  it('listThreads sends q and maxResults and follows pages', async () => {
    const contact = truth.contacts.find((c) => c.threads.filter((t) => t.mailbox === MAYA).length >= 3)!;
    const result = await gmailFor(MAYA).listThreads(`from:${contact.email} OR to:${contact.email}`, { pageSize: 2, maxPages: 10 });
    const calls = g.log.filter((e) => e.operation === 'gmail.users.threads.list').slice(-Math.ceil(result.items.length / 2) - 1);
    expect(calls[0]!.query).toMatchObject({ q: `from:${contact.email} OR to:${contact.email}`, maxResults: '2' });
    expect(calls.at(-1)!.query.pageToken).toBeTruthy();
    expect(result.truncated).toBe(false);
    expect(result.items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(result.items.map((t) => t.id)).size).toBe(result.items.length);
  });

  it('maxPages bounds a long listing and reports truncation', async () => {
    const result = await gmailFor(MAYA).listMessageIds('', { pageSize: 10, maxPages: 2 });
    expect(result).toMatchObject({ truncated: true });
    expect(result.items).toHaveLength(20);
    expect(lastGmail()).toMatchObject({ path: '/gmail/v1/users/me/messages', quotaUnits: 5 });
  });

  it('getThread parses every message of the thread', async () => {
    const contact = truth.contacts.find((c) => c.email_owner && c.threads.some((t) => t.mailbox === MAYA))!;
    const ref = contact.threads.find((t) => t.mailbox === MAYA)!;
    const thread = await gmailFor(MAYA).getThread(ref.threadId, 'full');
    expect(lastGmail()).toMatchObject({ path: `/gmail/v1/users/me/threads/${ref.threadId}`, query: { format: 'full' }, quotaUnits: 10 });
    const seeded = g.seed!.mailboxes.find((m) => m.email === MAYA)!.messages.filter((m) => m.threadId === ref.threadId);
    expect(thread.messages.map((m) => m.id)).toEqual(seeded.map((m) => m.id));
    const first = thread.messages[0]!;
    expect(first.subject).toBe(seeded[0]!.subject);
    expect(first.text.replace(/\r\n/g, '\n').trim()).toBe(seeded[0]!.body.replace(/\r\n/g, '\n').trim());
    expect(first.from?.email).toBe((/<([^>]+)>/.exec(seeded[0]!.from)?.[1] ?? seeded[0]!.from).toLowerCase());
    const everyone = thread.messages.flatMap((m) => [m.from?.email, ...m.to.map((a) => a.email), ...m.cc.map((a) => a.email)]);
    expect(everyone.some((e) => e === contact.email || e === contact.email_owner)).toBe(true);
    expect(first.internalDate).toBe(Date.parse(seeded[0]!.date));
  });

  it('getMessage in metadata format has headers but no body', async () => {
    const seeded = g.seed!.mailboxes.find((m) => m.email === MAYA)!.messages[0]!;
    const message = await gmailFor(MAYA).getMessage(seeded.id, 'metadata');
    expect(lastGmail()).toMatchObject({ path: `/gmail/v1/users/me/messages/${seeded.id}`, query: { format: 'metadata' }, quotaUnits: 5 });
    expect(message).toMatchObject({ id: seeded.id, threadId: seeded.threadId, subject: seeded.subject, text: '' });
  });

  it('listHistory returns what arrived since a historyId, and HistoryExpired once it is too old', async () => {
    const before = (await gmailFor(MAYA).getProfile()).historyId;
    const added = g.addMessage({ mailbox: MAYA, from: 'New Talent <new.talent@example.com>', to: [MAYA], subject: 'Collab?', body: 'Hi Maya, are you booking creators for spring?' });
    const changes = await gmailFor(MAYA).listHistory(before);
    expect(lastGmail()).toMatchObject({ path: '/gmail/v1/users/me/history', quotaUnits: 2 });
    expect(lastGmail().query).toMatchObject({ startHistoryId: before, historyTypes: 'messageAdded' });
    expect(changes.added).toEqual([{ id: added.id, threadId: added.threadId }]);
    expect(changes.threadIds).toEqual([added.threadId]);
    expect(Number(changes.historyId)).toBeGreaterThanOrEqual(Number(added.historyId));

    const idle = await gmailFor(MAYA).listHistory(changes.historyId);
    expect(idle.added).toEqual([]);

    g.expireHistory(MAYA);
    await expect(gmailFor(MAYA).listHistory(before)).rejects.toBeInstanceOf(HistoryExpired);
  });
});

describe('Gmail failures through the adapter', () => {
  it('retries injected 5xx and honours a 429 Retry-After', async () => {
    const waits: number[] = [];
    const { refresh_token } = await g.issueTokens(MAYA);
    const gmail = createGmailClient({
      ...contextFor(g.url, refresh_token!, { sleep: async (ms) => void waits.push(ms), random: () => 0 }),
      mailbox: MAYA,
      // After a 429 the limiter holds the mailbox for Retry-After; its wait is virtual here too.
      limiter: createGmailQuotaLimiter(gmailQuotaConfig({}), { sleep: async () => {} }),
    });
    g.faults.set({ api: 'gmail', operation: 'gmail.users.getProfile', status: 503, times: 2 });
    const before = g.log.length;
    expect((await gmail.getProfile()).emailAddress).toBe(MAYA);
    expect(g.log.slice(before).filter((e) => e.api === 'gmail').map((e) => e.status)).toEqual([503, 503, 200]);

    g.faults.set({ api: 'gmail', operation: 'gmail.users.getProfile', status: 429, retryAfterSeconds: 4, times: 1 });
    waits.length = 0;
    await gmail.getProfile();
    expect(waits).toEqual([4_000]);
    g.faults.clear();
  });
});

describe('Gmail search semantics on the seed', () => {
  /** The query the product builds for a contact: the talent's and the manager's address. */
  const queryFor = (c: (typeof truth.contacts)[number]) =>
    [c.email, c.email_owner].filter(Boolean).flatMap((a) => [`from:${a}`, `to:${a}`, `cc:${a}`]).join(' OR ');

  it('a query for a talent returns exactly the truth threads, per mailbox', async () => {
    const mismatches: string[] = [];
    let compared = 0;
    for (const contact of truth.contacts) {
      for (const mailbox of clients.keys()) {
        const expected = contact.threads
          .filter((t) => t.mailbox === mailbox)
          .map((t) => t.threadId)
          .filter((id) => {
            // Gmail leaves spam and trash out of a search unless asked: so does the truth we compare with.
            const messages = g.seed!.mailboxes.find((m) => m.email === mailbox)!.messages.filter((m) => m.threadId === id);
            return messages.some((m) => !m.labelIds.includes('SPAM') && !m.labelIds.includes('TRASH'));
          })
          .sort();
        const actual = (await gmailFor(mailbox).listThreads(queryFor(contact))).items.map((t) => t.id).sort();
        compared += 1;
        if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push(`${contact.email} in ${mailbox}: got ${actual.join(',')} want ${expected.join(',')}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBe(truth.contacts.length * clients.size);
  });
});
