import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { googleGrantEntity } from '../../functions/lib/store/entities/google-grant';
import { mailboxEntity } from '../../functions/lib/store/entities/mailbox';
import { LOCAL_OAUTH_CLIENT, type GoogleEmulator } from '../emulators/google/server';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { seed, truth } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { authorizeAtProvider, invite, signIn, startLogin, type SignedIn } from './identity-helpers';
import { makeDue } from './processing-helpers';

/**
 * Consent people only half give (issue 14.2) and the narrower scopes (14.3): Google's consent
 * screen lets a person untick Gmail, Drive or Sheets. The sign-in notices, sends them to the
 * re-consent screen, records what was granted, and the monitor and jobs skip a mailbox without
 * Gmail access ("missing_access") while the others keep working. A wrong OAuth client secret
 * is the operators' configuration problem, not the user's.
 */
const [MAYA, DANIEL] = seed.accounts.map((account) => account.email) as [string, string];
const GMAIL = 'https://www.googleapis.com/auth/gmail.readonly';
const DRIVE_FILE = 'https://www.googleapis.com/auth/drive.file';
const SHEETS_READ = 'https://www.googleapis.com/auth/spreadsheets.readonly';
/** a talent whose threads are only in Maya's mailbox */
const MARCUS = truth.contacts.find((c) => c.email === 'marcuscarter@gmail.com')!;

type Mailboxes = { mailboxes: { email: string; health: string; health_detail?: string | null }[] };

describe('consent people only half give, and the narrower scopes', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let maya: SignedIn;
  let daniel: SignedIn;
  let agency: string;

  const gmailCallsBy = (user: string, from: number) => google.log.slice(from).filter((e) => e.api === 'gmail' && e.user === user);
  const healthOf = async (email: string) => (await mailboxEntity.get({ agencyName: agency, email }).go()).data;
  const tick = async () => {
    await makeDue(agency);
    await booted.runtime.runMonitorTick();
    await booted.runtime.engine.settle();
  };

  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    maya = await signIn(booted.runtime, MAYA);
    daniel = await signIn(booted.runtime, DANIEL);
    const created = await maya.api.post<{ agency: { name: string } }>('/api/v3/agency', { name: 'Consent Scopes' });
    expect(created.status, created.text).toBe(200);
    agency = created.body.agency.name;
    expect((await maya.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY })).status).toBe(200);
    expect((await maya.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 0 })).status).toBe(200);
    expect((await maya.api.post('/api/campaigns/add', { campaign_id: 'scopes-c', campaign_name: 'Scopes', client_name: 'Client' })).status).toBe(200);
    await booted.runtime.settleAsync();
    const added = await maya.api.post('/api/campaigns/contacts/add', { email: MARCUS.email, talent_name: MARCUS.talent_name, email_owner: '', campaign_id: 'scopes-c' });
    expect(added.status, added.text).toBe(200);
    const token = await invite(maya, booted.dataDir, DANIEL);
    expect((await daniel.api.post('/api/v3/agency/invitations/accept', { invite_token: token })).status).toBe(200);
    expect((await daniel.api.post('/api/v3/mailboxes/connect', {})).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    google?.setConsent({ deny: [] });
    await booted?.stop();
  });

  it('asks Google for drive.file and spreadsheets.readonly, never the full spreadsheets scope', async () => {
    const { authorize } = await startLogin(booted.runtime, { login_hint: MAYA });
    const scopes = authorize.searchParams.get('scope')!.split(' ');
    expect(scopes).toEqual(expect.arrayContaining([GMAIL, DRIVE_FILE, SHEETS_READ]));
    expect(scopes).not.toContain('https://www.googleapis.com/auth/spreadsheets');
    // the agency's sheets were created by the product, so drive.file lets it write them
    const { data: grant } = await googleGrantEntity.get({ email: MAYA }).go();
    expect(grant?.scopes).toEqual(expect.arrayContaining([GMAIL, DRIVE_FILE, SHEETS_READ]));
  });

  it('a sign-in with Gmail unticked reaches the re-consent screen; the grant records what was granted', async () => {
    // Daniel removes Threadline's access at Google, then signs in again and unticks Gmail
    for (const grant of google.state.tokens.refresh.values()) if (grant.email === DANIEL) grant.revoked = true;
    google.setConsent({ deny: [GMAIL] });
    try {
      daniel = await signIn(booted.runtime, DANIEL, { redirect: '/settings' });
    } finally {
      google.setConsent({ deny: [] });
    }
    expect(daniel.location).toBe('/auth/consent?missing=gmail&redirect=/settings');
    expect(daniel.token).toBeTruthy(); // signed in all the same
    const { data: grant } = await googleGrantEntity.get({ email: DANIEL }).go();
    expect(grant?.scopes).toEqual(expect.arrayContaining([DRIVE_FILE, SHEETS_READ]));
    expect(grant?.scopes).not.toContain(GMAIL);
    expect(grant?.revokedAt).toBeUndefined();
    const connection = await daniel.api.get<{ google_access: string }>('/api/v3/system/connection');
    expect(connection.body.google_access).toBe('missing');
    // the redirect target is the SPA's re-consent screen
    const screen = await fetch(new URL(daniel.location, booted.runtime.url));
    expect(screen.status).toBe(200);
    expect(screen.headers.get('content-type')).toContain('text/html');
  });

  it('the monitor records "missing_access" for that mailbox, once per tick, while the other mailbox keeps working', async () => {
    const thread = MARCUS.threads[0]!.threadId;
    google.addMessage({ mailbox: MAYA, threadId: thread, from: `Marcus Carter <${MARCUS.email}>`, to: [MAYA], subject: 'Re: dates', body: 'Can we move the shoot to Friday?' });
    const from = google.log.length;
    await tick();
    const danielCalls = gmailCallsBy(DANIEL, from);
    expect(danielCalls.length).toBeLessThanOrEqual(1); // one check, refused, no retry
    for (const call of danielCalls) expect(call.status).toBe(403);
    expect(gmailCallsBy(MAYA, from).filter((e) => e.status === 200).length).toBeGreaterThan(0);
    expect((await healthOf(DANIEL))?.health).toBe('missing_access');
    expect((await healthOf(MAYA))?.health).toBe('connected');
    const listed = await maya.api.get<Mailboxes>('/api/v3/mailboxes');
    expect(listed.body.mailboxes.find((m) => m.email === DANIEL)?.health).toBe('missing_access');
    expect(listed.body.mailboxes.find((m) => m.email === MAYA)?.health).toBe('connected');

    // the next tick: still at most one refused check for his mailbox
    const next = google.log.length;
    await tick();
    expect(gmailCallsBy(DANIEL, next).length).toBeLessThanOrEqual(1);
    expect((await healthOf(DANIEL))?.health).toBe('missing_access');
  });

  it('a job skips the mailbox without Gmail access with a warning and succeeds on the others', async () => {
    const started = await maya.api.post('/api/v3/process/email', { email: MARCUS.email });
    expect(started.status, started.text).toBe(200);
    await booted.runtime.engine.settle();
    const status = (await maya.api.get<{ status?: string; warnings?: string[] }>('/api/v3/status')).body;
    expect(status.status).toBe('succeeded');
    expect(status.warnings?.join(' ')).toContain(`${DANIEL} was skipped`);
    expect((await healthOf(DANIEL))?.health).toBe('missing_access');
  });

  it('the re-consent link asks again with prompt=consent and include_granted_scopes; allowing Gmail restores the mailbox', async () => {
    const { authorize, bindingCookie } = await startLogin(booted.runtime, { prompt: 'consent', include_granted_scopes: 'true', login_hint: DANIEL });
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('include_granted_scopes')).toBe('true');
    const callback = await authorizeAtProvider(authorize);
    const answered = await fetch(callback, { redirect: 'manual', headers: { cookie: bindingCookie } });
    expect(answered.headers.get('location')).toBe('/auth/success?invite_accepted=false&redirect=/');
    const { data: grant } = await googleGrantEntity.get({ email: DANIEL }).go();
    expect(grant?.scopes).toEqual(expect.arrayContaining([GMAIL, DRIVE_FILE, SHEETS_READ]));
    const from = google.log.length;
    await tick();
    // the access token cached on his mailbox predates the new consent: not reused
    expect(gmailCallsBy(DANIEL, from).every((e) => e.status === 200)).toBe(true);
    expect((await healthOf(DANIEL))?.health).toBe('connected');
  });

  it('a wrong OAuth client secret is reported to operators as configuration, not to the user as "sign in again"', async () => {
    google.registerClient({ ...LOCAL_OAUTH_CLIENT, clientSecret: 'rotated-at-google', name: 'Threadline (local)', redirectUris: 'loopback' });
    // the logger writes through console (or the process streams on Lambda): capture both
    const lines: string[] = [];
    const restore: (() => void)[] = [];
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      restore.push(() => (stream.write = write as typeof stream.write));
    }
    for (const method of ['log', 'info', 'warn', 'error'] as const) {
      const original = console[method];
      console[method] = (...args: unknown[]) => {
        lines.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
        original.apply(console, args as []);
      };
      restore.push(() => (console[method] = original));
    }
    let attempt: SignedIn;
    try {
      attempt = await signIn(booted.runtime, MAYA);
    } finally {
      for (const undo of restore) undo();
      google.registerClient({ ...LOCAL_OAUTH_CLIENT, name: 'Threadline (local)', redirectUris: 'loopback' });
    }
    expect(attempt.location.startsWith('/auth/error?message=')).toBe(true);
    const message = new URL(attempt.location, 'http://x').searchParams.get('message');
    expect(message).toBe(messages.auth.misconfigured);
    expect(message).not.toMatch(/please sign in again|try again/i);
    expect(attempt.token).toBe('');
    const logged = lines.join('\n');
    expect(logged).toContain('GOOGLE_OAUTH_CLIENT_MISCONFIGURED');
    expect(logged).toMatch(/"level":"ERROR"/);
  });
});
