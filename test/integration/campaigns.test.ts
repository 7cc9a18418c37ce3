import { clientAddressResponse } from '../../shared/schemas/campaigns';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient, TABLE_NAME } from '../../functions/lib/store/client';
import { contactEntity } from '../../functions/lib/store/entities/contact';
import { campaignEntity } from '../../functions/lib/store/entities/campaign';
import type { GoogleEmulator } from '../emulators/google/server';
import { truth } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

type CampaignBody = {
  campaign_id: string;
  campaign_name: string;
  status: string;
  campaign_folder_id: string | null;
  influencer_list_sheet_id: string | null;
  outreach_tracker_sheet_id: string | null;
  contact_count: number;
  drive_account: string | null;
};

const owner = truth.longlist.owner;
const campaignInput = (id: string, extra: Record<string, unknown> = {}) => ({
  campaign_id: id,
  campaign_name: `Glow Serum ${id}`,
  client_name: 'Lumen Skincare',
  project_name: 'Spring launch',
  deliverables: '1 Reel, 3 Stories',
  additional_details: '',
  campaign_live_dates: '2027-03-01 to 2027-03-31',
  ...extra,
});

const AGENCY = 'brightwave-campaigns';

/** The contact items left in the table: their sort keys, from a Query of the agency's partition. */
const contactKeysInTable = async (): Promise<string[]> => {
  const { Items = [] } = await dynamoClient().send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk and begins_with(sk, :contact)',
      ExpressionAttributeValues: { ':pk': `AGENCY#${AGENCY}`, ':contact': 'CONTACT#' },
    }),
  );
  return Items.map((item) => String(item.sk)).sort();
};

/** A talent's contact items through the byTalent index: `CONTACT#campaign` per campaign. */
const talentCampaigns = async (email: string): Promise<string[]> => {
  const { Items = [] } = await dynamoClient().send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'byTalent',
      // The index also holds the talent's conversations (CONV#) and audit events (AUDIT#).
      KeyConditionExpression: 'gsi4pk = :pk AND begins_with(gsi4sk, :contact)',
      ExpressionAttributeValues: { ':pk': `AGENCY#${AGENCY}#TALENT#${email}`, ':contact': 'CONTACT#' },
    }),
  );
  return Items.map((item) => String(item.gsi4sk));
};

/** Values of a spreadsheet tab in the emulator, as strings. */
const tabValues = (google: GoogleEmulator, spreadsheetId: string, tab?: string): string[][] => {
  const sheet = google.state.spreadsheets.get(spreadsheetId)?.sheets.find((candidate) => !tab || candidate.properties.title === tab);
  return (sheet?.cells ?? []).map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
};

describe('campaigns and contacts against the Google emulator', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let staff: SignedIn;
  let rootFolderId: string;
  let trackerId: string;

  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    staff = await signIn(booted.runtime, owner);
    const created = await createAgency(staff, 'Brightwave Campaigns');
    expect(created.drive_ready).toBe(true);
    const health = await staff.api.get<{ healthy: boolean; threadline_folder: { id: string }; campaigns_tracker: { id: string } }>('/api/campaigns/drive/health');
    expect(health.body.healthy).toBe(true);
    rootFolderId = health.body.threadline_folder.id;
    trackerId = health.body.campaigns_tracker.id;
  });
  afterAll(async () => {
    await booted?.stop();
  });

  it('creates a campaign as pending, then its folder, both sheets with headers and the tracker row', async () => {
    const created = await staff.api.post<{ success: boolean; campaign: CampaignBody }>('/api/campaigns/add', campaignInput('glow-q1'));
    expect(created.status).toBe(200);
    expect(created.body.campaign).toMatchObject({ campaign_id: 'glow-q1', status: 'pending', campaign_folder_id: null, contact_count: 0 });

    await booted.runtime.settleAsync();
    const got = await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/glow-q1');
    expect(got.status).toBe(200);
    const campaign = got.body.campaign;
    expect(campaign.status).toBe('ready');
    expect(campaign.drive_account).toBe(owner);

    const folder = google.state.files.get(campaign.campaign_folder_id!);
    expect(folder?.parents).toEqual([rootFolderId]);
    expect(folder?.name).toBe('Glow Serum glow-q1 (glow-q1)');
    for (const id of [campaign.influencer_list_sheet_id!, campaign.outreach_tracker_sheet_id!]) {
      expect(google.state.files.get(id)?.parents).toEqual([campaign.campaign_folder_id]);
    }
    expect(tabValues(google, campaign.influencer_list_sheet_id!, 'Influencers')[0]).toEqual(['Talent Name', 'Email', 'Manager', 'Source', 'Added At', 'Tracking']);
    expect(tabValues(google, campaign.outreach_tracker_sheet_id!, 'Outreach')[0]?.slice(0, 4)).toEqual(['Talent', 'Email', 'Manager', 'Status']);
    const trackerRows = tabValues(google, trackerId, 'Campaigns');
    const row = trackerRows.find((cells) => cells[0] === 'glow-q1');
    expect(row?.slice(0, 7)).toEqual(['glow-q1', 'Glow Serum glow-q1', 'Lumen Skincare', 'Spring launch', '2027-03-01 to 2027-03-31', 'ready', '0']);
  });

  it('refuses a second campaign with the same id (409) and reports every validation message of the spec', async () => {
    const duplicate = await staff.api.post('/api/campaigns/add', campaignInput('glow-q1'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('Campaign ID "glow-q1" already exists. Choose another ID.');

    const cases: [Record<string, unknown>, string][] = [
      [{ campaign_id: '' }, 'Campaign ID is required'],
      [{ campaign_id: '   ' }, 'Campaign ID is required'],
      [{ campaign_id: 'bad id!' }, 'Only letters, numbers, and hyphens allowed'],
      [{ campaign_name: '' }, 'Campaign name is required'],
      [{ client_name: ' ' }, 'Client name is required'],
      [{ campaign_live_dates: '2027-03-31 to 2027-03-01' }, 'Campaign live dates must read "YYYY-MM-DD to YYYY-MM-DD"'],
    ];
    for (const [override, message] of cases) {
      const response = await staff.api.post('/api/campaigns/add', campaignInput('valid-id', override));
      expect(response.status, message).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: message });
    }
    const missing = await staff.api.post('/api/campaigns/add', { campaign_name: 'x', client_name: 'y' });
    expect(missing.body.error).toBe('Campaign ID is required');
    expect((await staff.api.get('/api/campaigns/nope-404')).status).toBe(404);
  });

  it('stores the optional client domain of a campaign, lower-cased, and refuses anything but a bare domain', async () => {
    const created = await staff.api.post<{ campaign: CampaignBody & { client_domain: string } }>('/api/campaigns/add', campaignInput('glow-q2', { client_domain: ' GlowSkin.com ' }));
    expect(created.status).toBe(200);
    expect(created.body.campaign.client_domain).toBe('glowskin.com');
    await booted.runtime.settleAsync();
    expect((await staff.api.get<{ campaign: { client_domain: string } }>('/api/campaigns/glow-q2')).body.campaign.client_domain).toBe('glowskin.com');
    expect((await staff.api.get<{ campaign: { client_domain: string } }>('/api/campaigns/glow-q1')).body.campaign.client_domain).toBe('');
    const bad = await staff.api.post('/api/campaigns/add', campaignInput('glow-bad', { client_domain: 'https://glowskin.com' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Client domain must be a domain like "glowskin.com"');
  });

  it('marks and unmarks client addresses of a campaign (agency side), with clear refusals', async () => {
    const marked = await staff.api.post<{ client_addresses: string[] }>('/api/campaigns/client-addresses', { campaign_id: 'glow-q2', email: ' Brand.Lead@GlowSkin-PR.com ', client: true });
    expect(marked.status, marked.text).toBe(200);
    expect(clientAddressResponse.parse(marked.body).client_addresses).toEqual(['brand.lead@glowskin-pr.com']);
    const again = await staff.api.post<{ client_addresses: string[] }>('/api/campaigns/client-addresses', { campaign_id: 'glow-q2', email: 'ops@glowskin-pr.com', client: true });
    expect(again.body.client_addresses).toEqual(['brand.lead@glowskin-pr.com', 'ops@glowskin-pr.com']);
    const unmarked = await staff.api.post<{ client_addresses: string[] }>('/api/campaigns/client-addresses', { campaign_id: 'glow-q2', email: 'ops@glowskin-pr.com', client: false });
    expect(unmarked.body.client_addresses).toEqual(['brand.lead@glowskin-pr.com']);
    expect((await staff.api.post('/api/campaigns/client-addresses', { campaign_id: 'nope-404', email: 'a@b.test', client: true })).status).toBe(404);
    const bad = await staff.api.post('/api/campaigns/client-addresses', { campaign_id: 'glow-q2', email: 'not-an-email', client: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('adds contacts (trimmed, lower-cased, one per e-mail per campaign: the same talent in two campaigns), appends them to the influencer lists', async () => {
    const list1 = (await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/glow-q1')).body.campaign.influencer_list_sheet_id!;
    const list2 = (await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/glow-q2')).body.campaign.influencer_list_sheet_id!;
    const added = await staff.api.post('/api/campaigns/contacts/add', {
      email: '  Mia.Stone@Gmail.com ',
      talent_name: 'Mia Stone',
      email_owner: 'tom@northstar-mgmt.com',
      campaign_id: 'glow-q1',
      handle: ' @miastone ',
    });
    expect(added.status).toBe(200);
    expect(added.body.contact).toEqual({
      email: 'mia.stone@gmail.com',
      campaign_id: 'glow-q1',
      campaign_name: 'Glow Serum glow-q1',
      talent_name: 'Mia Stone',
      email_owner: 'tom@northstar-mgmt.com',
      handle: '@miastone',
      tracking: true,
      tracking_enabled: true,
    });
    const rows = tabValues(google, list1, 'Influencers');
    expect(rows.slice(1).map((cells) => [...cells.slice(0, 4), cells[5]])).toEqual([['Mia Stone', 'mia.stone@gmail.com', 'tom@northstar-mgmt.com', 'Added manually', 'Tracking']]);

    // The same talent booked for a second client: a second contact, in the other campaign.
    const second = await staff.api.post('/api/campaigns/contacts/add', { email: 'mia.stone@gmail.com', talent_name: 'Mia Stone', email_owner: '', campaign_id: 'glow-q2' });
    expect(second.status).toBe(200);
    expect(second.body.contact).toMatchObject({ email: 'mia.stone@gmail.com', campaign_id: 'glow-q2', handle: '', tracking: true });
    expect(tabValues(google, list2, 'Influencers').slice(1).map((cells) => cells[1])).toEqual(['mia.stone@gmail.com']);
    expect(await contactKeysInTable()).toEqual(['CONTACT#glow-q1#mia.stone@gmail.com', 'CONTACT#glow-q2#mia.stone@gmail.com']);
    expect(await talentCampaigns('mia.stone@gmail.com')).toEqual(['CONTACT#glow-q1', 'CONTACT#glow-q2']);

    // Twice in one campaign: 409, naming that campaign.
    const duplicate = await staff.api.post('/api/campaigns/contacts/add', { email: 'MIA.STONE@gmail.com', talent_name: 'Mia', email_owner: '', campaign_id: 'glow-q1' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('mia.stone@gmail.com is already a contact in campaign "glow-q1"');

    const invalid: [Record<string, unknown>, string, number][] = [
      [{ email: 'not-an-email' }, 'Please enter a valid email address', 400],
      [{ talent_name: '' }, 'Name is required', 400],
      [{ campaign_id: '' }, 'Please select a campaign', 400],
      [{ handle: `@${'x'.repeat(100)}` }, 'Handle must be 100 characters or fewer', 400],
      [{ campaign_id: 'no-such-campaign' }, 'Campaign "no-such-campaign" not found', 404],
    ];
    for (const [override, message, status] of invalid) {
      const response = await staff.api.post('/api/campaigns/contacts/add', { email: 'x@example.com', talent_name: 'X', email_owner: '', campaign_id: 'glow-q1', ...override });
      expect(response.status, message).toBe(status);
      expect(response.body.error).toBe(message);
    }

    type Tracking = { summary: Record<string, number>; by_campaign: Record<string, unknown>; contacts: Record<string, Record<string, unknown>> };
    const both = await staff.api.get<Tracking>('/api/campaigns/contacts/tracking');
    expect(Object.keys(both.body.contacts).sort()).toEqual(['glow-q1:mia.stone@gmail.com', 'glow-q2:mia.stone@gmail.com']);
    expect(both.body.summary).toEqual({ total_contacts: 2, tracking_enabled: 2, tracking_disabled: 0, total_campaigns: 2 });
  });

  it("toggles tracking in one campaign (campaign_id) or in all of the talent's campaigns, and marks the influencer lists", async () => {
    type Toggled = { contact: Record<string, unknown>; contacts: Record<string, unknown>[] };
    const list1 = (await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/glow-q1')).body.campaign.influencer_list_sheet_id!;
    const list2 = (await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/glow-q2')).body.campaign.influencer_list_sheet_id!;
    const trackingCell = (list: string) => tabValues(google, list, 'Influencers').find((cells) => cells[1] === 'mia.stone@gmail.com')?.[5];

    const one = await staff.api.post<Toggled>('/api/campaigns/contacts/tracking/toggle', { email: 'mia.stone@gmail.com', tracking: false, campaign_id: 'glow-q2' });
    expect(one.status).toBe(200);
    expect(one.body.contact).toMatchObject({ campaign_id: 'glow-q2', tracking: false, tracking_enabled: false });
    expect(one.body.contacts.map((contact) => contact.campaign_id)).toEqual(['glow-q2']);
    expect([trackingCell(list1), trackingCell(list2)]).toEqual(['Tracking', 'Paused']);

    type Tracking = { summary: Record<string, number>; by_campaign: Record<string, unknown>; contacts: Record<string, Record<string, unknown>> };
    const summary = await staff.api.get<Tracking>('/api/campaigns/contacts/tracking');
    expect(summary.body.summary).toEqual({ total_contacts: 2, tracking_enabled: 1, tracking_disabled: 1, total_campaigns: 2 });
    expect(summary.body.by_campaign['glow-q2']).toEqual({ campaign_name: 'Glow Serum glow-q2', total: 1, tracking: 0, disabled: 1 });
    expect(summary.body.contacts['glow-q1:mia.stone@gmail.com']).toMatchObject({ email: 'mia.stone@gmail.com', campaign_id: 'glow-q1', tracking_enabled: true, handle: '@miastone' });
    expect(summary.body.contacts['glow-q2:mia.stone@gmail.com']).toMatchObject({
      email: 'mia.stone@gmail.com',
      campaign_id: 'glow-q2',
      campaign_name: 'Glow Serum glow-q2',
      tracking: false,
      tracking_enabled: false,
      talent_name: 'Mia Stone',
      email_owner: '',
    });

    // Without campaign_id (the spec's call): every campaign of the e-mail; `contact` is the first.
    const all = await staff.api.post<Toggled>('/api/campaigns/contacts/tracking/toggle', { email: 'mia.stone@gmail.com', tracking: false });
    expect(all.status).toBe(200);
    expect(all.body.contact).toMatchObject({ campaign_id: 'glow-q1', tracking: false });
    expect(all.body.contacts.map((contact) => [contact.campaign_id, contact.tracking_enabled])).toEqual([
      ['glow-q1', false],
      ['glow-q2', false],
    ]);
    expect([trackingCell(list1), trackingCell(list2)]).toEqual(['Paused', 'Paused']);
    const back = await staff.api.post<Toggled>('/api/campaigns/contacts/tracking/toggle', { email: 'mia.stone@gmail.com', tracking: true });
    expect(back.body.contacts).toHaveLength(2);
    expect([trackingCell(list1), trackingCell(list2)]).toEqual(['Tracking', 'Tracking']);

    expect((await staff.api.post('/api/campaigns/contacts/tracking/toggle', { email: 'ghost@example.com', tracking: true })).status).toBe(404);
    const elsewhere = await staff.api.post('/api/campaigns/contacts/tracking/toggle', { email: 'mia.stone@gmail.com', tracking: true, campaign_id: 'no-such-campaign' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toBe('mia.stone@gmail.com is not a contact in campaign "no-such-campaign"');
    expect((await staff.api.post('/api/campaigns/contacts/tracking/toggle', { email: 'mia.stone@gmail.com', tracking: true, campaign_id: 'bad id' })).status).toBe(400);
  });

  it('removes a contact from one campaign (campaign_id) or from all, marking the rows "Removed"', async () => {
    type Removed = { removed: number; contacts: { campaign_id: string }[] };
    const list1 = (await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/glow-q1')).body.campaign.influencer_list_sheet_id!;
    const list2 = (await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/glow-q2')).body.campaign.influencer_list_sheet_id!;
    const trackingCell = (list: string) => tabValues(google, list, 'Influencers').find((cells) => cells[1] === 'mia.stone@gmail.com')?.[5];

    const one = await staff.api.post<Removed>('/api/campaigns/contacts/remove', { email: 'mia.stone@gmail.com', campaign_id: 'glow-q2' });
    expect(one.status).toBe(200);
    expect(one.body.removed).toBe(1);
    expect(one.body.contacts.map((contact) => contact.campaign_id)).toEqual(['glow-q2']);
    expect([trackingCell(list1), trackingCell(list2)]).toEqual(['Tracking', 'Removed']);
    expect(await contactKeysInTable()).toEqual(['CONTACT#glow-q1#mia.stone@gmail.com']);
    expect(await talentCampaigns('mia.stone@gmail.com')).toEqual(['CONTACT#glow-q1']);
    expect((await staff.api.post('/api/campaigns/contacts/remove', { email: 'mia.stone@gmail.com', campaign_id: 'glow-q2' })).status).toBe(404);

    // Added back: the same row reads "Tracking" again, no second row.
    expect((await staff.api.post('/api/campaigns/contacts/add', { email: 'mia.stone@gmail.com', talent_name: 'Mia Stone', email_owner: '', campaign_id: 'glow-q2' })).status).toBe(200);
    expect(trackingCell(list2)).toBe('Tracking');
    expect(tabValues(google, list2, 'Influencers')).toHaveLength(2);

    // Without campaign_id (the spec's call): every campaign of the e-mail.
    const all = await staff.api.post<Removed>('/api/campaigns/contacts/remove', { email: 'mia.stone@gmail.com' });
    expect(all.status).toBe(200);
    expect(all.body.removed).toBe(2);
    expect([trackingCell(list1), trackingCell(list2)]).toEqual(['Removed', 'Removed']);
    expect(await contactKeysInTable()).toEqual([]);
    expect(await talentCampaigns('mia.stone@gmail.com')).toEqual([]);
    expect((await staff.api.post('/api/campaigns/contacts/remove', { email: 'mia.stone@gmail.com' })).status).toBe(404);
  });

  it('reads sheet metadata, with the spec-worded permission and not-found errors', async () => {
    const found = await staff.api.get<{ status: string; data: { spreadsheet_name: string; tabs: { name: string }[] } }>(`/api/campaigns/sheet-metadata?sheet_id=${truth.longlist.spreadsheetId}`);
    expect(found.status).toBe(200);
    expect(found.body.status).toBe('success');
    expect(found.body.data.spreadsheet_name).toBe(truth.longlist.title);
    expect(found.body.data.tabs.map((tab) => tab.name)).toEqual(truth.longlist.tabs.map((tab) => tab.title));

    const missing = await staff.api.get('/api/campaigns/sheet-metadata?sheet_id=1doesNotExist000000000000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 'error', error: 'Sheet not found or deleted' });

    const notMine = truth.permissions.privateSpreadsheet;
    expect(notMine.owner).not.toBe(owner);
    const forbidden = await staff.api.get(`/api/campaigns/sheet-metadata?sheet_id=${notMine.id}`);
    expect([403, 404]).toContain(forbidden.status);
    expect(String(forbidden.body.error)).toMatch(/permission|not found/);

    expect((await staff.api.get('/api/campaigns/sheet-metadata?sheet_id=')).status).toBe(400);
  });

  it('imports the seeded longlist with its odd headers: the right rows, and the rest reported; duplicates are per campaign', async () => {
    const tab = truth.longlist.tabs[0]!;
    await staff.api.post('/api/campaigns/add', campaignInput('longlist-q2'));
    await booted.runtime.settleAsync();
    // Talents the sheet holds that another campaign already has are imported; one already in
    // this campaign comes back as a duplicate.
    const tracked = tab.rows.filter((row) => row.status === 'already_tracked');
    expect(tracked.length).toBeGreaterThan(1);
    for (const row of tracked) {
      const response = await staff.api.post('/api/campaigns/contacts/add', { email: row.normalizedEmail, talent_name: row.name || 'Tracked', email_owner: '', campaign_id: 'glow-q1' });
      expect(response.status).toBe(200);
    }
    const inThisCampaign = tracked[0]!;
    expect((await staff.api.post('/api/campaigns/contacts/add', { email: inThisCampaign.normalizedEmail, talent_name: 'Already here', email_owner: '', campaign_id: 'longlist-q2' })).status).toBe(200);

    type Imported = { imported: number; skipped: number; duplicates: number; details: { skipped: { row: number }[]; duplicates: { row: number; email: string; reason: string }[] } };
    const imported = await staff.api.post<Imported>('/api/campaigns/import-longlist', {
      campaign_id: 'longlist-q2',
      source_sheet_id: truth.longlist.spreadsheetId,
      source_tab_name: tab.title,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(tab.counts.new + tab.counts.already_tracked - 1);
    expect(imported.body.duplicates).toBe(tab.counts.duplicate + 1);
    expect(imported.body.details.duplicates).toContainEqual({ row: inThisCampaign.row, email: inThisCampaign.normalizedEmail, reason: 'Already a contact in campaign "longlist-q2"' });
    expect(imported.body.skipped).toBe(tab.counts.missing_email + tab.counts.invalid_email + tab.counts.missing_name);
    const expectedSkipped = tab.rows.filter((row) => ['missing_email', 'invalid_email', 'missing_name'].includes(row.status)).map((row) => row.row);
    expect(imported.body.details.skipped.map((entry) => entry.row)).toEqual(expectedSkipped);

    const contacts = (await staff.api.get<{ contacts: Record<string, { campaign_id: string }> }>('/api/campaigns/contacts/tracking')).body.contacts;
    for (const row of tab.rows.filter((candidate) => candidate.status === 'new')) {
      expect(contacts[`longlist-q2:${row.normalizedEmail}`]?.campaign_id, row.normalizedEmail).toBe('longlist-q2');
    }
    for (const row of tracked) {
      expect(contacts[`glow-q1:${row.normalizedEmail}`]?.campaign_id, row.normalizedEmail).toBe('glow-q1');
      expect(contacts[`longlist-q2:${row.normalizedEmail}`]?.campaign_id, row.normalizedEmail).toBe('longlist-q2');
      expect(await talentCampaigns(row.normalizedEmail)).toEqual(['CONTACT#glow-q1', 'CONTACT#longlist-q2']);
    }
    const inList = tab.counts.new + tab.counts.already_tracked;
    const list = (await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/longlist-q2')).body.campaign;
    expect(list.contact_count).toBe(inList);
    expect(tabValues(google, list.influencer_list_sheet_id!, 'Influencers').length - 1).toBe(inList);

    const again = await staff.api.post<Imported>('/api/campaigns/import-longlist', { campaign_id: 'longlist-q2', source_sheet_id: truth.longlist.spreadsheetId, source_tab_name: tab.title });
    expect(again.body.imported).toBe(0);
    expect(again.body.duplicates).toBe(tab.counts.duplicate + inList);
    expect(tabValues(google, list.influencer_list_sheet_id!, 'Influencers').length - 1).toBe(inList);

    // The same longlist into a second campaign: only the talents that campaign already has are duplicates.
    const second = await staff.api.post<Imported>('/api/campaigns/import-longlist', { campaign_id: 'glow-q1', source_sheet_id: truth.longlist.spreadsheetId, source_tab_name: tab.title });
    expect(second.status).toBe(200);
    expect(second.body.imported).toBe(tab.counts.new);
    expect(second.body.duplicates).toBe(tab.counts.duplicate + tab.counts.already_tracked);
    for (const row of tracked) {
      expect(second.body.details.duplicates).toContainEqual({ row: row.row, email: row.normalizedEmail, reason: 'Already a contact in campaign "glow-q1"' });
    }
    const firstNew = tab.rows.find((row) => row.status === 'new')!;
    expect(await talentCampaigns(firstNew.normalizedEmail)).toEqual(['CONTACT#glow-q1', 'CONTACT#longlist-q2']);
    expect((await contactKeysInTable()).filter((key) => key.startsWith('CONTACT#glow-q1#'))).toHaveLength(inList);
    expect((await contactKeysInTable()).filter((key) => key.startsWith('CONTACT#longlist-q2#'))).toHaveLength(inList);

    const badTab = await staff.api.post('/api/campaigns/import-longlist', { campaign_id: 'longlist-q2', source_sheet_id: truth.longlist.spreadsheetId, source_tab_name: 'Nope' });
    expect(badTab.status).toBe(400);
    expect(badTab.body.error).toBe('Tab "Nope" not found in this sheet');
    const noCampaign = await staff.api.post('/api/campaigns/import-longlist', { campaign_id: '', source_sheet_id: truth.longlist.spreadsheetId });
    expect(noCampaign.body.error).toBe('Campaign ID is required');
  });

  it('fills the handle from a "Handle" column', async () => {
    const tab = truth.longlist.tabs[1]!;
    expect(tab.headers).toContain('Handle');
    const imported = await staff.api.post<{ imported: number }>('/api/campaigns/import-longlist', {
      campaign_id: 'glow-q2',
      source_sheet_id: truth.longlist.spreadsheetId,
      source_tab_name: tab.title,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBeGreaterThan(0);
    const contacts = (await staff.api.get<{ contacts: Record<string, { handle: string; talent_name: string }> }>('/api/campaigns/contacts/tracking')).body.contacts;
    const row = tab.rows.find((candidate) => candidate.status === 'new' || candidate.status === 'already_tracked')!;
    expect(contacts[`glow-q2:${row.normalizedEmail}`]).toMatchObject({
      talent_name: row.name,
      handle: `@${row.email.split('@')[0]!.replace(/[^a-z0-9]/gi, '').toLowerCase()}`,
    });
  });

  it('reads campaigns and contacts with Queries and GetItems only: never a Scan', async () => {
    const commands: string[] = [];
    const stack = dynamoClient().middlewareStack;
    stack.add(
      (next, context) => async (args) => {
        commands.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'countCommands' },
    );
    try {
      for (const path of ['/api/campaigns/list', '/api/campaigns/glow-q1', '/api/campaigns/contacts/tracking']) {
        expect((await staff.api.get(path)).status).toBe(200);
      }
    } finally {
      stack.remove('countCommands');
    }
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.filter((name) => /Scan/.test(name))).toEqual([]);
    expect(new Set(commands)).toEqual(new Set(['GetItemCommand', 'QueryCommand']));
  });

  it('deletes a campaign: deleting at once, then its contacts, folder, sheets and tracker row are gone', async () => {
    const before = (await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/longlist-q2')).body.campaign;
    const response = await staff.api.post('/api/campaigns/delete', { campaign_id: 'longlist-q2', force: false });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, status: 'deleting' });
    const listed = await staff.api.get<{ campaigns: CampaignBody[] }>('/api/campaigns/list');
    const deleting = listed.body.campaigns.find((campaign) => campaign.campaign_id === 'longlist-q2');
    expect(['deleting', undefined]).toContain(deleting?.status);

    await booted.runtime.settleAsync();
    expect((await staff.api.get('/api/campaigns/longlist-q2')).status).toBe(404);
    for (const id of [before.campaign_folder_id!, before.influencer_list_sheet_id!, before.outreach_tracker_sheet_id!]) {
      expect(google.state.files.has(id), id).toBe(false);
    }
    expect(tabValues(google, trackerId, 'Campaigns').some((cells) => cells[0] === 'longlist-q2')).toBe(false);
    expect(tabValues(google, trackerId, 'Campaigns').some((cells) => cells[0] === 'glow-q1')).toBe(true);
    const remaining = (await contactEntity.query.byCampaign({ agencyName: AGENCY, campaignId: 'longlist-q2' }).go()).data;
    expect(remaining).toEqual([]);
    // Only that campaign's contacts went: the same talents stay contacts of glow-q1.
    const left = await contactKeysInTable();
    expect(left.filter((key) => key.startsWith('CONTACT#longlist-q2#'))).toEqual([]);
    expect(left.filter((key) => key.startsWith('CONTACT#glow-q1#')).length).toBe(truth.longlist.tabs[0]!.counts.new + truth.longlist.tabs[0]!.counts.already_tracked);
    const inSecondTab = new Set(truth.longlist.tabs[1]!.rows.map((row) => row.normalizedEmail));
    const onlyFirstTab = truth.longlist.tabs[0]!.rows.find((row) => row.status === 'new' && !inSecondTab.has(row.normalizedEmail))!;
    expect(await talentCampaigns(onlyFirstTab.normalizedEmail)).toEqual(['CONTACT#glow-q1']);
    expect((await campaignEntity.get({ agencyName: AGENCY, campaignId: 'longlist-q2' }).go()).data).toBeNull();
    expect((await staff.api.post('/api/campaigns/delete', { campaign_id: 'longlist-q2' })).status).toBe(404);
  });

  it('reports an unhealthy Drive when the root folder is gone and recreates it on request', async () => {
    const deleted = await staff.api.post('/api/campaigns/threadline/delete', { confirm: true });
    expect(deleted.status).toBe(200);
    expect(google.state.files.has(rootFolderId)).toBe(false);
    expect((await staff.api.post('/api/campaigns/threadline/recreate', {})).status).toBe(400);
    const requested = await staff.api.post('/api/campaigns/threadline/recreate', { confirm: true });
    expect(requested.status).toBe(200);
    expect(requested.body.status).toBe('recreating');
    await booted.runtime.settleAsync();
    const recreated = await staff.api.get<{ healthy: boolean; threadline_folder: { id: string }; campaigns_tracker: { id: string } }>('/api/campaigns/drive/health');
    expect(recreated.body.healthy).toBe(true);
    const campaign = (await staff.api.get<{ campaign: CampaignBody }>('/api/campaigns/glow-q1')).body.campaign;
    expect(campaign.status).toBe('ready');
    expect(google.state.files.get(campaign.campaign_folder_id!)?.parents).toEqual([recreated.body.threadline_folder.id]);
    expect(tabValues(google, recreated.body.campaigns_tracker.id, 'Campaigns').some((cells) => cells[0] === 'glow-q1')).toBe(true);
  });
});
