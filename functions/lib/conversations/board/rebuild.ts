import { countCampaignContacts, listCampaignContacts } from '../../campaigns/contact-store';
import { campaignEntity } from '../../store/entities/campaign';
import {
  boardHeadItemKey,
  deleteBoardCounter,
  deleteBoardItems,
  getBoardCounter,
  listBoardHeads,
  markBoardProjected,
  unpackEntryKey,
  type BoardCounter,
} from '../../store/board-items';
import { ANY, projectBoardRows } from './project';

/**
 * A campaign's projection as a whole: marked whole at birth, built for a campaign stored before
 * the projection existed, removed with the campaign.
 */

/** Campaigns up to this size are projected on their first read; larger ones by a rebuild run (README). */
export const INLINE_REBUILD_MAX = 2_000;

/** A new campaign has no rows: its board is whole from the start. */
export const startCampaignBoard = (agencyName: string, campaignId: string): Promise<void> => markBoardProjected(agencyName, campaignId);

/** Projects every row of a campaign (its contacts, and any row left from a removed one), then marks it whole. */
export const rebuildCampaignBoard = async (agencyName: string, campaignId: string): Promise<void> => {
  const [contacts, heads] = await Promise.all([listCampaignContacts(agencyName, campaignId), listBoardHeads(agencyName, campaignId)]);
  const emails = new Set([...contacts.map((contact) => contact.email), ...heads.map((head) => head.email)]);
  await projectBoardRows(agencyName, [...emails].map((email) => ({ campaignId, email })));
  await markBoardProjected(agencyName, campaignId);
};

/** The campaign's counter once its board is whole (built first when small enough to do so now); undefined until then. */
export const campaignBoardReady = async (agencyName: string, campaignId: string): Promise<BoardCounter | undefined> => {
  const counter = await getBoardCounter(agencyName, campaignId);
  if (counter?.projected) return counter;
  if ((await countCampaignContacts(agencyName, campaignId)) > INLINE_REBUILD_MAX) return undefined;
  await rebuildCampaignBoard(agencyName, campaignId);
  return getBoardCounter(agencyName, campaignId);
};

/** True once every campaign's board is whole, so the agency-wide queues can be read from theirs. */
export const agencyQueuesReady = async (agencyName: string): Promise<boolean> => {
  if ((await getBoardCounter(agencyName, ANY))?.projected) return true;
  const { data: campaigns } = await campaignEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['campaignId'] });
  for (const campaign of campaigns) if (!(await campaignBoardReady(agencyName, campaign.campaignId))) return false;
  await markBoardProjected(agencyName, ANY);
  return true;
};

/** Removes a campaign's projection: every entry its rows' heads list, the heads, the counter. */
export const deleteCampaignBoard = async (agencyName: string, campaignId: string): Promise<void> => {
  const heads = await listBoardHeads(agencyName, campaignId);
  await deleteBoardItems(heads.flatMap(({ head }) => head.keys.map(unpackEntryKey)));
  await deleteBoardItems(heads.map(({ email }) => boardHeadItemKey(agencyName, campaignId, email)));
  await deleteBoardCounter(agencyName, campaignId);
};
