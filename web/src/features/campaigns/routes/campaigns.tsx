import { Plus } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notifications';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useMembership } from '../../auth/api/use-membership';
import type { Campaign } from '../api/campaign-types';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useDriveHealth } from '../api/get-drive-health';
import { useCampaigns } from '../api/list-campaigns';
import { CampaignCard } from '../components/campaign-card';
import { CampaignCardSkeleton } from '../components/campaign-card-skeleton';
import { CampaignsEmpty } from '../components/campaigns-empty';
import { CreateCampaignDialog } from '../components/create-campaign-dialog';
import { DeleteCampaignDialog } from '../components/delete-campaign-dialog';
import { DriveHeaderButtons } from '../components/drive-header-buttons';
import { campaignText } from '../messages';

const text = messages.campaigns;
const SKELETON_COUNT = 6;

export const CampaignsRoute = () => {
  const campaigns = useCampaigns();
  const health = useDriveHealth();
  const deleteCampaign = useDeleteCampaign();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<Campaign | null>(null);
  // Deleting a campaign is an owner's action: members see no delete button.
  const { isOwner } = useMembership();

  const onConfirmDelete = (campaign: Campaign) => {
    setToDelete(null);
    deleteCampaign.mutate(campaign.campaign_id, {
      onSuccess: () =>
        notify({ type: 'success', title: text.deletionStartedTitle, message: text.deletionStarted(campaign.campaign_name) }),
      onError: (error) =>
        notify({ type: 'error', title: campaignText.deleteFailedTitle, message: errorMessage(error, messages.fallback.deleteCampaign) }),
    });
  };

  const list = campaigns.data?.campaigns ?? [];

  return (
    <div>
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          <>
            <DriveHeaderButtons health={health.data} />
            <Button onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {text.create}
            </Button>
          </>
        }
      />
      <div className="space-y-6">
        {health.data && !health.data.healthy ? <Banner variant="warning">{text.unhealthy}</Banner> : null}
        {campaigns.isPending ? (
          <div aria-busy="true" aria-label={campaignText.loading} className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <CampaignCardSkeleton key={index} />
            ))}
          </div>
        ) : !campaigns.data ? (
          <Banner
            variant="error"
            action={
              <Button size="sm" variant="outline" onClick={() => void campaigns.refetch()}>
                {campaignText.retry}
              </Button>
            }
          >
            {errorMessage(campaigns.error, messages.fallback.loadCampaigns)}
          </Banner>
        ) : list.length === 0 ? (
          <CampaignsEmpty onCreate={() => setCreating(true)} />
        ) : (
          <section aria-label={campaignText.grid} className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {list.map((campaign) => (
              <CampaignCard key={campaign.campaign_id} campaign={campaign} onDelete={isOwner ? setToDelete : undefined} />
            ))}
          </section>
        )}
      </div>
      <CreateCampaignDialog open={creating} onClose={() => setCreating(false)} />
      <DeleteCampaignDialog campaign={toDelete} onCancel={() => setToDelete(null)} onConfirm={onConfirmDelete} />
    </div>
  );
};
