import { recordAudit } from '../audit/record';
import type { CampaignJson, CreateCampaignBody } from '../../../shared/schemas/campaigns';
import { dispatchAsync } from '../async/dispatch';
import { Conflict, NotFound } from '../http/errors';
import { isConditionalFailure } from '../store/conditional-write';
import { logger } from '../logger';
import type { AgencyScope } from '../session/resolve';
import { campaignEntity, type CampaignItem } from '../store/entities/campaign';
import { nowIso } from '../store/keys';
import { recoveryWanted } from '../settings/recovery';
import { countCampaignContacts, countContactsByCampaign } from './contact-store';
import { raisePulse } from '../store/pulse';
import { startCampaignBoard } from '../conversations/board/rebuild';

const DRIVE_IDS = [
  ['campaign_folder_id', (item: CampaignItem) => item.campaignFolderId],
  ['influencer_list_sheet_id', (item: CampaignItem) => item.influencerListSheetId],
  ['outreach_tracker_sheet_id', (item: CampaignItem) => item.outreachTrackerSheetId],
] as const;

/**
 * A campaign past provisioning (ready or incomplete) should have its folder and both sheets; a
 * missing id only logs a warning (spec section 8) and the card disables that button. Pending
 * campaigns are still being provisioned and deleting ones are going away, so neither is noted.
 */
export const warnMissingDriveIds = (item: CampaignItem): void => {
  if (item.status === 'pending' || item.status === 'deleting') return;
  const missing = DRIVE_IDS.filter(([, read]) => !read(item)).map(([name]) => name);
  if (missing.length) logger.warn('campaign drive ids missing', { agency: item.agencyName, campaignId: item.campaignId, status: item.status, missing });
};

export const toCampaignJson = (item: CampaignItem, contactCount: number): CampaignJson => {
  warnMissingDriveIds(item);
  return campaignJson(item, contactCount);
};

const campaignJson = (item: CampaignItem, contactCount: number): CampaignJson => ({
  campaign_id: item.campaignId,
  campaign_name: item.campaignName,
  project_name: item.projectName ?? '',
  client_name: item.clientName,
  client_domain: item.clientDomain ?? '',
  deliverables: item.deliverables ?? '',
  additional_details: item.additionalDetails ?? '',
  campaign_live_dates: item.campaignLiveDates ?? '',
  created_at: item.createdAt,
  updated_at: item.updatedAt,
  status: item.status,
  campaign_folder_id: item.campaignFolderId ?? null,
  influencer_list_sheet_id: item.influencerListSheetId ?? null,
  outreach_tracker_sheet_id: item.outreachTrackerSheetId ?? null,
  contact_count: contactCount,
  drive_account: item.driveAccount ?? null,
  budget: campaignBudgetOf(item),
});

/** The campaign's budget, or null when none was set (both fields are written together). */
export const campaignBudgetOf = (item: Pick<CampaignItem, 'budgetAmount' | 'budgetCurrency'>): CampaignJson['budget'] =>
  item.budgetAmount !== undefined && item.budgetCurrency ? { amount: item.budgetAmount, currency: item.budgetCurrency } : null;

export const campaignNotFound = (campaignId: string) => new NotFound(`Campaign "${campaignId}" not found`);

export const findCampaign = async (scope: AgencyScope, campaignId: string): Promise<CampaignItem | undefined> =>
  (await campaignEntity.get({ agencyName: scope.agencyName, campaignId }).go()).data ?? undefined;

export const getCampaignOrThrow = async (scope: AgencyScope, campaignId: string): Promise<CampaignItem> => {
  const campaign = await findCampaign(scope, campaignId);
  if (!campaign) throw campaignNotFound(campaignId);
  return campaign;
};

export const listCampaignItems = async (scope: AgencyScope): Promise<CampaignItem[]> =>
  (await campaignEntity.query.byAgency({ agencyName: scope.agencyName }).go({ pages: 'all' })).data;

/** Contacts per campaign id, from one Query of the agency's contacts. */
export const contactCounts = (scope: AgencyScope): Promise<Map<string, number>> => countContactsByCampaign(scope.agencyName);

export const campaignContactCount = (scope: AgencyScope, campaignId: string): Promise<number> => countCampaignContacts(scope.agencyName, campaignId);

export const listCampaigns = async (scope: AgencyScope): Promise<CampaignJson[]> => {
  const [items, counts] = await Promise.all([listCampaignItems(scope), contactCounts(scope)]);
  return items
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((item) => toCampaignJson(item, counts.get(item.campaignId) ?? 0));
};

/**
 * Stores the campaign as 'pending' and hands its Drive assets to the provisioning task. The id is
 * unique per agency (conditional put); the response does not wait for Google.
 */
export const createCampaign = async (scope: AgencyScope, input: CreateCampaignBody): Promise<CampaignJson> => {
  // The recovery point of campaign creation runs in the provisioning task, which talks to Google.
  const recover = await recoveryWanted(scope, 'skip_on_campaign_creation');
  const now = nowIso();
  let item: CampaignItem;
  try {
    item = (
      await campaignEntity
        .create({
          agencyName: scope.agencyName,
          campaignId: input.campaign_id,
          campaignName: input.campaign_name,
          clientName: input.client_name,
          clientDomain: input.client_domain,
          projectName: input.project_name,
          deliverables: input.deliverables,
          additionalDetails: input.additional_details,
          campaignLiveDates: input.campaign_live_dates,
          ...(input.budget ? { budgetAmount: input.budget.amount, budgetCurrency: input.budget.currency } : {}),
          status: 'pending',
          createdBy: scope.email,
          createdAt: now,
          updatedAt: now,
        })
        .go()
    ).data as CampaignItem;
  } catch (error) {
    if (isConditionalFailure(error)) throw new Conflict(`Campaign ID "${input.campaign_id}" already exists. Choose another ID.`);
    throw error;
  }
  await recordAudit(scope, {
    kind: 'campaign.create',
    campaignId: item.campaignId,
    changes: [
      { field: 'campaign_name', before: null, after: item.campaignName },
      { field: 'client_name', before: null, after: item.clientName ?? null },
    ],
  });
  await startCampaignBoard(scope.agencyName, item.campaignId);
  await raisePulse(scope.agencyName, 'campaigns');
  await dispatchAsync('CampaignProvision', { agencyName: scope.agencyName, campaignId: item.campaignId, recover });
  return toCampaignJson(item, 0);
};

/**
 * Marks the campaign 'deleting' at once and hands the removal to the deletion task. Asking again
 * while it is deleting dispatches again (the task is idempotent), so a stuck deletion can be retried.
 */
export const requestCampaignDeletion = async (scope: AgencyScope, campaignId: string): Promise<void> => {
  try {
    await campaignEntity
      .patch({ agencyName: scope.agencyName, campaignId })
      .set({ status: 'deleting', updatedAt: nowIso() })
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) throw campaignNotFound(campaignId);
    throw error;
  }
  await recordAudit(scope, { kind: 'campaign.delete', campaignId, changes: [{ field: 'status', before: null, after: 'deleting' }] });
  await raisePulse(scope.agencyName, 'campaigns');
  await dispatchAsync('CampaignDeletion', { agencyName: scope.agencyName, campaignId });
};
