import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleEmulator } from '../emulators/google/server';
import { truth } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';
import { tabValues, waitFor } from './processing-helpers';

/**
 * The Manager field as agencies write it (issue 23, point 1): through the API and through a
 * longlist import, an address, a name, "Name (Company)" or "Name <address>" is stored as
 * written, read back as written and written to the influencer list as written; no row is refused
 * for its manager. Only over-long cells and control characters are refused by the API (400).
 */
const CAMPAIGN = 'mgr-q1';
const SOPHIE = 'Sophie Grant (Peak Talent)';

type Contact = { email: string; email_owner: string };
type Tracking = { contacts: Record<string, Contact> };
type ImportState = { import_id: string; status: string; imported: number; skipped: number; duplicates: number; details: { skipped: unknown[] } };

describe('the Manager field as agencies write it', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let staff: SignedIn;
  let influencerList: string;

  const add = (email: string, emailOwner: unknown) =>
    staff.api.post<{ contact: Contact; error?: string }>('/api/campaigns/contacts/add', { email, talent_name: 'Talent', email_owner: emailOwner, campaign_id: CAMPAIGN });

  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    staff = await signIn(booted.runtime, truth.longlist.owner);
    await createAgency(staff, 'Manager Cell Agency');
    expect((await staff.api.post('/api/campaigns/add', { campaign_id: CAMPAIGN, campaign_name: 'Manager cells', client_name: 'Client' })).status).toBe(200);
    await booted.runtime.settleAsync();
    influencerList = (await staff.api.get<{ campaign: { influencer_list_sheet_id: string } }>(`/api/campaigns/${CAMPAIGN}`)).body.campaign.influencer_list_sheet_id;
    expect(influencerList).toBeTruthy();
  }, 120_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it(`stores "${SOPHIE}" added through the API as written, and reads it back and writes it to the sheet as written`, async () => {
    const added = await add('maya.manager@example.com', `  Sophie  Grant (Peak Talent) `);
    expect(added.status, added.text).toBe(200);
    expect(added.body.contact.email_owner).toBe(SOPHIE);

    const tracking = await staff.api.get<Tracking>('/api/campaigns/contacts/tracking');
    expect(tracking.body.contacts[`${CAMPAIGN}:maya.manager@example.com`]?.email_owner).toBe(SOPHIE);
    const row = tabValues(google, influencerList, 'Influencers').find((cells) => cells[1] === 'maya.manager@example.com');
    expect(row?.[2]).toBe(SOPHIE);
  });

  it('accepts a name, "Name <address>", "Last, First" <address> and a placeholder, each as written', async () => {
    const shapes = ['Dana Reyes', 'Dana Reyes <Dana@Atlas.co>', '"Reyes, Dana" <dana@atlas.co>', 'Dana Reyes - Atlas Talent', 'TBC'];
    for (const [index, shape] of shapes.entries()) {
      const added = await add(`shape.${index}@example.com`, shape);
      expect(added.status, `${shape}: ${added.text}`).toBe(200);
      expect(added.body.contact.email_owner).toBe(shape);
    }
  });

  it('refuses only an over-long manager or control characters, with a clear 400, storing nothing', async () => {
    const refused: [unknown, string][] = [
      ['x'.repeat(201), 'Manager must be 200 characters or fewer'],
      ['Dana\nReyes', 'Manager must not contain control characters'],
      ['Dana\u202EReyes', 'Manager must not contain control characters'],
      [42, 'Manager must be text'],
    ];
    for (const [manager, message] of refused) {
      const response = await add('refused.manager@example.com', manager);
      expect(response.status, message).toBe(400);
      expect(response.body.error).toBe(message);
    }
    const tracking = await staff.api.get<Tracking>('/api/campaigns/contacts/tracking');
    expect(tracking.body.contacts[`${CAMPAIGN}:refused.manager@example.com`]).toBeUndefined();
  });

  it('imports a longlist whose Manager column holds names: every row kept, each manager as written', async () => {
    const { access_token: token } = await google.issueTokens(truth.longlist.owner);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${google.url}/v4/spreadsheets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ properties: { title: 'Agency longlist' }, sheets: [{ properties: { title: 'Longlist' } }] }),
    });
    const sheetId = ((await created.json()) as { spreadsheetId: string }).spreadsheetId;
    const rows = [
      ['Talent Name', 'Email', 'Manager'],
      ['Ava Stone', 'ava.stone@example.com', SOPHIE],
      ['Ben Ode', 'ben.ode@example.com', 'Sophie Grant <sophie@peak-talent.example>'],
      ['Cy Lam', 'cy.lam@example.com', 'Dana Reyes'],
      ['Di Fox', 'di.fox@example.com', 'Atlas Talent (Dana)'],
      ['Ed Moss', 'ed.moss@example.com', 'n/a'],
      ['Flo Ray', 'flo.ray@example.com', 'nobody@x.com OR is:anywhere'],
      ['Gus Bell', 'gus.bell@example.com', 'Dana Reyes\nAtlas Talent'],
    ];
    const written = await fetch(`${google.url}/v4/spreadsheets/${sheetId}/values/${encodeURIComponent("'Longlist'!A1")}?valueInputOption=RAW`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ values: rows }),
    });
    expect(written.status).toBe(200);

    const started = await staff.api.post<ImportState>('/api/campaigns/import-longlist', { campaign_id: CAMPAIGN, source_sheet_id: sheetId, source_tab_name: 'Longlist' });
    expect(started.status, started.text).toBe(200);
    const done = await waitFor(
      async () => {
        const state = await staff.api.get<ImportState>(`/api/campaigns/import-longlist/${started.body.import_id}`);
        return state.body.status === 'running' ? undefined : state.body;
      },
      'the import to finish',
      60_000,
    );
    expect(done).toMatchObject({ status: 'succeeded', imported: rows.length - 1, skipped: 0, duplicates: 0 });
    expect(done.details.skipped).toEqual([]);

    const tracking = await staff.api.get<Tracking>('/api/campaigns/contacts/tracking');
    const managerOf = (email: string) => tracking.body.contacts[`${CAMPAIGN}:${email}`]?.email_owner;
    expect(rows.slice(1).map(([, email]) => managerOf(email!))).toEqual([
      SOPHIE,
      'Sophie Grant <sophie@peak-talent.example>',
      'Dana Reyes',
      'Atlas Talent (Dana)',
      'n/a',
      'nobody@x.com OR is:anywhere',
      'Dana Reyes Atlas Talent', // the line break in the cell reads as a space
    ]);
    const sheetManagers = new Map(tabValues(google, influencerList, 'Influencers').map((cells) => [cells[1], cells[2]]));
    expect(sheetManagers.get('ava.stone@example.com')).toBe(SOPHIE);
    expect(sheetManagers.get('di.fox@example.com')).toBe('Atlas Talent (Dana)');
  }, 120_000);
});
