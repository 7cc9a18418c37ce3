import type { ConversationJson } from '../../../shared/schemas/conversations';
import { agencyDrive, DriveNotSetUp, type AgencyDrive } from '../campaigns/agency-drive';
import { columnLetter, OUTREACH_TRACKER_TAB } from '../campaigns/layout';
import { trackerRow as campaignTrackerRow } from '../campaigns/tracker-row';
import { listConversations } from '../conversations/list';
import { trackerRow } from '../conversations/tracker-rows';
import { a1, type ValueRange } from '../google/sheets';
import { readApiKey } from '../identity/api-keys';
import { CAMPAIGNS_TRACKER_HEADERS, CAMPAIGNS_TRACKER_TAB } from '../identity/drive';
import { logger } from '../logger';
import { taskScope, type AgencyScope } from '../session/resolve';
import { readSettings } from '../settings/store';
import { campaignEntity, type CampaignItem } from '../store/entities/campaign';
import { jobEntity } from '../store/entities/job';
import { sheetSyncStateEntity } from '../store/entities/sheet-sync-state';
import { nowIso } from '../store/keys';
import { aggregateCampaign } from './aggregation-prompt';
import { requireJob, setPhase } from './job-store';
import { renewLease } from './lock';
import { modelCaller } from './model';
import { outreachDiff } from './outreach-sheet';

const TRACKER_LAST = columnLetter(CAMPAIGNS_TRACKER_HEADERS.length - 1);
const PAGE = 500;

type Prepared = { campaign: CampaignItem; conversations: ConversationJson[]; wanted: number };

/** Every contact's conversation in a campaign, through the same read API the board uses. */
const campaignConversations = async (scope: AgencyScope, campaignId: string): Promise<ConversationJson[]> => {
  const out: ConversationJson[] = [];
  let cursor: string | undefined;
  do {
    const page = await listConversations(scope, { campaign_id: campaignId, sort: 'talent', limit: PAGE, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return out;
};

/** How many changes each campaign's tracker should reflect, and which trackers are behind them. */
const syncStates = async (agencyName: string) => {
  const { data } = await sheetSyncStateEntity.query.byAgency({ agencyName }).go({ pages: 'all' });
  return {
    wanted: new Map(data.map((state) => [state.campaignId, state.wanted ?? 0])),
    behind: data.filter((state) => (state.wanted ?? 0) > (state.written ?? 0)).map((state) => state.campaignId),
  };
};

const prepare = async (scope: AgencyScope, campaignId: string, wanted: number): Promise<Prepared | undefined> => {
  const { data: campaign } = await campaignEntity.get({ agencyName: scope.agencyName, campaignId }).go();
  if (!campaign || campaign.status === 'deleting') return undefined;
  return { campaign, conversations: await campaignConversations(scope, campaignId), wanted };
};

const writeOutreach = async (drive: AgencyDrive, sheetId: string, conversations: ConversationJson[], updatedAt: string): Promise<number> => {
  const existing = await drive.sheets.readValues(sheetId, a1(OUTREACH_TRACKER_TAB));
  const data = outreachDiff(existing, conversations.map((c) => trackerRow(c, updatedAt)));
  if (data.length) await drive.sheets.batchUpdateValues(sheetId, data);
  return data.length;
};

/** The campaigns tracker as it stands: the sheet row and summary of each campaign id, and the next free row. */
type TrackerState = { rowOf: Map<string, number>; summaryOf: Map<string, string>; next: number };

const SUMMARY_COLUMN = CAMPAIGNS_TRACKER_HEADERS.indexOf('Summary');

const readCampaignsTracker = async (drive: AgencyDrive): Promise<TrackerState | undefined> => {
  if (!drive.campaignsTrackerId) return undefined;
  const rows = await drive.sheets.readValues(drive.campaignsTrackerId, a1(CAMPAIGNS_TRACKER_TAB, `A:${TRACKER_LAST}`));
  const rowOf = new Map<string, number>();
  const summaryOf = new Map<string, string>();
  rows.forEach((cells, i) => {
    const id = cells[0];
    if (i === 0 || !id || rowOf.has(id)) return;
    rowOf.set(id, i + 1);
    summaryOf.set(id, String(cells[SUMMARY_COLUMN] ?? ''));
  });
  return { rowOf, summaryOf, next: Math.max(2, rows.length + 1) };
};

/** The campaigns tracker rows of every synced campaign: one batchUpdate, each row in place or after the last. */
const writeCampaignsTracker = async (drive: AgencyDrive, tracker: TrackerState | undefined, entries: { campaign: CampaignItem; contactCount: number; summary: string }[]): Promise<void> => {
  if (!drive.campaignsTrackerId || !tracker || entries.length === 0) return;
  let next = tracker.next;
  const data: ValueRange[] = entries.map(({ campaign, contactCount, summary }) => {
    const row = tracker.rowOf.get(campaign.campaignId) ?? next++;
    return { range: a1(CAMPAIGNS_TRACKER_TAB, `A${row}:${TRACKER_LAST}${row}`), values: [campaignTrackerRow({ ...campaign, contactCount }, summary)] };
  });
  await drive.sheets.batchUpdateValues(drive.campaignsTrackerId, data);
};

const allCampaignIds = async (agencyName: string): Promise<string[]> =>
  (await campaignEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['campaignId'] })).data.map((campaign) => campaign.campaignId);

/**
 * JobSyncSheets, for every job (any kind): the outreach tracker and the campaigns-tracker row of
 * every campaign this job touched or whose sheets are behind (a "Resync sheets" job: every
 * campaign), as desired state (one row per contact, not contacted ones included) against what
 * the sheets hold. A campaign counts as written only once both its sheets are, so a crash or a
 * failure in between leaves it behind for the next job, the monitor or a resync. The status line
 * is asked again where this job changed conversations or where the tracker has none yet; a
 * campaign that was merely behind keeps the one it has. What a retry finds done (synced
 * campaigns, aggregation answers) is not done again. Failures throw: the state machine retries,
 * then ends the job with a warning that the sheets could not be updated.
 */
export const syncJobSheets = async (agencyName: string, jobId: string, remainingMs?: () => number): Promise<{ campaigns: number }> => {
  const job = await requireJob(agencyName, jobId);
  if (job.status !== 'running') return { campaigns: 0 };
  await setPhase(agencyName, jobId, 'syncing_sheets');
  await renewLease(agencyName, jobId);
  if (job.trackerSynced) return { campaigns: 0 };
  const states = await syncStates(agencyName);
  const everything = job.kind === 'sheets' && job.scope.all === true;
  const wantedIds = everything ? await allCampaignIds(agencyName) : [...(job.campaignsTouched ?? []), ...states.behind];
  const touched = [...new Set(wantedIds)].sort();
  if (touched.length === 0) return { campaigns: 0 };

  let drive: AgencyDrive;
  try {
    drive = await agencyDrive(agencyName);
  } catch (error) {
    if (error instanceof DriveNotSetUp) logger.warn('sheets not synced: the agency drive is not set up', { agency: agencyName });
    throw error;
  }
  const scope = taskScope(agencyName, job.startedBy ?? 'monitor');
  const updatedAt = nowIso();
  const prepared = (await Promise.all(touched.map((id) => prepare(scope, id, states.wanted.get(id) ?? 0))))
    // A campaign still being provisioned has no tracker yet: it stays behind until it has.
    .filter((p): p is Prepared => Boolean(p?.campaign.outreachTrackerSheetId));
  const tracker = await readCampaignsTracker(drive);

  const aggregations = { ...job.aggregations };
  const contacted = (p: Prepared) => p.conversations.filter((c) => c.message_count > 0);
  const changedHere = new Set(job.campaignsTouched ?? []);
  const hasSummary = (id: string) => Boolean(tracker?.summaryOf.get(id)?.trim());
  const missing = prepared.filter((p) => {
    const id = p.campaign.campaignId;
    return aggregations[id] === undefined && contacted(p).length > 0 && (changedHere.has(id) || !hasSummary(id));
  });
  const apiKey = missing.length ? await readApiKey(agencyName) : undefined;
  // Without a key (removed meanwhile) the rows are still written; each campaign keeps the summary its row has.
  if (missing.length && apiKey) {
    const call = modelCaller(apiKey, await readSettings({ agencyName }), remainingMs);
    let tokens = 0;
    for (const p of missing) {
      const answer = await aggregateCampaign(
        call,
        { name: p.campaign.campaignName, id: p.campaign.campaignId },
        contacted(p).map((c) => ({ talent: c.talent_name || (c.contact_email ?? ''), status: c.status, whoseTurn: c.whose_turn ?? '', summary: c.summary })),
      );
      aggregations[p.campaign.campaignId] = answer.summary ?? '';
      tokens += answer.tokens;
      if (answer.failure) logger.warn('campaign status line not usable', { campaignId: p.campaign.campaignId, reason: answer.failure.message });
    }
    const saved = jobEntity.patch({ agencyName, jobId }).set({ aggregations });
    await (tokens ? saved.add({ tokensUsed: tokens }) : saved).go({ response: 'none' });
  }

  const synced = new Set(job.campaignsSynced ?? []);
  for (const p of prepared) {
    const campaignId = p.campaign.campaignId;
    if (synced.has(campaignId)) continue;
    await writeOutreach(drive, p.campaign.outreachTrackerSheetId!, p.conversations, updatedAt);
    await jobEntity.patch({ agencyName, jobId }).add({ campaignsSynced: [campaignId] }).go({ response: 'none' });
  }
  // A new answer where there is one; otherwise the summary the tracker already shows.
  const summaryOf = (id: string) => aggregations[id] || tracker?.summaryOf.get(id) || '';
  await writeCampaignsTracker(
    drive,
    tracker,
    prepared.map((p) => ({ campaign: p.campaign, contactCount: p.conversations.length, summary: summaryOf(p.campaign.campaignId) })),
  );
  for (const p of prepared) {
    await sheetSyncStateEntity.update({ agencyName, campaignId: p.campaign.campaignId }).set({ written: p.wanted, writtenAt: updatedAt }).go({ response: 'none' });
  }
  await jobEntity.patch({ agencyName, jobId }).set({ trackerSynced: true }).go({ response: 'none' });
  return { campaigns: prepared.length };
};
