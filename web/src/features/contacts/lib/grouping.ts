import { messages } from '../../../../../shared/messages';
import type { CampaignTracking, Contact } from '../api/contact-types';

const text = messages.contacts;

export type ContactGroup = { key: string; label: string; contacts: Contact[] };

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const groupLabel = (campaignId: string, campaignName: string | undefined) => {
  if (!campaignId) return text.noCampaign;
  return campaignName ? text.groupLabel(campaignId, campaignName) : campaignId;
};

/**
 * Contacts grouped by "campaign id - campaign name" ("No Campaign" without one), groups sorted
 * alphabetically by label, contacts by e-mail. A talent in two campaigns is in both groups.
 * Names missing on a contact come from `campaignNames`.
 */
export const groupContacts = (contacts: readonly Contact[], campaignNames: ReadonlyMap<string, string> = new Map()): ContactGroup[] => {
  const groups = new Map<string, ContactGroup>();
  for (const contact of contacts) {
    const key = contact.campaign_id;
    let group = groups.get(key);
    if (!group) {
      const name = contact.campaign_name || (contact.campaign_id ? campaignNames.get(contact.campaign_id) : undefined);
      group = { key, label: groupLabel(contact.campaign_id, name), contacts: [] };
      groups.set(key, group);
    }
    group.contacts.push(contact);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, contacts: [...group.contacts].sort((a, b) => collator.compare(a.email, b.email)) }))
    .sort((a, b) => collator.compare(a.label, b.label));
};

export type ByCampaignRow = CampaignTracking & { campaign_id: string; label: string };

/** The "By Campaign" list: "name - id" with its counts, sorted by label. */
export const byCampaignRows = (byCampaign: Readonly<Record<string, CampaignTracking>>): ByCampaignRow[] =>
  Object.entries(byCampaign)
    .map(([campaignId, row]) => ({
      ...row,
      campaign_id: campaignId,
      label: row.campaign_name ? text.byCampaignLabel(row.campaign_name, campaignId) : campaignId,
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
