import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleEmulator } from '../emulators/google/server';
import { driveAssetsEntity } from '../../functions/lib/store/entities/drive-assets';
import { memberEntity } from '../../functions/lib/store/entities/member';
import { agencyEntity } from '../../functions/lib/store/entities/agency';
import { installPlatform, platform } from '../../functions/lib/platform/platform';
import { boot, client, type Booted } from './harness';
import { createAgency, expireInvitation, latestInviteToken, readOutbox, signIn, storedSession, type SignedIn } from './identity-helpers';

const MAYA = 'maya@brightwave-agency.com';
const DANIEL = 'daniel@brightwave-agency.com';
const PRIYA = 'priya@brightwave-agency.com';
const ZOE = 'zoe@partner-studio.com';
const AGENCY = 'brightwave-agency';

type Members = { members: { email: string; role: string; status: string; invited_by: string | null; expires_at: string | null; accepted_at: string | null; name: string | null }[]; current_user_email: string; current_user_role: string };

describe('identity: agencies, members and invitations', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let maya: SignedIn;
  let daniel: SignedIn;
  let priya: SignedIn;
  let zoe: SignedIn;

  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    google.addAccount({ email: ZOE, name: 'Zoe Lang' });
    maya = await signIn(booted.runtime, MAYA);
    daniel = await signIn(booted.runtime, DANIEL);
    priya = await signIn(booted.runtime, PRIYA);
    zoe = await signIn(booted.runtime, ZOE);
  });
  afterAll(async () => booted?.stop());

  const members = async (who: SignedIn) => (await who.api.get<Members & { success: boolean }>('/api/v3/agency/members')).body;
  const memberOf = async (who: SignedIn, email: string) => (await members(who)).members.find((member) => member.email === email);

  describe('create', () => {
    it.each([
      [{}, 'Please provide a name to continue.'],
      [{ name: '' }, 'Please provide a name to continue.'],
      [{ name: '   ' }, 'Please provide a name to continue.'],
      [{ name: 42 }, 'Please provide a name to continue.'],
      [{ name: 'x'.repeat(65) }, 'Agency name must be 64 characters or fewer'],
      [{ name: '!!! ???' }, 'Agency name must contain at least one letter or number'],
    ])('refuses %j: %s', async (body, message) => {
      const response = await maya.api.post('/api/v3/agency', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: message, message });
    });

    it('a user without an agency is pending, lists none, and cannot use agency routes', async () => {
      expect((await maya.api.get('/auth/status')).body).toMatchObject({ pending_agency: true, has_pending_tokens: true, agency_name: null });
      expect((await maya.api.get('/api/v3/agency/list-mine')).body).toEqual({ success: true, agencies: [] });
      const members = await maya.api.get('/api/v3/agency/members');
      expect(members.status).toBe(403);
      expect(members.body).toMatchObject({ error: 'Select an agency first', redirect_url: '/agencies' });
    });

    it('creates the agency from the typed name: slug id, display name, owner, session switched', async () => {
      const response = await maya.api.post('/api/v3/agency', { name: '  Brightwave   Agency!  ' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, agency: { name: AGENCY, display_name: 'Brightwave   Agency!' }, drive_ready: true, mailbox_connected: true });
      expect((await maya.api.get('/auth/status')).body).toMatchObject({
        agency_name: AGENCY,
        agency_display_name: 'Brightwave   Agency!',
        membership_role: 'owner',
        pending_agency: false,
        has_pending_tokens: false,
      });
      const mine = await maya.api.get<{ agencies: unknown[] }>('/api/v3/agency/list-mine');
      expect(mine.body).toEqual({ success: true, agencies: [{ name: AGENCY, display_name: 'Brightwave   Agency!', role: 'owner', joined_at: expect.any(String) }] });
      expect((await agencyEntity.get({ name: AGENCY }).go()).data).toMatchObject({ ownerCount: 1, createdBy: MAYA });
    });

    it("creates the Drive root folder and the campaigns tracker in the creator's Drive", async () => {
      const { data: assets } = await driveAssetsEntity.get({ agencyName: AGENCY }).go();
      expect(assets).toMatchObject({ status: 'ready', ownerEmail: MAYA, rootFolderId: expect.any(String), campaignsTrackerId: expect.any(String) });
      const folder = google.state.files.get(assets!.rootFolderId!);
      expect(folder).toMatchObject({ name: 'Threadline', mimeType: 'application/vnd.google-apps.folder', trashed: false });
      const trackerFile = google.state.files.get(assets!.campaignsTrackerId!);
      expect(trackerFile).toMatchObject({ name: 'Threadline Campaigns Tracker', mimeType: 'application/vnd.google-apps.spreadsheet' });
      expect(trackerFile!.parents).toEqual([assets!.rootFolderId]);
      const sheet = google.state.spreadsheets.get(assets!.campaignsTrackerId!);
      expect(sheet).toBeTruthy();
      expect(sheet!.sheets.map((tab) => tab.properties.title)).toEqual(['Campaigns']);
      expect(sheet!.sheets[0]!.cells[0]).toEqual([
        'Campaign ID',
        'Campaign Name',
        'Client',
        'Project',
        'Live Dates',
        'Status',
        'Contacts',
        'Summary',
        'Folder',
        'Influencer List',
        'Outreach Tracker',
        'Updated At',
      ]);
      expect(folder!.owner).toBe(MAYA);
      // the requests were made with Maya's grant
      expect(google.log.some((entry) => entry.operation.includes('files.create') && entry.user === MAYA && entry.status === 200)).toBe(true);
    });

    it('refuses a name whose slug is taken (409), whatever its spelling', async () => {
      const response = await daniel.api.post('/api/v3/agency', { name: 'BRIGHTWAVE agency' });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ success: false, error: 'An agency named "brightwave-agency" already exists' });
    });

    it('still creates the agency when Drive fails, with drive_ready:false and an incomplete drive record', async () => {
      const noGrant = await storedSession(booted.runtime, 'nogrant@example.com');
      const response = await noGrant.api.post('/api/v3/agency', { name: 'No Drive Agency' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, agency: { name: 'no-drive-agency', display_name: 'No Drive Agency' }, drive_ready: false, mailbox_connected: false });
      const { data } = await driveAssetsEntity.get({ agencyName: 'no-drive-agency' }).go();
      expect(data).toMatchObject({ status: 'incomplete', ownerEmail: 'nogrant@example.com', error: expect.any(String) });
      expect((await noGrant.api.get('/auth/status')).body).toMatchObject({ agency_name: 'no-drive-agency', membership_role: 'owner' });
    });
  });

    it('a Drive outage during creation leaves the agency usable and the drive record incomplete', async () => {
      google.faults.set({ api: 'drive', operation: 'drive.files.create', user: PRIYA, status: 403, reason: 'insufficientPermissions', message: 'Injected refusal' });
      try {
        const response = await priya.api.post('/api/v3/agency', { name: 'Priya Drive Outage' });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ success: true, agency: { name: 'priya-drive-outage' }, drive_ready: false });
        const { data } = await driveAssetsEntity.get({ agencyName: 'priya-drive-outage' }).go();
        expect(data).toMatchObject({ status: 'incomplete', ownerEmail: PRIYA, error: expect.any(String) });
        expect(data?.rootFolderId).toBeUndefined();
      } finally {
        google.faults.clear();
      }
    });

  describe('invitations', () => {
    let danielToken: string;

    it.each([
      [{ email: 'not-an-email', role: 'member' }, 'Please enter a valid email address'],
      [{ email: '', role: 'member' }, 'Please enter a valid email address'],
      [{ role: 'member' }, 'Please enter a valid email address'],
      [{ email: 'two words@example.com' }, 'Please enter a valid email address'],
    ])('refuses %j: %s', async (body, message) => {
      const response = await maya.api.post('/api/v3/agency/invitations', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: message });
    });

    it('invites by e-mail (trimmed, lower-cased; an unknown role becomes member) and sends the link', async () => {
      const response = await maya.api.post('/api/v3/agency/invitations', { email: `  ${DANIEL.toUpperCase()} `, role: 'admin' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: `${DANIEL} has been invited` });
      const mail = readOutbox(booted.dataDir).filter((m) => m.to === DANIEL).at(-1)!;
      expect(mail.link).toBe(`${booted.runtime.url}/invite?token=${mail.token}`);
      expect(mail.file).toMatch(/^\d{4}-\d{2}-\d{2}T.*-daniel@brightwave-agency\.com\.eml$/);
      expect(mail.subject).toContain('Brightwave   Agency!');
      danielToken = mail.token!;
      const pending = await memberOf(maya, DANIEL);
      expect(pending).toMatchObject({ role: 'member', status: 'invited', invited_by: MAYA, accepted_at: null });
      const days = (Date.parse(pending!.expires_at!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
    });

    it('refuses a second invitation to a pending or an active e-mail (409)', async () => {
      const pending = await maya.api.post('/api/v3/agency/invitations', { email: DANIEL, role: 'member' });
      expect(pending.status).toBe(409);
      expect(pending.body).toMatchObject({ error: `${DANIEL} already has a pending invitation` });
      const active = await maya.api.post('/api/v3/agency/invitations', { email: MAYA, role: 'owner' });
      expect(active.status).toBe(409);
      expect(active.body).toMatchObject({ error: `${MAYA} is already a member of this agency` });
    });

    it('lists my pending invitations', async () => {
      const response = await daniel.api.get('/api/v3/agency/invitations/mine');
      expect(response.body).toEqual({
        success: true,
        invites: [{ agency_name: AGENCY, agency_display_name: 'Brightwave   Agency!', invited_by: MAYA, role: 'member', expires_at: expect.any(String) }],
      });
      expect((await priya.api.get('/api/v3/agency/invitations/mine')).body).toEqual({ success: true, invites: [] });
    });

    it('refuses acceptance by another account (403), a bad body (400) and an unknown token (404)', async () => {
      const wrong = await priya.api.post('/api/v3/agency/invitations/accept', { invite_token: danielToken });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ error: 'This invitation was sent to a different e-mail address' });
      const neither = await daniel.api.post('/api/v3/agency/invitations/accept', {});
      expect(neither.status).toBe(400);
      const unknown = await daniel.api.post('/api/v3/agency/invitations/accept', { invite_token: 'A'.repeat(43) });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: 'This invitation is invalid or has already been used' });
    });

    it('accepts by token: member active, session switched, writer access to the Drive root; the token is then spent', async () => {
      const response = await daniel.api.post('/api/v3/agency/invitations/accept', { invite_token: danielToken });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, agency_name: AGENCY, message: "You've joined Brightwave   Agency!" });
      expect((await daniel.api.get('/auth/status')).body).toMatchObject({ agency_name: AGENCY, membership_role: 'member' });
      expect(await memberOf(maya, DANIEL)).toMatchObject({ status: 'active', accepted_at: expect.any(String), expires_at: null, name: expect.any(String) });

      const { data: assets } = await driveAssetsEntity.get({ agencyName: AGENCY }).go();
      const folder = google.state.files.get(assets!.rootFolderId!)!;
      expect(folder.permissions).toEqual(expect.arrayContaining([expect.objectContaining({ emailAddress: DANIEL, role: 'writer', type: 'user' })]));
      expect((await memberEntity.get({ agencyName: AGENCY, email: DANIEL }).go()).data?.driveAccess).toBe('granted');

      const reused = await daniel.api.post('/api/v3/agency/invitations/accept', { invite_token: danielToken });
      expect(reused.status).toBe(404);
      expect(reused.body).toMatchObject({ error: 'This invitation is invalid or has already been used' });
      expect((await daniel.api.get('/api/v3/agency/invitations/mine')).body).toEqual({ success: true, invites: [] });
    });

    it('members invite members but not owners; only owners (or the inviter) resend or cancel', async () => {
      const owner = await daniel.api.post('/api/v3/agency/invitations', { email: ZOE, role: 'owner' });
      expect(owner.status).toBe(403);
      expect(owner.body).toMatchObject({ error: 'Only owners can invite owners' });
      expect((await daniel.api.post('/api/v3/agency/invitations', { email: ZOE, role: 'member' })).status).toBe(200);
      expect((await maya.api.post('/api/v3/agency/invitations', { email: PRIYA, role: 'owner' })).status).toBe(200);

      const cancelOthers = await daniel.api.post('/api/v3/agency/invitations/cancel', { email: PRIYA });
      expect(cancelOthers.status).toBe(403);
      await expireInvitation(AGENCY, PRIYA);
      const resendOthers = await daniel.api.post('/api/v3/agency/invitations/resend', { email: PRIYA });
      expect(resendOthers.status).toBe(403);
      // his own invitation: he may cancel it
      const cancelOwn = await daniel.api.post('/api/v3/agency/invitations/cancel', { email: ZOE });
      expect(cancelOwn.status).toBe(200);
      expect(await memberOf(maya, ZOE)).toBeUndefined();
      const acceptCancelled = await zoe.api.post('/api/v3/agency/invitations/accept', { agency_name: AGENCY });
      expect(acceptCancelled.status).toBe(404);
      const cancelMissing = await maya.api.post('/api/v3/agency/invitations/cancel', { email: ZOE });
      expect(cancelMissing.status).toBe(404);
    });

    it('an expired invitation cannot be accepted (410), disappears from "mine", and is resent with a new token', async () => {
      const oldToken = latestInviteToken(booted.dataDir, PRIYA);
      const expired = await priya.api.post('/api/v3/agency/invitations/accept', { invite_token: oldToken });
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({ success: false, error: 'This invitation has expired' });
      expect((await priya.api.post('/api/v3/agency/invitations/accept', { agency_name: AGENCY })).status).toBe(410);
      expect((await priya.api.get('/api/v3/agency/invitations/mine')).body).toEqual({ success: true, invites: [] });

      const resent = await maya.api.post('/api/v3/agency/invitations/resend', { email: PRIYA });
      expect(resent.status).toBe(200);
      expect(resent.body).toMatchObject({ success: true });
      const newToken = latestInviteToken(booted.dataDir, PRIYA);
      expect(newToken).not.toBe(oldToken);
      const notYet = await maya.api.post('/api/v3/agency/invitations/resend', { email: PRIYA });
      expect(notYet.status).toBe(409);
      expect(notYet.body).toMatchObject({ error: 'The invitation has not expired yet' });

      expect((await priya.api.post('/api/v3/agency/invitations/accept', { invite_token: oldToken })).status).toBe(404);
      const byName = await priya.api.post('/api/v3/agency/invitations/accept', { agency_name: AGENCY });
      expect(byName.status).toBe(200);
      expect(byName.body).toEqual({ success: true, agency_name: AGENCY, message: "You've joined Brightwave   Agency!" });
      expect((await priya.api.get('/auth/status')).body).toMatchObject({ agency_name: AGENCY, membership_role: 'owner' });
      expect((await agencyEntity.get({ name: AGENCY }).go()).data?.ownerCount).toBe(2);
      expect((await priya.api.post('/api/v3/agency/invitations/accept', { invite_token: newToken })).status).toBe(404);
    });

    it('an invitation whose e-mail cannot be sent is undone (502) and can be sent again', async () => {
      // the runtime's transport fails as SES would (the rest of the local platform stays)
      const local = platform();
      installPlatform({ ...local, mailer: { send: () => Promise.reject(new Error('mail transport down')) } });
      try {
        const failed = await maya.api.post('/api/v3/agency/invitations', { email: 'later@example.com', role: 'member' });
        expect(failed.status).toBe(502);
        expect(failed.body).toMatchObject({ success: false, error: 'Failed to send invitation e-mail. Please try again.' });
        expect(await memberOf(maya, 'later@example.com')).toBeUndefined();
      } finally {
        installPlatform(local);
      }
      expect((await maya.api.post('/api/v3/agency/invitations', { email: 'later@example.com', role: 'member' })).status).toBe(200);
      expect((await maya.api.post('/api/v3/agency/invitations/cancel', { email: 'later@example.com' })).status).toBe(200);
    });

    it('acceptance stands when Drive sharing fails: the member records drive_access pending', async () => {
      const token = (await maya.api.post('/api/v3/agency/invitations', { email: ZOE, role: 'member' }), latestInviteToken(booted.dataDir, ZOE));
      google.faults.set({ api: 'drive', operation: 'drive.permissions.create', status: 403, reason: 'insufficientFilePermissions', message: 'Injected refusal' });
      try {
        const accepted = await zoe.api.post('/api/v3/agency/invitations/accept', { invite_token: token });
        expect(accepted.status).toBe(200);
        expect(accepted.body).toMatchObject({ success: true, agency_name: AGENCY });
      } finally {
        google.faults.clear();
      }
      expect((await memberEntity.get({ agencyName: AGENCY, email: ZOE }).go()).data).toMatchObject({ status: 'active', driveAccess: 'pending' });
      // back to a pending invitation for the listing below
      expect((await maya.api.request('DELETE', `/api/campaigns/users/${encodeURIComponent(ZOE)}`)).status).toBe(200);
      await maya.api.post('/api/v3/agency/switch', { agency_name: AGENCY });
    });

    it('members lists everyone with the caller', async () => {
      expect((await maya.api.post('/api/v3/agency/invitations', { email: ZOE, role: 'member' })).status).toBe(200);
      const body = await members(maya);
      expect(body).toMatchObject({ success: true, current_user_email: MAYA, current_user_role: 'owner' });
      expect(body.members.map((member) => [member.email, member.role, member.status])).toEqual([
        [DANIEL, 'member', 'active'],
        [MAYA, 'owner', 'active'],
        [PRIYA, 'owner', 'active'],
        [ZOE, 'member', 'invited'],
      ]);
      for (const member of body.members) {
        expect(Object.keys(member).sort()).toEqual(
          ['accepted_at', 'email', 'expires_at', 'invited_at', 'invited_by', 'is_oauth_user', 'name', 'picture', 'role', 'status'].sort(),
        );
      }
      expect((await members(daniel)).current_user_role).toBe('member');
    });

    it('inviting again over an expired invitation replaces it with a fresh token', async () => {
      const oldToken = latestInviteToken(booted.dataDir, ZOE);
      await expireInvitation(AGENCY, ZOE);
      const again = await maya.api.post('/api/v3/agency/invitations', { email: ZOE, role: 'member' });
      expect(again.status).toBe(200);
      const newToken = latestInviteToken(booted.dataDir, ZOE);
      expect(newToken).not.toBe(oldToken);
      expect((await zoe.api.post('/api/v3/agency/invitations/accept', { invite_token: oldToken })).status).toBe(404);
      expect((await memberOf(maya, ZOE))?.status).toBe('invited');
    });
  });

  describe('switch', () => {
    it('switches only to an agency one is an active member of', async () => {
      const outsider = await storedSession(booted.runtime, 'outsider@example.com');
      await createAgency(outsider, 'Outsider Agency');
      const refused = await daniel.api.post('/api/v3/agency/switch', { agency_name: 'outsider-agency' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'You are not a member of this agency' });
      const pendingOnly = await zoe.api.post('/api/v3/agency/switch', { agency_name: AGENCY });
      expect(pendingOnly.status).toBe(403);
      const missing = await daniel.api.post('/api/v3/agency/switch', {});
      expect(missing.status).toBe(400);

      const second = await createAgency(daniel, 'Daniel Side Agency');
      expect((await daniel.api.get('/auth/status')).body).toMatchObject({ agency_name: second.agency.name });
      const back = await daniel.api.post('/api/v3/agency/switch', { agency_name: AGENCY });
      expect(back.status).toBe(200);
      expect(back.body).toEqual({ success: true, agency_name: AGENCY });
      expect((await daniel.api.get('/auth/status')).body).toMatchObject({ agency_name: AGENCY, membership_role: 'member' });
      const mine = await daniel.api.get<{ agencies: { name: string; role: string }[] }>('/api/v3/agency/list-mine');
      expect(mine.body.agencies.map((agency) => [agency.name, agency.role]).sort()).toEqual([
        [AGENCY, 'member'],
        ['daniel-side-agency', 'owner'],
      ]);
    });
  });

  describe('remove', () => {
    it('only owners remove, nobody removes themselves, unknown e-mails are 404', async () => {
      const byMember = await daniel.api.request('DELETE', `/api/campaigns/users/${encodeURIComponent(PRIYA)}`);
      expect(byMember.status).toBe(403);
      expect(byMember.body).toMatchObject({ error: 'Only owners can remove members' });
      const self = await maya.api.request('DELETE', `/api/campaigns/users/${encodeURIComponent(MAYA)}`);
      expect(self.status).toBe(400);
      expect(self.body).toMatchObject({ error: 'You cannot remove yourself' });
      const unknown = await maya.api.request('DELETE', `/api/campaigns/users/${encodeURIComponent('ghost@example.com')}`);
      expect(unknown.status).toBe(404);
      const bad = await maya.api.request('DELETE', '/api/campaigns/users/not-an-email');
      expect(bad.status).toBe(400);
    });

    it('removes a member: their session loses the agency and their Drive access is revoked', async () => {
      const response = await maya.api.request('DELETE', `/api/campaigns/users/${encodeURIComponent(DANIEL)}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'Member removed' });
      expect(await memberOf(maya, DANIEL)).toBeUndefined();
      expect((await daniel.api.get('/auth/status')).body).toMatchObject({ agency_name: null, pending_agency: true });
      expect((await daniel.api.get('/api/v3/agency/members')).status).toBe(403);
      expect((await daniel.api.post('/api/v3/agency/switch', { agency_name: AGENCY })).status).toBe(403);
      const { data: assets } = await driveAssetsEntity.get({ agencyName: AGENCY }).go();
      const folder = google.state.files.get(assets!.rootFolderId!)!;
      expect(folder.permissions.some((permission) => permission.emailAddress === DANIEL)).toBe(false);
    });

    it('two owners removing each other at once leave exactly one owner', async () => {
      const [a, b] = await Promise.all([
        maya.api.request('DELETE', `/api/campaigns/users/${encodeURIComponent(PRIYA)}`),
        priya.api.request('DELETE', `/api/campaigns/users/${encodeURIComponent(MAYA)}`),
      ]);
      expect([a.status, b.status].filter((status) => status === 200)).toHaveLength(1);
      const loser = a.status === 200 ? b : a;
      // refused as the last owner (400), or as no longer an owner at all (403): either way it says so
      expect([400, 403]).toContain(loser.status);
      expect(loser.body).toMatchObject(loser.status === 400 ? { success: false, error: 'An agency needs at least one owner' } : { success: false });
      const { data } = await memberEntity.query.byAgency({ agencyName: AGENCY }).go();
      expect(data.filter((member) => member.status === 'active' && member.role === 'owner')).toHaveLength(1);
      expect((await agencyEntity.get({ name: AGENCY }).go()).data?.ownerCount).toBe(1);
    });
  });

  it('every route here needs a session', async () => {
    const anonymous = client(booted.runtime);
    for (const [method, path] of [
      ['POST', '/api/v3/agency'],
      ['GET', '/api/v3/agency/list-mine'],
      ['POST', '/api/v3/agency/switch'],
      ['GET', '/api/v3/agency/members'],
      ['POST', '/api/v3/agency/invitations'],
      ['GET', '/api/v3/agency/invitations/mine'],
      ['POST', '/api/v3/agency/invitations/accept'],
      ['POST', '/api/v3/agency/invitations/resend'],
      ['POST', '/api/v3/agency/invitations/cancel'],
      ['DELETE', `/api/campaigns/users/${encodeURIComponent(DANIEL)}`],
    ] as const) {
      expect((await anonymous.request(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(401);
    }
  });
});
