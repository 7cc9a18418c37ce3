import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyEntity } from '../../functions/lib/store/entities/agency';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { seed, truth } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { createAgency, expireInvitation, invite, readOutbox, signIn, type SignedIn } from './identity-helpers';

/**
 * Proof of issue 13 point 5 ("Roles and abuse"): what a member may not do, how invitations and
 * key checks are throttled, what an agency's name may carry into e-mails, what a login with an
 * invitation reveals before sign-in, and that concurrent settings saves never answer 500.
 */
const [MAYA, DANIEL, PRIYA] = seed.accounts.map((account) => account.email) as [string, string, string];
const AGENCY_DISPLAY = 'Roles Proof Agency';
const CAMPAIGN = 'roles-launch';

// The limits the product promises (functions/lib/identity/invitations.ts, api-keys.ts).
const INVITES_PER_AGENCY_PER_HOUR = 20;
const INVITES_PER_ADDRESS_PER_DAY = 5;
const KEY_CHECKS_PER_AGENCY_PER_MINUTE = 10;

type Refusal = { success: false; error: string; message: string };

const expectRetryAfter = (headers: Headers, maxSeconds: number) => {
  const value = Number(headers.get('retry-after'));
  expect(Number.isInteger(value), `Retry-After: ${headers.get('retry-after')}`).toBe(true);
  expect(value).toBeGreaterThan(0);
  expect(value).toBeLessThanOrEqual(maxSeconds);
};

/**
 * The limits count in fixed windows (a minute, an hour, a UTC day) of this process's clock: a
 * test that needs N uses inside one window starts well clear of the window's end.
 */
const clearOfWindowEdge = async (windowSeconds: number, marginSeconds: number) => {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < marginSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
};

describe('proof of roles and abuse limits', () => {
  let booted: Booted;
  let owner: SignedIn;
  let member: SignedIn;
  let agencyName: string;
  let contactEmail: string;

  beforeAll(async () => {
    booted = await boot();
    owner = await signIn(booted.runtime, MAYA);
    agencyName = (await createAgency(owner, AGENCY_DISPLAY)).agency.name;
    expect((await owner.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY })).status).toBe(200);
    expect((await owner.api.post('/api/campaigns/add', { campaign_id: CAMPAIGN, campaign_name: 'Roles Launch', client_name: 'Roles Client' })).status).toBe(200);
    await booted.runtime.settleAsync();
    const contact = truth.contacts.find((candidate) => candidate.campaign_id === truth.campaigns[0]!.campaign_id)!;
    contactEmail = contact.email;
    expect((await owner.api.post('/api/campaigns/contacts/add', { email: contact.email, talent_name: 'Roles Talent', email_owner: contact.email_owner, campaign_id: CAMPAIGN })).status).toBe(200);
    expect((await owner.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 120 })).status).toBe(200);
    const token = await invite(owner, booted.dataDir, PRIYA, 'member');
    member = await signIn(booted.runtime, PRIYA, { invite: token });
    expect(member.location).toContain('invite_accepted=true');
    expect((await member.api.get('/auth/status')).body).toMatchObject({ agency_name: agencyName, membership_role: 'member' });
  }, 180_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it('members cannot delete campaigns, set or replace the OpenAI key, reset settings, change the mail check interval or clear contacts (403, clear message, nothing changed)', async () => {
    const refusals: [string, () => ReturnType<SignedIn['api']['post']>, string][] = [
      ['delete a campaign', () => member.api.post('/api/campaigns/delete', { campaign_id: CAMPAIGN }), 'Only owners can delete campaigns'],
      ['replace the OpenAI key', () => member.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY }), 'Only owners can set or replace the OpenAI API key'],
      ['reset settings', () => member.api.post('/api/v3/settings/reset', { config_type: 'all' }), 'Only owners can reset settings'],
      ['reset one settings section', () => member.api.post('/api/v3/settings/reset', { config_type: 'processing_limits' }), 'Only owners can reset settings'],
      ['clear contacts', () => member.api.post('/api/campaigns/contacts/clear', { confirm: true }), 'Only owners can clear contacts'],
      ['change the mail check interval', () => member.api.post('/api/v3/settings/monitoring-config', { check_interval_minutes: 2 }), 'Only owners can change how often mail is checked'],
    ];
    for (const [what, call, message] of refusals) {
      const response = await call();
      expect(response.status, `${what}: ${response.text}`).toBe(403);
      expect(response.body, what).toMatchObject({ success: false, error: message, message });
    }
    await booted.runtime.settleAsync();
    const campaign = await owner.api.get<{ campaign: { status: string; contact_count: number } }>(`/api/campaigns/${CAMPAIGN}`);
    expect(campaign.status).toBe(200);
    expect(campaign.body.campaign.status).toBe('ready');
    const tracking = await owner.api.get<{ contacts: Record<string, unknown> }>('/api/campaigns/contacts/tracking');
    expect(JSON.stringify(tracking.body.contacts)).toContain(contactEmail);
    expect((await owner.api.get('/api/v3/settings/processing-limits')).body).toMatchObject({ settings: { oldest_scan_days: 120 } });
    expect((await owner.api.get('/api/v3/api-keys/status')).body).toEqual({ success: true, openai: true });
    expect((await owner.api.get('/api/v3/settings/monitoring-config')).body).toMatchObject({ settings: { check_interval_minutes: 5 } });
    console.log(`proof-roles/members: ${refusals.length} owner-only actions refused to a member, nothing changed`);
  });

  it(`invitations: at most ${INVITES_PER_ADDRESS_PER_DAY} a day to one address (resends count, across agencies): 429 with Retry-After, nothing sent`, async () => {
    const target = 'often.invited@example.com';
    const sent = () => readOutbox(booted.dataDir).filter((mail) => mail.to === target).length;
    await clearOfWindowEdge(24 * 3600, 30);
    for (let round = 1; round < INVITES_PER_ADDRESS_PER_DAY; round += 1) {
      expect((await owner.api.post('/api/v3/agency/invitations', { email: target, role: 'member' })).status, `invite ${round}`).toBe(200);
      if (round < INVITES_PER_ADDRESS_PER_DAY - 1) expect((await owner.api.post('/api/v3/agency/invitations/cancel', { email: target })).status).toBe(200);
    }
    // the last allowed one is a resend of the expired invitation
    await expireInvitation(agencyName, target);
    expect((await owner.api.post('/api/v3/agency/invitations/resend', { email: target })).status).toBe(200);
    expect(sent()).toBe(INVITES_PER_ADDRESS_PER_DAY);

    await expireInvitation(agencyName, target);
    const resend = await owner.api.post<Refusal>('/api/v3/agency/invitations/resend', { email: target });
    expect(resend.status, resend.text).toBe(429);
    expect(resend.body.error).toMatch(/^Too many invitations have been sent to often\.invited@example\.com today\. Try again in /);
    expectRetryAfter(resend.headers, 24 * 3600);

    // another agency cannot reach the address either
    const daniel = await signIn(booted.runtime, DANIEL);
    await createAgency(daniel, 'Second Roles Agency');
    const elsewhere = await daniel.api.post<Refusal>('/api/v3/agency/invitations', { email: target, role: 'member' });
    expect(elsewhere.status, elsewhere.text).toBe(429);
    expectRetryAfter(elsewhere.headers, 24 * 3600);
    expect(sent()).toBe(INVITES_PER_ADDRESS_PER_DAY);
    expect((await daniel.api.get<{ members: { email: string }[] }>('/api/v3/agency/members')).body.members.map((m) => m.email)).not.toContain(target);
  });

  it(`invitations: at most ${INVITES_PER_AGENCY_PER_HOUR} an hour per agency: 429 with Retry-After, nothing stored or sent`, async () => {
    const busy = await signIn(booted.runtime, DANIEL);
    await createAgency(busy, 'Busy Invites Agency');
    await clearOfWindowEdge(3600, 30);
    for (let index = 0; index < INVITES_PER_AGENCY_PER_HOUR; index += 1) {
      const response = await busy.api.post('/api/v3/agency/invitations', { email: `person${index}@busy.example`, role: 'member' });
      expect(response.status, `invite ${index}: ${response.text}`).toBe(200);
    }
    const over = await busy.api.post<Refusal>('/api/v3/agency/invitations', { email: 'one.too.many@busy.example', role: 'member' });
    expect(over.status, over.text).toBe(429);
    expect(over.body).toMatchObject({ success: false });
    expect(over.body.error).toMatch(/^This agency has sent too many invitations in the last hour\. Try again in /);
    expectRetryAfter(over.headers, 3600);
    expect(readOutbox(booted.dataDir).some((mail) => mail.to === 'one.too.many@busy.example')).toBe(false);
    const members = (await busy.api.get<{ members: { email: string }[] }>('/api/v3/agency/members')).body.members.map((m) => m.email);
    expect(members).not.toContain('one.too.many@busy.example');
    // the limit is the agency's own: Maya's agency still invites
    expect((await owner.api.post('/api/v3/agency/invitations', { email: 'still.fine@example.com', role: 'member' })).status).toBe(200);
  });

  it('agency display names cannot carry links, markup or control text (400 with a clear message)', async () => {
    const creator = await signIn(booted.runtime, DANIEL);
    const refused: [string, string][] = [
      ['Visit https://evil.example now', 'Agency name cannot contain a web address or domain name'],
      ['Go to www.evil now', 'Agency name cannot contain a web address or domain name'],
      ['Claim prizes at evil.com', 'Agency name cannot contain a web address or domain name'],
      ['Acme HTTP://x', 'Agency name cannot contain a web address or domain name'],
      ['Acme <b>bold</b>', 'Agency name cannot contain <, > or control characters'],
      ['Acme\nClick here', 'Agency name cannot contain <, > or control characters'],
      ['Acme\r\nBcc: victim@example.com', 'Agency name cannot contain <, > or control characters'],
      ['Acme\u0007bell', 'Agency name cannot contain <, > or control characters'],
      ['Acme \u202Emoc.live', 'Agency name cannot contain <, > or control characters'],
    ];
    for (const [name, message] of refused) {
      const response = await creator.api.post('/api/v3/agency', { name });
      expect(response.status, `${JSON.stringify(name)}: ${response.text}`).toBe(400);
      expect(response.body, JSON.stringify(name)).toMatchObject({ success: false, error: message });
    }
    for (const name of ["O'Neil & Co. Talent", 'Brightwave   Agency!', 'Café Créatif No. 5']) {
      const response = await creator.api.post('/api/v3/agency', { name });
      expect(response.status, `${name}: ${response.text}`).toBe(200);
    }
  });

  it('an agency name stored before the rule is sanitised in the invitation e-mail', async () => {
    const legacy = await signIn(booted.runtime, DANIEL);
    const name = (await createAgency(legacy, 'Legacy Name Agency')).agency.name;
    await agencyEntity.patch({ name }).set({ displayName: 'Win at https://evil.example\r\nBcc: x@evil.example <script>' }).go();
    expect((await legacy.api.post('/api/v3/agency/invitations', { email: 'legacy.invitee@example.com', role: 'member' })).status).toBe(200);
    const mail = readOutbox(booted.dataDir).filter((entry) => entry.to === 'legacy.invitee@example.com').at(-1)!;
    const [head, ...rest] = mail.text.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    expect(head).not.toMatch(/^Bcc:/im);
    for (const part of [mail.subject, body]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('<script>');
    }
    expect(mail.subject).toContain('legacy-name-agency');
  });

  it(`the key-validate route is throttled per agency (${KEY_CHECKS_PER_AGENCY_PER_MINUTE} checks a minute): 429 with Retry-After`, async () => {
    const checker = await signIn(booted.runtime, DANIEL);
    await createAgency(checker, 'Key Check Agency');
    const validate = (who: SignedIn) => who.api.post<{ valid?: boolean } & Partial<Refusal>>('/api/v3/api-keys/validate', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    await clearOfWindowEdge(60, 15);
    const statuses: number[] = [];
    for (let index = 0; index < KEY_CHECKS_PER_AGENCY_PER_MINUTE; index += 1) statuses.push((await validate(checker)).status);
    expect(statuses).toEqual(Array(KEY_CHECKS_PER_AGENCY_PER_MINUTE).fill(200));
    const over = await validate(checker);
    expect(over.status, over.text).toBe(429);
    expect(over.body.error).toMatch(/^Too many API key checks for this agency\. Try again in /);
    expectRetryAfter(over.headers, 60);
    // another agency is not affected
    expect((await validate(owner)).status).toBe(200);
  });

  it('/auth/login?invite= answers the same for a valid, an unknown, an expired and a malformed token, naming nobody', async () => {
    const invitee = 'quiet.invitee@example.com';
    const valid = await invite(owner, booted.dataDir, invitee, 'member');
    const expiredFor = 'expired.invitee@example.com';
    const expired = await invite(owner, booted.dataDir, expiredFor, 'member');
    await expireInvitation(agencyName, expiredFor);
    const unknown = randomBytes(32).toString('base64url');

    const look = async (token: string) => {
      const url = new URL('/auth/login', booted.runtime.url);
      url.searchParams.set('invite', token);
      const response = await fetch(url, { redirect: 'manual' });
      const body = await response.text();
      const location = response.headers.get('location') ?? '';
      return {
        status: response.status,
        // per-attempt random values (state, nonce, PKCE challenge, binding cookie) aside
        location: location.replace(/\b(state|nonce|code_challenge)=[^&]*/g, '$1=*'),
        cookies: response.headers.getSetCookie().map((line) => line.replace(/^([^=]+)=[^;]*/, '$1=*')),
        body,
        raw: `${location}\n${response.headers.getSetCookie().join('\n')}\n${body}`,
      };
    };
    const answers = { valid: await look(valid), unknown: await look(unknown), expired: await look(expired), malformed: await look('not a token!') };
    const { raw: _raw, ...reference } = answers.valid;
    for (const [kind, answer] of Object.entries(answers)) {
      const { raw, ...shape } = answer;
      expect(shape, kind).toEqual(reference);
      for (const secret of [invitee, expiredFor, encodeURIComponent(invitee), encodeURIComponent(expiredFor), agencyName, AGENCY_DISPLAY, encodeURIComponent(AGENCY_DISPLAY)]) {
        expect(raw.toLowerCase().includes(secret.toLowerCase()), `${kind} reveals ${secret}`).toBe(false);
      }
    }
    expect(answers.valid.status).toBe(302);
    expect(answers.valid.location).not.toMatch(/^\/auth\/error/);
  });

  it('10 concurrent saves of a settings section all answer 200 or 409, and the stored section is one of them', async () => {
    let conflicts = 0;
    for (let round = 0; round < 3; round += 1) {
      const bodies = Array.from({ length: 10 }, (_, index) => ({ oldest_scan_days: 200 + round * 10 + index, follow_up_after_days: 1 + index }));
      const responses = await Promise.all(bodies.map((body) => owner.api.post('/api/v3/settings/processing-limits', body)));
      for (const response of responses) {
        expect([200, 409], response.text).toContain(response.status);
        if (response.status === 409) {
          conflicts += 1;
          expect(response.body).toMatchObject({ success: false, error: 'Someone else saved these settings at the same moment. Please try again.' });
        }
      }
      expect(responses.some((response) => response.status === 200)).toBe(true);
      const stored = (await owner.api.get<{ settings: Record<string, unknown> }>('/api/v3/settings/processing-limits')).body.settings;
      const picked = { oldest_scan_days: stored.oldest_scan_days, follow_up_after_days: stored.follow_up_after_days };
      expect(bodies).toContainEqual(picked);
    }
    console.log(`proof-roles/settings: 3 rounds of 10 concurrent saves, ${conflicts} answered 409, none 500`);
  });
});
