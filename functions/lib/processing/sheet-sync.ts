import { agencyDrive, DriveNotSetUp, type AgencyDrive } from '../campaigns/agency-drive';
import { columnLetter, OUTREACH_TRACKER_HEADERS, OUTREACH_TRACKER_TAB } from '../campaigns/layout';
import { trackerRow } from '../campaigns/tracker-row';
import { AiInvalidOutput, AiOutputTruncated, OpenAIRequestRejected } from '../ai/errors';
import { a1, type ValueRange } from '../google/sheets';
import { readApiKey } from '../identity/api-keys';
import { CAMPAIGNS_TRACKER_HEADERS, CAMPAIGNS_TRACKER_TAB } from '../identity/drive';
import { logger } from '../logger';
import { readSettings } from '../settings/store';
import { campaignEntity, type CampaignItem } from '../store/entities/campaign';
import { contactEntity, type ContactItem } from '../store/entities/contact';
import { jobEntity } from '../store/entities/job';
import { threadEntity, type ThreadItem } from '../store/entities/thread';
import { nowIso } from '../store/keys';
import { MissingApiKey } from './errors';
import { requireJob, setPhase } from './job-store';
import { renewLease } from './lock';
import { modelCaller } from './model';
import { contactRow } from './outreach-rows';
import { campaignAggregationPrompt } from './prompts';

const OUTREACH_LAST = columnLetter(OUTREACH_TRACKER_HEADERS.length - 1);
const TRACKER_LAST = columnLetter(CAMPAIGNS_TRACKER_HEADERS.length - 1);

type CampaignRows = { campaign: CampaignItem; contacts: ContactItem[]; rows: string[][] };

const campaignRows = async (agencyName: string, campaignId: string, updatedAt: string): Promise<CampaignRows | undefined> => {
  const { data: campaign } = await campaignEntity().get({ agencyName, campaignId }).go();
  if (!campaign || campaign.status === 'deleting') return undefined;
  const [{ data: contacts }, { data: threads }] = await Promise.all([
    contactEntity().query.byCampaign({ agencyName, campaignId }).go({ pages: 'all' }),
    threadEntity().query.byCampaign({ agencyName, primaryCampaignId: campaignId }).go({ pages: 'all' }),
  ]);
  const byContact = new Map<string, ThreadItem[]>();
  for (const thread of threads as ThreadItem[]) for (const email of thread.contactEmails ?? []) byContact.set(email, [...(byContact.get(email) ?? []), thread]);
  const withThreads = (contacts as ContactItem[]).filter((c) => byContact.has(c.email)).sort((a, b) => a.email.localeCompare(b.email));
  return { campaign, contacts: contacts as ContactItem[], rows: withThreads.map((c) => contactRow(c, byContact.get(c.email)!, updatedAt)) };
};

/**
 * The outreach tracker of one campaign: the tab read once, then ONE values.batchUpdate: rows
 * already there (matched by e-mail, column B) rewritten in place in columns A–L only, new rows
 * after the last used row. Whatever people typed in column M onwards is never part of a range.
 */
export const outreachUpdate = (existing: string[][], rows: string[][]): ValueRange[] => {
  const rowOf = new Map<string, number>();
  existing.forEach((cells, i) => {
    const email = (cells[1] ?? '').trim().toLowerCase();
    if (i > 0 && email && !rowOf.has(email)) rowOf.set(email, i + 1);
  });
  const data: ValueRange[] = [];
  const added: string[][] = [];
  for (const row of rows) {
    const at = rowOf.get(row[1]!.toLowerCase());
    if (at) data.push({ range: a1(OUTREACH_TRACKER_TAB, `A${at}:${OUTREACH_LAST}${at}`), values: [row] });
    else added.push(row);
  }
  if (added.length) {
    const first = Math.max(2, existing.length + 1);
    data.push({ range: a1(OUTREACH_TRACKER_TAB, `A${first}:${OUTREACH_LAST}${first + added.length - 1}`), values: added });
  }
  return data;
};

const writeOutreach = async (drive: AgencyDrive, sheetId: string, rows: string[][]): Promise<void> => {
  if (rows.length === 0) return;
  const existing = await drive.sheets.readValues(sheetId, a1(OUTREACH_TRACKER_TAB));
  await drive.sheets.batchUpdateValues(sheetId, outreachUpdate(existing, rows));
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
    return { range: a1(CAMPAIGNS_TRACKER_TAB, `A${row}:${TRACKER_LAST}${row}`), values: [trackerRow({ ...campaign, contactCount }, summary)] };
  });
  await drive.sheets.batchUpdateValues(drive.campaignsTrackerId, data);
};

/**
 * JobSyncSheets: for every campaign whose threads this job changed, its outreach tracker rows
 * and a campaign_aggregation status in the campaigns tracker. What a retry finds done (synced
 * campaigns, aggregation answers) is not done again.
 */
export const syncJobSheets = async (agencyName: string, jobId: string, remainingMs?: () => number): Promise<{ campaigns: number }> => {
  const job = await requireJob(agencyName, jobId);
  if (job.status !== 'running') return { campaigns: 0 };
  await setPhase(agencyName, jobId, 'syncing_sheets');
  await renewLease(agencyName, jobId);
  const touched = [...(job.campaignsTouched ?? [])].sort();
  if (touched.length === 0 || job.trackerSynced) return { campaigns: 0 };

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
  const updatedAt = nowIso();
  const prepared = (await Promise.all(touched.map((id) => campaignRows(agencyName, id, updatedAt)))).filter((c): c is CampaignRows => Boolean(c));

  const aggregations: Record<string, string> = { ...((job.aggregations as Record<string, string> | undefined) ?? {}) };
  const missing = prepared.filter((p) => aggregations[p.campaign.campaignId] === undefined && p.rows.length > 0);
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
            p.rows.map((r) => ({ talent: r[0] || r[1]!, status: r[3]!, whoseTurn: r[4]!, summary: r[9]! })),
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
    if (synced.has(p.campaign.campaignId) || !p.campaign.outreachTrackerSheetId) continue;
    await writeOutreach(drive, p.campaign.outreachTrackerSheetId, p.rows);
    await jobEntity().patch({ agencyName, jobId }).add({ campaignsSynced: [p.campaign.campaignId] }).go({ response: 'none' });
  }
  await writeCampaignsTracker(
    drive,
    prepared.map((p) => ({ campaign: p.campaign, contactCount: p.contacts.length, summary: aggregations[p.campaign.campaignId] ?? '' })),
  );
  await jobEntity().patch({ agencyName, jobId }).set({ trackerSynced: true }).go({ response: 'none' });
  return { campaigns: prepared.length };
};
