import { inflateRawSync } from 'node:zlib';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient, TABLE_NAME } from '../../functions/lib/store/client';
import { talentAddressHash } from '../../functions/lib/talents/erased';
import { auditListResponse } from '../../shared/schemas/audit';
import { trackingResponse } from '../../shared/schemas/campaigns';
import { conversationListResponse } from '../../shared/schemas/conversations';
import { talentEraseResponse, talentExportResponse } from '../../shared/schemas/talent-data';
import { invite, signIn, type SignedIn } from './identity-helpers';
import { settle, setupWorld, type World } from './processing-helpers';

/**
 * A talent's data on request (issue 26): owners export everything the agency holds about a
 * talent in two campaigns, then erase them; afterwards neither the API, nor the table (every
 * attribute of every item, the board's compressed rows unpacked), nor any sheet of the Google
 * emulator holds the address, and the next processing run does not bring them back.
 */
const FIRST = 'glow-serum-q1';
const SECOND = 'erasure-second';
const TALENT = 'julien.rossi@outlook.com';
const START = '2025-12-01';
const END = '2025-12-12';

/** Every item's every attribute as text, binary attributes (the board's packed rows) inflated when they inflate. */
const tableText = async (): Promise<string[]> => {
  const texts: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(new ScanCommand({ TableName: TABLE_NAME, ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const item of page.Items ?? []) {
      const parts = Object.values(item).map((value) => {
        if (value instanceof Uint8Array) {
          try {
            return inflateRawSync(value).toString('utf8');
          } catch {
            return Buffer.from(value).toString('utf8');
          }
        }
        return JSON.stringify(value instanceof Set ? [...value] : value);
      });
      texts.push(`${String(item.pk)} ${String(item.sk)} ${parts.join(' ')}`.toLowerCase());
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return texts;
};

/** Every cell of every tab of every spreadsheet the emulator holds. */
const sheetCells = (world: World): string[] =>
  [...world.google.state.spreadsheets.values()].flatMap((spreadsheet) =>
    spreadsheet.sheets.flatMap((sheet) => sheet.cells.flatMap((row) => row.map((cell) => String(cell ?? '').toLowerCase()))),
  );

const runInterval = async (world: World) => {
  const started = await world.api.post('/api/v3/process/interval', { start_date: START, end_date: END });
  expect(started.status, started.text).toBe(200);
  const ended = await settle(world);
  expect(ended, String(ended.error)).toMatchObject({ is_processing: false, status: 'succeeded' });
};

describe('a talent exported and erased on request', () => {
  let world: World;
  let member: SignedIn;

  beforeAll(async () => {
    world = await setupWorld({ campaignIds: [FIRST] });
    const added = await world.api.post('/api/campaigns/add', { campaign_id: SECOND, campaign_name: 'Erasure Second', client_name: 'Glow' });
    expect(added.status, added.text).toBe(200);
    await world.booted.runtime.settleAsync();
    const contact = await world.api.post('/api/campaigns/contacts/add', { email: TALENT, talent_name: 'Julien Rossi', email_owner: '', campaign_id: SECOND });
    expect(contact.status, contact.text).toBe(200);
    await runInterval(world);
    member = await signIn(world.booted.runtime, 'daniel@brightwave-agency.com');
    const token = await invite({ api: world.api } as SignedIn, world.booted.dataDir, member.email);
    const accepted = await member.api.post('/api/v3/agency/invitations/accept', { invite_token: token });
    expect(accepted.status, accepted.text).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await world?.booted.stop();
  });

  it('holds the talent everywhere before the erasure (the scans below can see them)', async () => {
    expect((await tableText()).filter((text) => text.includes(TALENT)).length).toBeGreaterThan(5);
    expect(sheetCells(world).filter((cell) => cell.includes(TALENT)).length).toBeGreaterThanOrEqual(3);
  });

  it('exports everything held about the talent: contacts, conversations with messages and facts, threads, activity', async () => {
    const response = await world.api.get(`/api/v3/talents/${encodeURIComponent(TALENT)}/export`);
    expect(response.status, response.text).toBe(200);
    const exported = talentExportResponse.parse(response.body);
    expect(exported.email).toBe(TALENT);
    expect(exported.contacts.map((contact) => contact.campaign_id).sort()).toEqual([SECOND, FIRST]);
    expect(exported.conversations.length).toBeGreaterThanOrEqual(1);
    const first = exported.conversations.find((entry) => entry.conversation.campaign_id === FIRST)!;
    expect(first.conversation.contact_email).toBe(TALENT);
    expect(first.conversation.message_count).toBeGreaterThan(0);
    expect(first.messages.length).toBe(first.conversation.message_count);
    expect(first.messages.every((message) => message.summary.length > 0)).toBe(true);
    expect(exported.threads.length).toBeGreaterThanOrEqual(1);
    expect(exported.threads.every((thread) => thread.summary.length > 0 && thread.message_count > 0)).toBe(true);
    expect(exported.audit.filter((event) => event.kind === 'contact.add').map((event) => event.campaign_id).sort()).toEqual([SECOND, FIRST]);
    // The export is recorded against the talent.
    const log = auditListResponse.parse((await world.api.get(`/api/v3/audit?kind=talent.export`)).body);
    expect(log.events).toHaveLength(1);
    expect(log.events[0]).toMatchObject({ kind: 'talent.export', contact_email: TALENT });
  });

  it('refuses members (403), a bad address (400) and a talent nobody holds (404)', async () => {
    const memberExport = await member.api.get(`/api/v3/talents/${encodeURIComponent(TALENT)}/export`);
    expect(memberExport.status).toBe(403);
    expect(memberExport.body.error).toBe("Only owners can export or erase a talent's data");
    const memberErase = await member.api.post('/api/v3/talents/erase', { email: TALENT });
    expect(memberErase.status).toBe(403);
    expect(memberErase.body.error).toBe("Only owners can export or erase a talent's data");
    expect((await world.api.get('/api/v3/talents/not-an-address/export')).status).toBe(400);
    const bad = await world.api.post('/api/v3/talents/erase', { email: 'not an address' });
    expect(bad.status).toBe(400);
    const unknown = await world.api.post('/api/v3/talents/erase', { email: 'nobody.here@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No data is held about nobody.here@example.com');
    expect((await world.api.get(`/api/v3/talents/${encodeURIComponent('nobody.here@example.com')}/export`)).status).toBe(404);
  });

  it('erases the talent: no trace of the address in the API, the board, the table or any sheet', async () => {
    const response = await world.api.post('/api/v3/talents/erase', { email: TALENT });
    expect(response.status, response.text).toBe(200);
    const erased = talentEraseResponse.parse(response.body);
    expect(erased.removed.contacts).toBe(2);
    expect(erased.removed.conversations).toBeGreaterThanOrEqual(1);
    expect(erased.removed.threads).toBeGreaterThanOrEqual(1);
    expect(erased.removed.messages).toBeGreaterThan(0);
    expect(erased.removed.sheet_rows).toBeGreaterThanOrEqual(3);

    const tracking = trackingResponse.parse((await world.api.get('/api/campaigns/contacts/tracking')).body);
    expect(Object.values(tracking.contacts).map((contact) => contact.email)).not.toContain(TALENT);
    const byTalent = conversationListResponse.parse((await world.api.get(`/api/v3/conversations?contact_email=${encodeURIComponent(TALENT)}`)).body);
    expect(byTalent.items).toEqual([]);
    for (const campaign of [FIRST, SECOND]) {
      const board = conversationListResponse.parse((await world.api.get(`/api/v3/conversations?campaign_id=${campaign}&limit=500`)).body);
      expect(JSON.stringify(board.items).toLowerCase()).not.toContain(TALENT);
    }
    expect((await tableText()).filter((text) => text.includes(TALENT))).toEqual([]);
    expect(sheetCells(world).filter((cell) => cell.includes(TALENT))).toEqual([]);

    // One activity entry, naming the talent by a hash only.
    const log = auditListResponse.parse((await world.api.get('/api/v3/audit?kind=talent.erase')).body);
    expect(log.events).toHaveLength(1);
    expect(log.events[0]).toMatchObject({ kind: 'talent.erase', contact_email: null, target: `talent ${talentAddressHash(world.agencyName, TALENT)}` });
    expect(JSON.stringify(log.events).toLowerCase()).not.toContain('julien');
  });

  it('is not brought back by the next processing run', async () => {
    await runInterval(world);
    expect((await tableText()).filter((text) => text.includes(TALENT))).toEqual([]);
    expect(sheetCells(world).filter((cell) => cell.includes(TALENT))).toEqual([]);
    expect((await world.api.post('/api/v3/talents/erase', { email: TALENT })).status).toBe(404);
  });

  it('comes back once someone adds the talent again as a contact (the marker is cleared)', async () => {
    const added = await world.api.post('/api/campaigns/contacts/add', { email: TALENT, talent_name: 'Julien Rossi', email_owner: '', campaign_id: FIRST });
    expect(added.status, added.text).toBe(200);
    expect((await tableText()).some((text) => text.startsWith(`agency#${world.agencyName} erased#`))).toBe(false);
    await runInterval(world);
    const back = conversationListResponse.parse((await world.api.get(`/api/v3/conversations?contact_email=${encodeURIComponent(TALENT)}`)).body);
    expect(back.items.map((item) => [item.campaign_id, item.message_count > 0])).toEqual([[FIRST, true]]);
  });
});
