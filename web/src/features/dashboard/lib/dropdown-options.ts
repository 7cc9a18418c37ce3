import { messages } from '../../../../../shared/messages';
import type { SelectOption } from '../../../components/ui/select';
import type { CampaignList } from '../../campaigns/api/campaign-types';
import type { ContactsTracking } from '../../contacts/api/contact-types';

const text = messages.dashboard.dropdown;

const byLabel = (a: SelectOption, b: SelectOption) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' });

/** Enabled tracked contacts, "talent (email)" or just the e-mail, sorted by that label. */
export const contactOptions = (tracking: ContactsTracking | undefined): SelectOption[] =>
  [
    // A talent in several campaigns is processed by e-mail: one option.
    ...new Map(
      Object.values(tracking?.contacts ?? {})
        .filter((contact) => contact.tracking_enabled && contact.email)
        .map((contact) => [contact.email, { value: contact.email, label: messages.dashboard.contactOption(contact.email, contact.talent_name) }]),
    ).values(),
  ].sort(byLabel);

/** Campaigns as "id - name", sorted; one being deleted cannot be processed any more. */
export const campaignOptions = (list: CampaignList | undefined): SelectOption[] =>
  (list?.campaigns ?? [])
    .filter((campaign) => campaign.campaign_id && campaign.status !== 'deleting')
    .map((campaign) => ({
      value: campaign.campaign_id,
      label: messages.contacts.campaignOption(campaign.campaign_id, campaign.campaign_name),
    }))
    .sort(byLabel);

export type DropdownKind = 'contacts' | 'campaigns' | 'other';

/** What an empty dropdown says, and the hint under it. */
export const emptyDropdownText = (kind: DropdownKind): { text: string; hint: string } => {
  switch (kind) {
    case 'contacts':
      return { text: text.noOptions, hint: text.addContactsHint };
    case 'campaigns':
      return { text: text.noItems, hint: text.createCampaignsHint };
    default:
      return { text: text.noOptions, hint: text.noOptionsHint };
  }
};
