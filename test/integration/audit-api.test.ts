import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventEntity } from '../../functions/lib/store/entities/audit-event';
import { AUDIT_CSV_COLUMNS, auditListResponse, type AuditEventJson } from '../../shared/schemas/audit';
import { auditRetentionResponse } from '../../shared/schemas/settings';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { truth } from '../fixtures/seed';
import { storeManagerMail } from './conversation-items';
import { boot, type Booted } from './harness';
import { createAgency, invite, signIn, type SignedIn } from './identity-helpers';

/**
 * The activity log over HTTP: owners read it (members are refused), filtered by person, campaign,
 * talent and kind, paged by the server; the CSV export; the retention owners set; no secret in it.
 */
const CAMPAIGN = 'audit-q1';
const OTHER_CAMPAIGN = 'audit-q2';
const TALENT = 'audit.talent@example.com';
const OTHER_TALENT = 'other.talent@example.com';

describe('GET /api/v3/audit and its CSV export', () => {
  let booted: Booted;
  let owner: SignedIn;
  let colleague: SignedIn;
  let agencyName: string;

  const list = async (who: SignedIn, query: string) => {
    const response = await who.api.get(`/api/v3/audit${query}`);
    expect(response.status, response.text).toBe(200);
    return auditListResponse.parse(response.body);
  };
  const ok = async (who: SignedIn, method: string, path: string, body?: unknown) => {
    const response = await who.api.request(method, path, body);
    expect(response.status, `${method} ${path}: ${response.text}`).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    booted = await boot();
    owner = await signIn(booted.runtime, truth.longlist.owner);
    colleague = await signIn(booted.runtime, 'daniel@brightwave-agency.com');
    agencyName = (await createAgency(owner, 'Audit Agency')).agency.name;
    const token = await invite(owner, booted.dataDir, colleague.email);
    await ok(colleague, 'POST', '/api/v3/agency/invitations/accept', { invite_token: token });

    await ok(owner, 'POST', '/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    for (const campaign of [CAMPAIGN, OTHER_CAMPAIGN]) {
      await ok(owner, 'POST', '/api/campaigns/add', { campaign_id: campaign, campaign_name: `Audit ${campaign}`, client_name: 'Glow' });
    }
    await booted.runtime.settleAsync();
    await ok(owner, 'POST', '/api/campaigns/contacts/add', { email: TALENT, talent_name: 'Audit Talent', email_owner: '', campaign_id: CAMPAIGN });
    await ok(colleague, 'POST', '/api/campaigns/contacts/add', { email: OTHER_TALENT, talent_name: 'Other Talent', email_owner: '', campaign_id: OTHER_CAMPAIGN });
    await ok(colleague, 'POST', '/api/campaigns/contacts/tracking/toggle', { email: TALENT, tracking: false, campaign_id: CAMPAIGN });
    await ok(owner, 'PATCH', `/api/v3/conversations/${encodeURIComponent(`${CAMPAIGN}:${TALENT}`)}`, { status: 'negotiating' });
  });
  afterAll(async () => {
    await booted?.stop();
  });

  it('answers owners with every change, newest first, who made it and before → after', async () => {
    const { events, next_cursor } = await list(owner, '');
    expect(next_cursor).toBeNull();
    expect(events.map((event) => event.kind)).toEqual([
      'conversation.correct',
      'contact.tracking',
      'contact.add',
      'contact.add',
      'campaign.create',
      'campaign.create',
      'api_key.set',
      'member.join',
      'member.invite',
      // the creator's mailbox, connected with the agency (ticked by default)
      'mailbox.connect',
      'agency.create',
    ]);
    const [correction, pause] = events as [AuditEventJson, AuditEventJson];
    expect(correction).toMatchObject({ actor: owner.email, campaign_id: CAMPAIGN, contact_email: TALENT, changes: [{ field: 'status', after: 'negotiating' }] });
    expect(correction.changes[0]!.before).not.toBe('negotiating');
    expect(pause).toMatchObject({ actor: colleague.email, campaign_id: CAMPAIGN, contact_email: TALENT, changes: [{ field: 'tracking', before: true, after: false }] });
    const join = events.find((event) => event.kind === 'member.join');
    expect(join).toMatchObject({ actor: colleague.email, target: colleague.email, changes: [{ field: 'role', before: null, after: 'member' }] });
  });

  it('records an API key only as replaced, with its last four characters: never the key', async () => {
    const { events } = await list(owner, '?kind=api_key.set');
    expect(events).toHaveLength(1);
    expect(events[0]!.changes).toEqual([{ field: 'openai_key', before: 'not set', after: `replaced (…${LOCAL_OPENAI_KEY.slice(-4)})` }]);
    const { data: stored } = await auditEventEntity.query.byAgency({ agencyName }).go({ pages: 'all' });
    expect(stored.length).toBeGreaterThanOrEqual(10);
    expect(JSON.stringify(stored)).not.toContain(LOCAL_OPENAI_KEY.slice(0, 12));
  });

  it('filters by talent, campaign, person and kind, each alone and together', async () => {
    const kinds = (events: AuditEventJson[]) => events.map((event) => event.kind);
    expect(kinds((await list(owner, `?contact_email=${encodeURIComponent(TALENT)}`)).events)).toEqual(['conversation.correct', 'contact.tracking', 'contact.add']);
    expect(kinds((await list(owner, `?campaign_id=${OTHER_CAMPAIGN}`)).events)).toEqual(['contact.add', 'campaign.create']);
    expect(kinds((await list(owner, `?person=${encodeURIComponent(colleague.email)}`)).events)).toEqual(['contact.tracking', 'contact.add', 'member.join']);
    expect((await list(owner, '?kind=contact.add')).events.map((event) => event.contact_email)).toEqual([OTHER_TALENT, TALENT]);
    const both = await list(owner, `?person=${encodeURIComponent(colleague.email)}&contact_email=${encodeURIComponent(TALENT)}`);
    expect(kinds(both.events)).toEqual(['contact.tracking']);
    // an address is taken as the product stores it (trimmed, lower-cased)
    expect(kinds((await list(owner, `?contact_email=${encodeURIComponent(` ${TALENT.toUpperCase()} `)}`)).events)).toHaveLength(3);
  });

  it('pages on the server: each page its size, no event twice, the last page without a cursor', async () => {
    const everything = (await list(owner, '')).events.map((event) => event.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(owner, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.events.length).toBeLessThanOrEqual(3);
      seen.push(...page.events.map((event) => event.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toEqual(everything);
    expect(pages).toBe(Math.ceil(everything.length / 3));
  });

  it('refuses members (403) and bad filters (400) with a clear message', async () => {
    const refused = await colleague.api.get('/api/v3/audit');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: 'Only owners can see the activity log' });
    expect((await colleague.api.get('/api/v3/audit/export')).status).toBe(403);
    const badKind = await owner.api.get('/api/v3/audit?kind=nope');
    expect(badKind.status).toBe(400);
    expect(String((badKind.body as { error: string }).error)).toContain('kind must be one of');
    expect((await owner.api.get('/api/v3/audit?contact_email=not-an-address')).body).toMatchObject({ error: 'contact_email must be an e-mail address' });
    expect((await owner.api.get('/api/v3/audit?limit=500')).body).toMatchObject({ error: 'limit must be between 1 and 100' });
    const forged = Buffer.from(JSON.stringify(['AGENCY#other', 'x'])).toString('base64url');
    expect((await owner.api.get(`/api/v3/audit?cursor=${forged}`)).body).toMatchObject({ error: 'Invalid cursor' });
  });

  it('exports the filtered log as CSV with its columns, and records the export', async () => {
    const response = await owner.api.get(`/api/v3/audit/export?contact_email=${encodeURIComponent(TALENT)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="threadline-activity-${agencyName}.csv"`);
    const lines = response.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^"[^"]+","${owner.email}","conversation.correct","${CAMPAIGN}","${TALENT}","","status: [a-z_]+ → negotiating"$`));
    expect(lines[2]).toContain(`"${colleague.email}","contact.tracking","${CAMPAIGN}","${TALENT}","","tracking: true → false"`);
    const recorded = (await list(owner, '?kind=audit.export')).events;
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actor: owner.email, contact_email: TALENT, target: `contact_email=${TALENT}`, changes: [{ field: 'rows', before: null, after: 3 }] });
  });

  it('keeps events for the retention owners set (default 400 days), on each event as its TTL', async () => {
    const defaults = auditRetentionResponse.parse((await owner.api.get('/api/v3/settings/audit-retention')).body);
    expect(defaults.retention_days).toBe(400);
    const { data: [first] } = await auditEventEntity.query.byAgency({ agencyName }).go({ order: 'desc', count: 1 });
    expect(first!.expires_at_epoch - Math.floor(Date.parse(first!.at) / 1000)).toBe(400 * 86_400);

    const member = await colleague.api.post('/api/v3/settings/audit-retention', { retention_days: 30 });
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({ error: 'Only owners can change how long activity is kept' });
    expect((await owner.api.post('/api/v3/settings/audit-retention', { retention_days: 7 })).body).toMatchObject({ error: 'retention_days must be between 30 and 3650' });
    expect(auditRetentionResponse.parse(await ok(owner, 'POST', '/api/v3/settings/audit-retention', { retention_days: 30 })).retention_days).toBe(30);

    const { events } = await list(owner, '?kind=audit.retention');
    expect(events[0]).toMatchObject({ actor: owner.email, changes: [{ field: 'retention_days', before: 400, after: 30 }] });
    const { data: [latest] } = await auditEventEntity.query.byKind({ agencyName, kind: 'audit.retention' }).go({ order: 'desc', count: 1 });
    expect(latest!.expires_at_epoch - Math.floor(Date.parse(latest!.at) / 1000)).toBe(30 * 86_400);
  });

  it('records an assignment (whose conversation it became) and a dismissal, each by who made it', async () => {
    const assigned = await storeManagerMail({ agencyName, mailbox: owner.email, candidates: [OTHER_TALENT], campaignId: OTHER_CAMPAIGN });
    const dismissed = await storeManagerMail({ agencyName, mailbox: owner.email, candidates: [OTHER_TALENT], campaignId: OTHER_CAMPAIGN, messageId: '<na2@mgmt>', gmail: { message: 'na-msg-2', thread: '18b3' } });
    await ok(colleague, 'POST', '/api/v3/conversations/assign', { id: assigned.id, assignments: [{ contact_email: OTHER_TALENT, campaign_id: OTHER_CAMPAIGN }] });
    await ok(owner, 'POST', '/api/v3/conversations/assign', { id: dismissed.id, dismiss: true });

    const [assignment] = (await list(owner, `?contact_email=${encodeURIComponent(OTHER_TALENT)}&kind=conversation.assign`)).events;
    expect(assignment).toMatchObject({ actor: colleague.email, campaign_id: OTHER_CAMPAIGN, target: assigned.id, changes: [{ field: 'assigned_to', before: null, after: OTHER_TALENT }] });
    const [dismissal] = (await list(owner, '?kind=conversation.dismiss')).events;
    expect(dismissal).toMatchObject({ actor: owner.email, contact_email: null, target: dismissed.id, changes: [{ field: 'dismissed', before: false, after: true }] });
  });
});
