import { useMemo } from 'react';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useCampaigns } from '../../campaigns/api/list-campaigns';
import { useContactsTracking } from '../api/get-contacts-tracking';
import { AddContactForm } from '../components/add-contact-form';
import { AllContacts } from '../components/all-contacts';
import { ByCampaignList } from '../components/by-campaign-list';
import { ImportLonglistForm } from '../components/import-longlist-form';
import { NoCampaignsCard } from '../components/no-campaigns-card';
import { SummaryTiles } from '../components/summary-tiles';
import { campaignOptions as toCampaignOptions } from '../lib/campaign-options';
import { byCampaignRows } from '../lib/grouping';
import { contactText } from '../messages';

const text = messages.contacts;

const LoadingState = () => (
  <div aria-busy="true" aria-label={contactText.loading} className="space-y-4">
    <div className="grid gap-4 sm:grid-cols-3">
      <Skeleton className="h-20" />
      <Skeleton className="h-20" />
      <Skeleton className="h-20" />
    </div>
    <Skeleton className="h-40" />
    <Skeleton className="h-64" />
  </div>
);

export const ContactsRoute = () => {
  const campaigns = useCampaigns();
  const tracking = useContactsTracking();

  const campaignList = useMemo(() => campaigns.data?.campaigns ?? [], [campaigns.data]);
  const options = useMemo(() => toCampaignOptions(campaignList), [campaignList]);
  const campaignNames = useMemo(
    () => new Map(campaignList.map((campaign) => [campaign.campaign_id, campaign.campaign_name])),
    [campaignList],
  );
  const contacts = useMemo(() => Object.values(tracking.data?.contacts ?? {}), [tracking.data]);

  const body = () => {
    if (campaigns.isPending || tracking.isPending) return <LoadingState />;
    if (!campaigns.data) return <Banner variant="error">{errorMessage(campaigns.error, messages.fallback.loadCampaigns)}</Banner>;
    if (campaignList.length === 0) return <NoCampaignsCard />;
    if (!tracking.data) return <Banner variant="error">{errorMessage(tracking.error, messages.fallback.loadContacts)}</Banner>;
    const { summary, by_campaign: byCampaign } = tracking.data;
    return (
      <div className="space-y-6">
        <SummaryTiles
          totalCampaigns={campaigns.data.total}
          totalContacts={summary.total_contacts}
          trackedContacts={summary.tracking_enabled}
        />
        <ByCampaignList rows={byCampaignRows(byCampaign)} />
        <section aria-labelledby="add-contacts-heading" className="space-y-3">
          <h2 id="add-contacts-heading" className="text-lg font-semibold text-slate-900">
            {text.addSection}
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            <AddContactForm campaignOptions={options} />
            <ImportLonglistForm campaignOptions={options} />
          </div>
        </section>
        <AllContacts contacts={contacts} campaignOptions={options} campaignNames={campaignNames} />
        {tracking.hasNextPage ? (
          <div className="flex flex-col items-center gap-2 text-sm text-slate-600">
            <p>{contactText.shownOf(contacts.length, summary.total_contacts)}</p>
            <Button variant="outline" onClick={() => void tracking.fetchNextPage()} disabled={tracking.isFetchingNextPage}>
              {tracking.isFetchingNextPage ? contactText.loadingMore : contactText.loadMore}
            </Button>
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <div>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      {body()}
    </div>
  );
};
