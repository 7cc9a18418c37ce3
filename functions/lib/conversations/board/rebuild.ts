import { pageCampaignContacts } from '../../campaigns/contact-store';
import { campaignEntity } from '../../store/entities/campaign';
import {
  boardHeadItemKey,
  deleteBoardCounter,
  deleteBoardItems,
  getBoardCounter,
  listBoardHeads,
  markBoardProjected,
  setBoardRebuiltTo,
  unpackEntryKey,
  type BoardCounter,
} from '../../store/board-items';
import { ANY, projectNewBoardRows } from './project';

/**
 * A campaign's projection as a whole: marked whole at birth, built for a campaign stored before
 * the projection existed, removed with the campaign.
 */

/** Contacts a board read projects, at most, for a campaign stored before the projection (a few seconds' work). */
export const REBUILD_STEP = 500;

/** A new campaign has no rows: its board is whole from the start. */
export const startCampaignBoard = (agencyName: string, campaignId: string): Promise<void> => markBoardProjected(agencyName, campaignId);

/**
 * One step of building the board of a campaign stored before the projection: the next contacts
 * by e-mail, projected in batches, and where it stopped; the last step marks the board whole.
 * Each read of an unfinished board takes one step, so a 20,000-contact campaign is whole after
 * 40 reads, every one of them bounded, and answered by the whole-campaign read until then.
 */
export const rebuildCampaignBoardStep = async (agencyName: string, campaignId: string, after?: string): Promise<boolean> => {
  const page = await pageCampaignContacts(agencyName, campaignId, REBUILD_STEP, after);
  await projectNewBoardRows(agencyName, campaignId, page.items);
  if (page.last) {
    await setBoardRebuiltTo(agencyName, campaignId, page.last);
    return false;
  }
  await markBoardProjected(agencyName, campaignId);
  return true;
};

/** The campaign's counter once its board is whole (a rebuild step taken first if not); undefined until then. */
export const campaignBoardReady = async (agencyName: string, campaignId: string): Promise<BoardCounter | undefined> => {
  const counter = await getBoardCounter(agencyName, campaignId);
  if (counter?.projected) return counter;
  if (!(await rebuildCampaignBoardStep(agencyName, campaignId, counter?.rebuiltTo))) return undefined;
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
