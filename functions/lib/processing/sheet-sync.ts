import type { ConversationJson } from '../../../shared/schemas/conversations';
import { agencyDrive, DriveNotSetUp, type AgencyDrive } from '../campaigns/agency-drive';
import { columnLetter, OUTREACH_TRACKER_TAB } from '../campaigns/layout';
import { trackerRow as campaignTrackerRow } from '../campaigns/tracker-row';
import { listConversations } from '../conversations/list';
import { trackerRow } from '../conversations/tracker-rows';
import { AiInvalidOutput, AiOutputTruncated, OpenAIRequestRejected } from '../ai/errors';
import { a1, type ValueRange } from '../google/sheets';
import { readApiKey } from '../identity/api-keys';
import { CAMPAIGNS_TRACKER_HEADERS, CAMPAIGNS_TRACKER_TAB } from '../identity/drive';
import { logger } from '../logger';
import type { AgencyScope } from '../session/resolve';
import { readSettings } from '../settings/store';
import { campaignEntity, type CampaignItem } from '../store/entities/campaign';
import { jobEntity } from '../store/entities/job';
import { sheetSyncStateEntity } from '../store/entities/sheet-sync-state';
import { nowIso } from '../store/keys';
import { campaignAggregationPrompt } from './aggregation-prompt';
import { MissingApiKey } from './errors';
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
  const { data } = await sheetSyncStateEntity().query.byAgency({ agencyName }).go({ pages: 'all' });
  return {
    wanted: new Map(data.map((state) => [state.campaignId, state.wanted ?? 0])),
    behind: data.filter((state) => (state.wanted ?? 0) > (state.written ?? 0)).map((state) => state.campaignId),
  };
};

const prepare = async (scope: AgencyScope, campaignId: string, wanted: number): Promise<Prepared | undefined> => {
  const { data: campaign } = await campaignEntity().get({ agencyName: scope.agencyName, campaignId }).go();
  if (!campaign || campaign.status === 'deleting') return undefined;
  return { campaign, conversations: await campaignConversations(scope, campaignId), wanted };
};

const writeOutreach = async (drive: AgencyDrive, sheetId: string, conversations: ConversationJson[], updatedAt: string): Promise<number> => {
  const existing = await drive.sheets.readValues(sheetId, a1(OUTREACH_TRACKER_TAB));
  const data = outreachDiff(existing, conversations.map((c) => trackerRow(c, updatedAt)));
  if (data.length) await drive.sheets.batchUpdateValues(sheetId, data);
  return data.length;
};

/** The campaigns tracker rows of every synced campaign: one read, one batchUpdate. */
const writeCampaignsTracker = async (drive: AgencyDrive, entries: { campaign: CampaignItem; contactCount: number; summary: string }[]): Promise<void> => {
  if (!drive.campaignsTrackerId || entries.length === 0) return;
  const ids = await drive.sheets.readValues(drive.campaignsTrackerId, a1(CAMPAIGNS_TRACKER_TAB, 'A:A'));
  const rowOf = new Map<string, number>();
  ids.forEach((cells, i) => i > 0 && cells[0] && !rowOf.has(cells[0]) && rowOf.set(cells[0], i + 1));
  let next = Math.max(2, ids.length + 1);
  const data: ValueRange[] = entries.map(({ campaign, contactCount, summary }) => {
    const row = rowOf.get(campaign.campaignId) ?? next++;
    return { range: a1(CAMPAIGNS_TRACKER_TAB, `A${row}:${TRACKER_LAST}${row}`), values: [campaignTrackerRow({ ...campaign, contactCount }, summary)] };
  });
  await drive.sheets.batchUpdateValues(drive.campaignsTrackerId, data);
};

/**
 * JobSyncSheets: the outreach tracker of every campaign this job touched or that is behind, as
 * desired state (one row per contact, not contacted ones included) against what the sheet
 * holds; then a campaign_aggregation status in the campaigns tracker. What a retry finds done
 * (synced campaigns, aggregation answers) is not done again.
 */
export const syncJobSheets = async (agencyName: string, jobId: string, remainingMs?: () => number): Promise<{ campaigns: number }> => {
  const job = await requireJob(agencyName, jobId);
  if (job.status !== 'running') return { campaigns: 0 };
  await setPhase(agencyName, jobId, 'syncing_sheets');
  await renewLease(agencyName, jobId);
  if (job.trackerSynced) return { campaigns: 0 };
  const states = await syncStates(agencyName);
  const touched = [...new Set([...(job.campaignsTouched ?? []), ...states.behind])].sort();
  if (touched.length === 0) return { campaigns: 0 };

  let drive: AgencyDrive;
  try {
    drive = await agencyDrive(agencyName);
  } catch (error) {
    if (error instanceof DriveNotSetUp) {
      logger.warn('sheets not synced: the agency drive is not set up', { agency: agencyName });
      return { campaigns: 0 };
    }
    throw error;
  }
  const scope: AgencyScope = { agencyName, email: job.startedBy ?? 'monitor', role: 'member' };
  const updatedAt = nowIso();
  const prepared = (await Promise.all(touched.map((id) => prepare(scope, id, states.wanted.get(id) ?? 0)))).filter((p): p is Prepared => Boolean(p));

  const aggregations: Record<string, string> = { ...((job.aggregations as Record<string, string> | undefined) ?? {}) };
  const contacted = (p: Prepared) => p.conversations.filter((c) => c.message_count > 0);
  // The status line is asked again only where this job changed conversations; a tracker that was merely behind gets its rows.
  const changedHere = new Set(job.campaignsTouched ?? []);
  const missing = prepared.filter((p) => changedHere.has(p.campaign.campaignId) && aggregations[p.campaign.campaignId] === undefined && contacted(p).length > 0);
  if (missing.length) {
    const apiKey = await readApiKey(agencyName);
    if (!apiKey) throw new MissingApiKey();
    const call = modelCaller(apiKey, await readSettings({ agencyName }), remainingMs);
    let tokens = 0;
    for (const p of missing) {
      try {
        const answer = await call(
          'campaign_aggregation',
          campaignAggregationPrompt(
            { name: p.campaign.campaignName, id: p.campaign.campaignId },
            contacted(p).map((c) => ({ talent: c.talent_name || (c.contact_email ?? ''), status: c.status, whoseTurn: c.whose_turn ?? '', summary: c.summary })),
          ),
        );
        aggregations[p.campaign.campaignId] = answer.content.trim();
        tokens += answer.tokens;
      } catch (error) {
        if (!(error instanceof AiOutputTruncated || error instanceof AiInvalidOutput || error instanceof OpenAIRequestRejected)) throw error;
        aggregations[p.campaign.campaignId] = '';
      }
    }
    const saved = jobEntity().patch({ agencyName, jobId }).set({ aggregations });
    await (tokens ? saved.add({ tokensUsed: tokens }) : saved).go({ response: 'none' });
  }

  const synced = new Set(job.campaignsSynced ?? []);
  for (const p of prepared) {
    const campaignId = p.campaign.campaignId;
    if (synced.has(campaignId) || !p.campaign.outreachTrackerSheetId) continue;
    await writeOutreach(drive, p.campaign.outreachTrackerSheetId, p.conversations, updatedAt);
    await sheetSyncStateEntity().update({ agencyName, campaignId }).set({ written: p.wanted, writtenAt: updatedAt }).go({ response: 'none' });
    await jobEntity().patch({ agencyName, jobId }).add({ campaignsSynced: [campaignId] }).go({ response: 'none' });
  }
  await writeCampaignsTracker(
    drive,
    prepared.filter((p) => changedHere.has(p.campaign.campaignId)).map((p) => ({ campaign: p.campaign, contactCount: p.conversations.length, summary: aggregations[p.campaign.campaignId] ?? '' })),
  );
  await jobEntity().patch({ agencyName, jobId }).set({ trackerSynced: true }).go({ response: 'none' });
  return { campaigns: prepared.length };
};
