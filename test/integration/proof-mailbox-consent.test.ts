import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveAssetsEntity } from '../../functions/lib/store/entities/drive-assets';
import { mailMessageEntity } from '../../functions/lib/store/entities/mail-message';
import { mailboxEntity } from '../../functions/lib/store/entities/mailbox';
import type { GoogleEmulator } from '../emulators/google/server';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { seed, truth } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { invite, signIn, type SignedIn } from './identity-helpers';
import { makeDue, storedThreads } from './processing-helpers';

/**
 * Proof: a mailbox is read for an agency only with its owner's consent, within the limits they
 * set, and not after they disconnect. Asserted on the Google side (which user's Gmail the
 * emulator served) as well as in the table and the API.
 */
const [MAYA, DANIEL, PRIYA] = seed.accounts.map((account) => account.email) as [string, string, string];
const contactOf = (email: string) => truth.contacts.find((c) => c.email === email)!;
/** a talent whose threads are only in Maya's mailbox */
const MARCUS = contactOf('marcuscarter@gmail.com');
/** another talent with threads in Maya's mailbox */
const HOLLIE = contactOf('hollie.osei@gmail.com');
const WHOLE_SEED = { start_date: '2025-01-01', end_date: '2026-11-20' };

type Mailboxes = {
  mailboxes: { email: string; owner_name: string; is_you: boolean; from_addresses: string[]; after: string | null; health: string }[];
  you: { email: string; connected: boolean; google_access: boolean };
};
type Conversations = { items: { contact_email: string | null; message_count: number }[] };

describe('proof: consent per mailbox, per agency', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let maya: SignedIn;
  let daniel: SignedIn;
  let priya: SignedIn;

  /** Gmail requests the emulator served as `user` since log index `from`. */
  const gmailCallsBy = (user: string, from: number) => google.log.slice(from).filter((e) => e.api === 'gmail' && e.user === user);
  const settle = () => booted.runtime.engine.settle();

  const createAgency = async (owner: SignedIn, name: string, connect_mailbox?: boolean) => {
    const created = await owner.api.post<{ agency: { name: string }; mailbox_connected: boolean }>('/api/v3/agency', {
      name,
      ...(connect_mailbox === undefined ? {} : { connect_mailbox }),
    });
    expect(created.status, created.text).toBe(200);
    expect((await owner.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY })).status).toBe(200);
    expect((await owner.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 0 })).status).toBe(200);
    return created.body;
  };
  const addCampaign = async (who: SignedIn, campaign_id: string) => {
    const added = await who.api.post('/api/campaigns/add', { campaign_id, campaign_name: `Campaign ${campaign_id}`, client_name: 'Client' });
    expect(added.status, added.text).toBe(200);
    await booted.runtime.settleAsync();
  };
  const addContact = async (who: SignedIn, campaign_id: string, contact: typeof MARCUS) => {
    const added = await who.api.post('/api/campaigns/contacts/add', { email: contact.email, talent_name: contact.talent_name, email_owner: '', campaign_id });
    expect(added.status, added.text).toBe(200);
  };
  const join = async (inviter: SignedIn, who: SignedIn) => {
    const token = await invite(inviter, booted.dataDir, who.email);
    const accepted = await who.api.post('/api/v3/agency/invitations/accept', { invite_token: token });
    expect(accepted.status, accepted.text).toBe(200);
  };
  const switchTo = async (who: SignedIn, agency: string) => expect((await who.api.post('/api/v3/agency/switch', { agency_name: agency })).status).toBe(200);
  const runJob = async (who: SignedIn, path: string, body: unknown) => {
    const started = await who.api.post(path, body);
    expect(started.status, started.text).toBe(200);
    await settle();
    return (await who.api.get<{ status?: string; error?: string | null }>('/api/v3/status')).body;
  };
  const pointersOf = async (agency: string, mailbox: string) => (await storedThreads(agency)).filter((t) => t.mailbox === mailbox);

  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    maya = await signIn(booted.runtime, MAYA);
    daniel = await signIn(booted.runtime, DANIEL);
    priya = await signIn(booted.runtime, PRIYA);
  }, 120_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it("a person in agencies A and B who connected only to A: B's jobs read nothing from her mailbox, A's do", async () => {
    const alpha = (await createAgency(maya, 'Consent Alpha')).agency.name;
    await addCampaign(maya, 'alpha-c');
    await addContact(maya, 'alpha-c', MARCUS);

    const beta = await createAgency(daniel, 'Consent Beta');
    expect(beta.mailbox_connected).toBe(true);
    await addCampaign(daniel, 'beta-c');
    await addContact(daniel, 'beta-c', MARCUS);
    await join(daniel, maya); // Maya is now a member of Beta too, but never connected her mailbox there

    const from = google.log.length;
    const status = await runJob(daniel, '/api/v3/process/interval', WHOLE_SEED);
    expect(status.status).toBe('succeeded');
    expect(gmailCallsBy(MAYA, from)).toEqual([]);
    expect(gmailCallsBy(DANIEL, from).length).toBeGreaterThan(0);
    expect(await pointersOf(beta.agency.name, MAYA)).toEqual([]);
    const conversations = await daniel.api.get<Conversations>('/api/v3/conversations?campaign_id=beta-c');
    expect(conversations.body.items.find((c) => c.contact_email === MARCUS.email)?.message_count ?? 0).toBe(0);

    // the positive control: in Alpha, where she connected at creation, her mailbox is read
    await switchTo(maya, alpha);
    const fromAlpha = google.log.length;
    expect((await runJob(maya, '/api/v3/process/email', { email: MARCUS.email })).status).toBe('succeeded');
    expect(gmailCallsBy(MAYA, fromAlpha).some((e) => e.operation === 'gmail.users.threads.get')).toBe(true);
    expect((await pointersOf(alpha, MAYA)).map((p) => p.threadId).sort()).toEqual(MARCUS.threads.map((t) => t.threadId).sort());

    const listed = await maya.api.get<Mailboxes>('/api/v3/mailboxes');
    expect(listed.status).toBe(200);
    expect(listed.body.mailboxes).toEqual([expect.objectContaining({ email: MAYA, owner_name: 'Maya Okafor', is_you: true, health: 'connected' })]);
    expect(listed.body.you).toEqual({ email: MAYA, connected: true, google_access: true });
  });

  it("a member who adds an address found only in the owner's mailbox reads nothing the owner has not connected", async () => {
    const gamma = (await createAgency(maya, 'Consent Gamma', false)).agency.name;
    await addCampaign(maya, 'gamma-c');
    await join(maya, priya);
    // Priya, a member, connects her own mailbox (invited members start unconnected)
    expect((await priya.api.get<Mailboxes>('/api/v3/mailboxes')).body.you.connected).toBe(false);
    const connected = await priya.api.post('/api/v3/mailboxes/connect', {});
    expect(connected.status, connected.text).toBe(200);
    await addContact(priya, 'gamma-c', MARCUS);

    const from = google.log.length;
    expect((await runJob(priya, '/api/v3/process/email', { email: MARCUS.email })).status).toBe('succeeded');
    expect(gmailCallsBy(MAYA, from)).toEqual([]);
    expect(await pointersOf(gamma, MAYA)).toEqual([]);
    const listed = await priya.api.get<Mailboxes>('/api/v3/mailboxes');
    expect(listed.body.mailboxes.map((m) => m.email)).toEqual([PRIYA]);
  });

  it('the after and from limits hold: only mail on or after the day, only mail from/to the chosen addresses', async () => {
    const delta = (await createAgency(maya, 'Consent Delta', false)).agency.name;
    await addCampaign(maya, 'delta-c');
    await addContact(maya, 'delta-c', MARCUS);
    await addContact(maya, 'delta-c', HOLLIE);
    expect((await maya.api.post('/api/v3/mailboxes/connect', { from_addresses: [MARCUS.email], after: '2026-07-01' })).status).toBe(200);
    // idempotent: the same body again leaves the same connection
    const again = await maya.api.post<{ mailbox: { from_addresses: string[]; after: string | null } }>('/api/v3/mailboxes/connect', { from_addresses: [MARCUS.email], after: '2026-07-01' });
    expect(again.body.mailbox).toMatchObject({ from_addresses: [MARCUS.email], after: '2026-07-01' });

    const from = google.log.length;
    expect((await runJob(maya, '/api/v3/process/interval', WHOLE_SEED)).status).toBe('succeeded');
    const { data: messages } = await mailMessageEntity.query.byAgency({ agencyName: delta }).go({ pages: 'all' });
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message.sentAt >= '2026-07-01', `${message.sentAt} is before the limit`).toBe(true);
      expect([message.fromEmail ?? '', ...(message.to ?? []), ...(message.cc ?? [])].map((a) => a.toLowerCase())).toContain(MARCUS.email);
    }
    // the listing itself asks Gmail only for what the owner shares
    const queries = gmailCallsBy(MAYA, from)
      .filter((e) => e.operation === 'gmail.users.threads.list')
      .map((e) => String(e.query.q));
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) expect(q).toContain(`from:${MARCUS.email}`);
    const hollieThreads = new Set(HOLLIE.threads.filter((t) => t.mailbox === MAYA).map((t) => t.threadId));
    expect((await pointersOf(delta, MAYA)).filter((p) => hollieThreads.has(p.threadId))).toEqual([]);
  });

  it('disconnecting stops reading at once, keeps what was read, and removes it when the owner asks', async () => {
    // Delta (the test before) is done with her mailbox: from here on, Alpha is her only connection.
    await switchTo(maya, 'consent-delta');
    expect((await maya.api.post('/api/v3/mailboxes/disconnect', {})).status).toBe(200);
    const alpha = 'consent-alpha';
    await switchTo(maya, alpha);
    const kept = await pointersOf(alpha, MAYA);
    expect(kept.length).toBeGreaterThan(0);
    const off = await maya.api.post<{ connected: boolean; removed_threads: number }>('/api/v3/mailboxes/disconnect', {});
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ connected: false, removed_threads: 0 });
    expect((await mailboxEntity.get({ agencyName: alpha, email: MAYA }).go()).data?.connected).toBe(false);

    // new mail in a tracked thread: neither the monitor nor a job reads her mailbox for Alpha
    const thread = MARCUS.threads[0]!.threadId;
    google.addMessage({ mailbox: MAYA, threadId: thread, from: `Marcus Carter <${MARCUS.email}>`, to: [MAYA], subject: 'Re: still on?', body: 'Any news on the dates?' });
    const from = google.log.length;
    await makeDue(alpha);
    await booted.runtime.runMonitorTick();
    const ended = await runJob(maya, '/api/v3/process/email', { email: MARCUS.email });
    expect(ended).toMatchObject({ status: 'failed', error: expect.stringContaining('No connected mailbox') });
    expect(gmailCallsBy(MAYA, from)).toEqual([]);
    expect((await pointersOf(alpha, MAYA)).length).toBe(kept.length); // what was read stays
    expect((await maya.api.get<Mailboxes>('/api/v3/mailboxes')).body.mailboxes).toEqual([]);

    const removed = await maya.api.post<{ removed_threads: number }>('/api/v3/mailboxes/disconnect', { remove_data: true });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.removed_threads).toBe(kept.length);
    expect(await pointersOf(alpha, MAYA)).toEqual([]);
    const { data: messages } = await mailMessageEntity.query.byAgency({ agencyName: alpha }).go({ pages: 'all' });
    expect(messages).toEqual([]);
    const conversations = await maya.api.get<Conversations>('/api/v3/conversations?campaign_id=alpha-c');
    expect(conversations.body.items.find((c) => c.contact_email === MARCUS.email)?.message_count ?? 0).toBe(0);
  });

  it('a revoked Google grant: the job skips that mailbox and says so, the mailbox shows "revoked", other mailboxes go on', async () => {
    // Gamma: Priya's mailbox connected; Maya connects hers too, then revokes Threadline's access at Google
    await switchTo(maya, 'consent-gamma');
    expect((await maya.api.post('/api/v3/mailboxes/connect', {})).status).toBe(200);
    for (const grant of google.state.tokens.refresh.values()) if (grant.email === MAYA) grant.revoked = true;
    const from = google.log.length;
    const status = await runJob(priya, '/api/v3/process/email', { email: MARCUS.email });
    expect(status.status).toBe('succeeded');
    expect(gmailCallsBy(PRIYA, from).length).toBeGreaterThan(0);
    const job = (await priya.api.get<{ warnings?: string[] }>('/api/v3/status')).body;
    expect(job.warnings?.join(' ')).toContain(`${MAYA} was skipped`);
    const listed = await priya.api.get<Mailboxes>('/api/v3/mailboxes');
    expect(listed.body.mailboxes.find((m) => m.email === MAYA)?.health).toBe('revoked');
    expect(listed.body.mailboxes.find((m) => m.email === PRIYA)?.health).toBe('connected');
  });

  it("Google side: the agency's Drive root is shared with its members only, and a removed member loses both Drive access and the reading of her mailbox", async () => {
    const gamma = 'consent-gamma';
    const root = (await driveAssetsEntity.get({ agencyName: gamma }).go()).data?.rootFolderId;
    expect(root).toBeTruthy();
    const writers = () => (google.state.files.get(root!)?.permissions ?? []).map((p) => p.emailAddress?.toLowerCase());
    expect(writers()).toContain(PRIYA);
    expect(writers()).not.toContain(DANIEL);
    expect(google.state.files.get(root!)?.owner).toBe(MAYA);

    // Maya gives Threadline its access back (revoked in the test before), then removes Priya
    for (const grant of google.state.tokens.refresh.values()) if (grant.email === MAYA) grant.revoked = false;
    const removed = await maya.api.request('DELETE', `/api/campaigns/users/${encodeURIComponent(PRIYA)}`);
    expect(removed.status, removed.text).toBe(200);
    expect(writers()).not.toContain(PRIYA);
    const from = google.log.length;
    await runJob(maya, '/api/v3/process/email', { email: MARCUS.email });
    expect(gmailCallsBy(PRIYA, from)).toEqual([]);
    expect((await maya.api.get<Mailboxes>('/api/v3/mailboxes')).body.mailboxes.map((m) => m.email)).not.toContain(PRIYA);
  });
});
