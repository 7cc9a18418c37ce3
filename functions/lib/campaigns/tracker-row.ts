import { driveFolderLink, spreadsheetLink } from '../google/links';
import { a1 } from '../google/sheets';
import { CAMPAIGNS_TRACKER_HEADERS, CAMPAIGNS_TRACKER_TAB } from '../identity/drive';
import type { AgencyDrive } from './agency-drive';
import { columnLetter } from './layout';

export type TrackerCampaign = {
  campaignId: string;
  campaignName: string;
  clientName: string;
  projectName?: string;
  campaignLiveDates?: string;
  status: string;
  contactCount: number;
  summary?: string;
  campaignFolderId?: string;
  influencerListSheetId?: string;
  outreachTrackerSheetId?: string;
};

const LAST_COLUMN = columnLetter(CAMPAIGNS_TRACKER_HEADERS.length - 1);
const HEADER_INDEX = Object.fromEntries(CAMPAIGNS_TRACKER_HEADERS.map((header, index) => [header, index])) as Record<(typeof CAMPAIGNS_TRACKER_HEADERS)[number], number>;

const driveLink = (id?: string) => (id ? driveFolderLink(id) : '');
const sheetLink = (id?: string) => (id ? spreadsheetLink(id) : '');

export const trackerRow = (campaign: TrackerCampaign, summary?: string): string[] => {
  const row: string[] = new Array(CAMPAIGNS_TRACKER_HEADERS.length).fill('');
  row[HEADER_INDEX['Campaign ID']] = campaign.campaignId;
  row[HEADER_INDEX['Campaign Name']] = campaign.campaignName;
  row[HEADER_INDEX.Client] = campaign.clientName;
  row[HEADER_INDEX.Project] = campaign.projectName ?? '';
  row[HEADER_INDEX['Live Dates']] = campaign.campaignLiveDates ?? '';
  row[HEADER_INDEX.Status] = campaign.status;
  row[HEADER_INDEX.Contacts] = String(campaign.contactCount);
  row[HEADER_INDEX.Summary] = summary ?? campaign.summary ?? '';
  row[HEADER_INDEX.Folder] = driveLink(campaign.campaignFolderId);
  row[HEADER_INDEX['Influencer List']] = sheetLink(campaign.influencerListSheetId);
  row[HEADER_INDEX['Outreach Tracker']] = sheetLink(campaign.outreachTrackerSheetId);
  row[HEADER_INDEX['Updated At']] = new Date().toISOString();
  return row;
};

/** 1-based sheet row of a campaign in the tracker (by the Campaign ID column), if any. */
const findRow = async (drive: AgencyDrive, campaignId: string): Promise<number | undefined> => {
  const ids = await drive.sheets.readValues(drive.campaignsTrackerId!, a1(CAMPAIGNS_TRACKER_TAB, 'A:A'));
  const index = ids.findIndex((row, i) => i > 0 && row[0] === campaignId);
  return index > 0 ? index + 1 : undefined;
};

/** Writes the campaign's row in place, or appends it once: a retry never adds a second row. */
export const upsertTrackerRow = async (drive: AgencyDrive, campaign: TrackerCampaign, summary?: string): Promise<void> => {
  if (!drive.campaignsTrackerId) return;
  const values = trackerRow(campaign, summary);
  const row = await findRow(drive, campaign.campaignId);
  if (row) {
    await drive.sheets.batchUpdateValues(drive.campaignsTrackerId, [{ range: a1(CAMPAIGNS_TRACKER_TAB, `A${row}:${LAST_COLUMN}${row}`), values: [values] }]);
  } else {
    await drive.sheets.appendRows(drive.campaignsTrackerId, CAMPAIGNS_TRACKER_TAB, [values]);
  }
};

/** Removes the campaign's row (the rows below move up). Absent row or tracker: nothing to do. */
export const deleteTrackerRow = async (drive: AgencyDrive, campaignId: string): Promise<void> => {
  if (!drive.campaignsTrackerId) return;
  const row = await findRow(drive, campaignId);
  if (!row) return;
  const metadata = await drive.sheets.getMetadata(drive.campaignsTrackerId);
  const tab = metadata.tabs.find((candidate) => candidate.name === CAMPAIGNS_TRACKER_TAB);
  if (!tab) return;
  await drive.sheets.deleteRow(drive.campaignsTrackerId, tab.sheetId, row);
};
