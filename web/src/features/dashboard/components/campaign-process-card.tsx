import { FolderKanban } from 'lucide-react';
import { useMemo, useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { useCampaigns } from '../../campaigns/api/list-campaigns';
import { useProcessCampaign } from '../../processing/api/process-campaign';
import { campaignOptions } from '../lib/dropdown-options';
import { useProcessAction } from '../lib/use-process-action';
import { OptionDropdown } from './option-dropdown';
import { ProcessCard } from './process-card';

export const CampaignProcessCard = ({ blocked }: { blocked: boolean }) => {
  const [campaignId, setCampaignId] = useState('');
  const campaigns = useCampaigns();
  const options = useMemo(() => campaignOptions(campaigns.data), [campaigns.data]);
  const processCampaign = useProcessCampaign();
  const action = useProcessAction<string>({
    start: (value) => processCampaign.mutateAsync(value),
    startedMessage: (value) => messages.processing.startedCampaign(value, campaigns.data?.campaigns.find((campaign) => campaign.campaign_id === value)?.campaign_name),
    fallback: messages.processing.failedCampaign,
  });
  const chosen = options.some((option) => option.value === campaignId) ? campaignId : '';
  return (
    <ProcessCard
      title={messages.dashboard.past.campaign}
      icon={FolderKanban}
      actionLabel={messages.dashboard.past.processCampaign}
      onAction={() => void action.run(chosen)}
      disabled={blocked || !chosen}
      busy={action.busy}
    >
      <OptionDropdown
        label={messages.dashboard.campaignLabel}
        kind="campaigns"
        options={options}
        value={chosen}
        onValueChange={setCampaignId}
        placeholder={messages.dashboard.campaignPlaceholder}
        loaded={campaigns.isSuccess}
      />
    </ProcessCard>
  );
};
