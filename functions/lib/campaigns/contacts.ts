import type { AddContactBody } from '../../../shared/schemas/campaigns';
import { Conflict, NotFound } from '../http/errors';
import { isConditionalFailure } from '../identity/store-errors';
import { logger, errorMessage } from '../logger';
import type { AgencyScope } from '../session/resolve';
import { campaignEntity, type CampaignItem } from '../store/entities/campaign';
import { contactEntity, type ContactItem } from '../store/entities/contact';
import { nowIso } from '../store/keys';
import { recoveryWanted } from '../settings/recovery';
import { agencyDrive, recoverAgencyDrive } from './agency-drive';
import { getCampaignOrThrow, listCampaignItems } from './campaigns';
import { syncInfluencerList } from './influencer-list';
import { ensureRegistered } from '../processing/monitor-registry';

export type ContactJson = {
  email: string;
  talent_name: string;
  email_owner: string;
  campaign_id: string;
  campaign_name: string;
  tracking: boolean;
  tracking_enabled: boolean;
};

export const toContactJson = (contact: ContactItem, campaignName = ''): ContactJson => ({
  email: contact.email,
  talent_name: contact.talentName ?? '',
  email_owner: contact.emailOwner ?? '',
  campaign_id: contact.campaignId,
  campaign_name: campaignName,
  // The spec reads the flag under both names.
  tracking: contact.trackingEnabled,
  tracking_enabled: contact.trackingEnabled,
});

const contactNotFound = (email: string) => new NotFound(`Contact ${email} not found`);

/** A campaign that can take contacts: present and not being deleted. */
export const writableCampaign = async (scope: AgencyScope, campaignId: string): Promise<CampaignItem> => {
  const campaign = await getCampaignOrThrow(scope, campaignId);
  if (campaign.status === 'deleting') throw new Conflict(`Campaign "${campaignId}" is being deleted`);
  return campaign;
};

export const duplicateContact = async (scope: AgencyScope, email: string): Promise<Conflict> => {
  const existing = (await contactEntity().get({ agencyName: scope.agencyName, email }).go()).data;
  return new Conflict(`${email} is already a contact in campaign "${existing?.campaignId ?? 'unknown'}"`, {
    fields: { campaign_id: existing?.campaignId ?? null },
  });
};

/**
 * Best effort: the contact is stored either way; the list catches up when the campaign's
 * provisioning (or the next add) syncs it.
 */
export const appendToInfluencerList = async (campaign: CampaignItem, contacts: Parameters<typeof syncInfluencerList>[2]): Promise<boolean> => {
  if (!campaign.influencerListSheetId) return false;
  try {
    const drive = await agencyDrive(campaign.agencyName);
    await syncInfluencerList(drive.sheets, campaign.influencerListSheetId, contacts);
    return true;
  } catch (error) {
    logger.warn('influencer list not updated', { agency: campaign.agencyName, campaignId: campaign.campaignId, error: errorMessage(error) });
    return false;
  }
};

export const addContact = async (scope: AgencyScope, input: AddContactBody): Promise<{ contact: ContactJson; sheetUpdated: boolean }> => {
  const campaign = await writableCampaign(scope, input.campaign_id);
  if (await recoveryWanted(scope, 'skip_on_add_contact')) await recoverAgencyDrive(scope.agencyName).catch(() => undefined);
  const now = nowIso();
  let contact: ContactItem;
  try {
    contact = (
      await contactEntity()
        .create({
          agencyName: scope.agencyName,
          email: input.email,
          talentName: input.talent_name,
          emailOwner: input.email_owner,
          campaignId: campaign.campaignId,
          trackingEnabled: true,
          source: 'manual',
          createdAt: now,
          updatedAt: now,
        })
        .go()
    ).data as ContactItem;
  } catch (error) {
    if (isConditionalFailure(error)) throw await duplicateContact(scope, input.email);
    throw error;
  }
  // A tracked contact makes the agency worth monitoring (idempotent; the monitor's registry).
  await ensureRegistered(scope.agencyName).catch((error: unknown) => logger.warn('monitor registration failed', { error: String(error) }));
  const sheetUpdated = await appendToInfluencerList(campaign, [contact]);
  return { contact: toContactJson(contact, campaign.campaignName), sheetUpdated };
};

export const setTracking = async (scope: AgencyScope, email: string, tracking: boolean): Promise<ContactJson> => {
  try {
    const { data } = await contactEntity()
      .patch({ agencyName: scope.agencyName, email })
      .set({ trackingEnabled: tracking, updatedAt: nowIso() })
      .go({ response: 'all_new' });
    const campaign = await campaignEntity().get({ agencyName: scope.agencyName, campaignId: data.campaignId }).go();
    return toContactJson(data as ContactItem, campaign.data?.campaignName ?? '');
  } catch (error) {
    if (isConditionalFailure(error)) throw contactNotFound(email);
    throw error;
  }
};

export const removeContact = async (scope: AgencyScope, email: string): Promise<void> => {
  try {
    await contactEntity().remove({ agencyName: scope.agencyName, email }).go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) throw contactNotFound(email);
    throw error;
  }
};

export const clearContacts = async (scope: AgencyScope): Promise<number> => {
  const { data } = await contactEntity().query.byAgency({ agencyName: scope.agencyName }).go({ pages: 'all', attributes: ['email'] });
  for (let i = 0; i < data.length; i += 25) {
    const { unprocessed } = await contactEntity()
      .delete(data.slice(i, i + 25).map((contact) => ({ agencyName: scope.agencyName, email: contact.email })))
      .go();
    if (unprocessed.length) throw new Error('Some contacts could not be removed; try again');
  }
  return data.length;
};

export const allContacts = async (scope: AgencyScope): Promise<ContactItem[]> =>
  (await contactEntity().query.byAgency({ agencyName: scope.agencyName }).go({ pages: 'all' })).data as ContactItem[];

/** The contacts screen's data: every contact, the counts and the per-campaign breakdown. */
export const trackingSummary = async (scope: AgencyScope) => {
  const [contacts, campaigns] = await Promise.all([allContacts(scope), listCampaignItems(scope)]);
  const names = new Map(campaigns.map((campaign) => [campaign.campaignId, campaign.campaignName]));
  const byCampaign: Record<string, { campaign_name: string; total: number; tracking: number; disabled: number }> = {};
  for (const campaign of campaigns) byCampaign[campaign.campaignId] = { campaign_name: campaign.campaignName, total: 0, tracking: 0, disabled: 0 };
  const map: Record<string, ContactJson> = {};
  let enabled = 0;
  for (const contact of contacts) {
    map[contact.email] = toContactJson(contact, names.get(contact.campaignId) ?? '');
    const bucket = (byCampaign[contact.campaignId] ??= { campaign_name: names.get(contact.campaignId) ?? '', total: 0, tracking: 0, disabled: 0 });
    bucket.total += 1;
    if (contact.trackingEnabled) {
      bucket.tracking += 1;
      enabled += 1;
    } else bucket.disabled += 1;
  }
  return {
    contacts: map,
    summary: { total_contacts: contacts.length, tracking_enabled: enabled, tracking_disabled: contacts.length - enabled, total_campaigns: campaigns.length },
    by_campaign: byCampaign,
  };
};
