import { messages } from '../../../../../shared/messages';
import type { Campaign } from '../../campaigns/api/campaign-types';
import type { SelectOption } from '../../../components/ui/select';

/** Campaign select options "id - name"; a campaign being deleted cannot take contacts. */
export const campaignOptions = (campaigns: readonly Campaign[]): SelectOption[] =>
  campaigns
    .filter((campaign) => campaign.status !== 'deleting')
    .map((campaign) => ({
      value: campaign.campaign_id,
      label: messages.contacts.campaignOption(campaign.campaign_id, campaign.campaign_name),
    }));
