import { expect } from 'vitest';
import type { RuntimeOptions } from '../../infra/local/runtime';
import { parseAddressList } from '../../functions/lib/google/gmail-message';
import { threadEntity, type ThreadItem } from '../../functions/lib/store/entities/thread';
import { monitorRegistryEntity } from '../../functions/lib/store/entities/monitor-registry';
import type { GoogleEmulator } from '../emulators/google/server';
import type { OpenAIEmulator } from '../emulators/openai/server';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { seed, truth } from '../fixtures/seed';
import { boot, type Booted, type Client } from './harness';
import { createAgency, signIn } from './identity-helpers';

/**
 * The processing suites' world: the seeded agency (its owner signed in through the emulator,
 * so her mailbox is connected), the OpenAI key set through the API, and the seed's campaigns
 * and contacts created through the API as staff would.
 */
export type World = {
  booted: Booted;
  google: GoogleEmulator;
  openai: OpenAIEmulator;
  api: Client;
  agencyName: string;
  owner: string;
  campaigns: Map<string, { outreach_tracker_sheet_id: string }>;
};

export const OWNER = truth.campaigns[0]!.lead;

export const setupWorld = async (options: RuntimeOptions & { campaignIds?: string[] } = {}): Promise<World> => {
  const booted = await boot(options);
  const google = booted.runtime.emulators.google as unknown as GoogleEmulator;
  const openai = booted.runtime.emulators.openai as unknown as OpenAIEmulator;
  const staff = await signIn(booted.runtime, OWNER);
  const agency = await createAgency(staff, truth.agency.name);
  const key = await staff.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
  expect(key.status, key.text).toBe(200);
  const wanted = truth.campaigns.filter((c) => !options.campaignIds || options.campaignIds.includes(c.campaign_id));
  for (const c of wanted) {
    const { lead: _lead, support: _support, ...fields } = c;
    const created = await staff.api.post('/api/campaigns/add', fields);
    expect(created.status, created.text).toBe(200);
  }
  await booted.runtime.settleAsync();
  const campaigns = new Map<string, { outreach_tracker_sheet_id: string }>();
  for (const c of wanted) {
    const got = await staff.api.get<{ campaign: { outreach_tracker_sheet_id: string } }>(`/api/campaigns/${c.campaign_id}`);
    campaigns.set(c.campaign_id, got.body.campaign);
  }
  for (const contact of trackedContacts(wanted.map((c) => c.campaign_id))) {
    const added = await staff.api.post('/api/campaigns/contacts/add', {
      email: contact.email,
      talent_name: contact.talent_name,
      email_owner: contact.email_owner,
      campaign_id: contact.campaign_id,
    });
    expect(added.status, added.text).toBe(200);
  }
  return { booted, google, openai, api: staff.api, agencyName: agency.agency.name, owner: OWNER, campaigns };
};

export const trackedContacts = (campaignIds: string[]) => truth.contacts.filter((c) => campaignIds.includes(c.campaign_id));

const AGENCY_DOMAIN = `@${truth.agency.domain}`;

/** Talent and manager addresses of the contacts (never the agency's own). */
export const trackedAddresses = (campaignIds: string[]): Set<string> =>
  new Set(
    trackedContacts(campaignIds)
      .flatMap((c) => [c.email, c.email_owner])
      .map((a) => a.trim().toLowerCase())
      .filter((a) => a.includes('@') && !a.endsWith(AGENCY_DOMAIN)),
  );

const addressesOfSeedMessage = (m: { from: string; to: string[]; cc: string[] }) =>
  [m.from, ...m.to, ...m.cc].flatMap((line) => parseAddressList(line)).map((a) => a.email.toLowerCase());

/**
 * The truth for a date-range job on one mailbox: threads with a message inside
 * [start, end + 1 day) (UTC) that involves a tracked talent or manager.
 */
export const expectedThreads = (mailbox: string, start: string, end: string, campaignIds: string[]): Set<string> => {
  const tracked = trackedAddresses(campaignIds);
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`) + 24 * 3600_000;
  const box = seed.mailboxes.find((m) => m.email === mailbox)!;
  const ids = new Set<string>();
  for (const m of box.messages) {
    const at = Date.parse(m.date);
    if (at < from || at >= to || m.labelIds.includes('SPAM') || m.labelIds.includes('TRASH') || m.labelIds.includes('DRAFT')) continue;
    if (addressesOfSeedMessage(m).some((a) => tracked.has(a))) ids.add(m.threadId);
  }
  return ids;
};

export const storedThreads = async (agencyName: string): Promise<ThreadItem[]> =>
  (await threadEntity.query.byAgency({ agencyName }).go({ pages: 'all' })).data as ThreadItem[];

type Status = { is_processing: boolean; phase: string | null; task_id: string | null; status?: string; error?: string | null; progress: { threads_total: number; threads_completed: number; percent: number } | null };

/** Waits for every execution to end, then returns the status the status bar would read. */
export const settle = async (world: World): Promise<Status> => {
  await world.booted.runtime.engine.settle();
  return (await world.api.get<Status>('/api/v3/status')).body;
};

export const waitFor = async <T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

export const getStatus = async (world: World) => (await world.api.get<Status>('/api/v3/status')).body;

/** Tabs values of a spreadsheet in the emulator, as strings. */
export const tabValues = (google: GoogleEmulator, spreadsheetId: string, tab: string): string[][] => {
  const sheet = google.state.spreadsheets.get(spreadsheetId)?.sheets.find((candidate) => candidate.properties.title === tab);
  return (sheet?.cells ?? []).map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
};

/** Chat completions the OpenAI emulator answered since `from` (index into its log). */
export const completionsSince = (openai: OpenAIEmulator, from: number) => openai.log.slice(from).filter((e) => e.path === '/v1/chat/completions' && e.status === 200);
export const tokensOf = (entries: { usage?: { total_tokens: number } }[]) => entries.reduce((sum, e) => sum + (e.usage?.total_tokens ?? 0), 0);

/** Makes the agency due for the monitor now (the tests do not wait out check_interval_minutes). */
export const makeDue = async (agencyName: string) => {
  await monitorRegistryEntity.patch({ agencyName }).set({ nextCheckAt: new Date(Date.now() - 1000).toISOString() }).go();
};
