import { useMemo, useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { errorMessage } from '../../../lib/api-client';
import { useCampaigns } from '../../campaigns/api/list-campaigns';
import { useContactsTracking } from '../api/get-contacts-tracking';
import { SEARCH_DEBOUNCE_MS, useSearchContacts } from '../api/search-contacts';
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

/** The listing's pages, or a search's: "Load more" and what has been shown of them. */
const LoadMore = ({ shown, onMore, loading }: { shown: string; onMore: () => void; loading: boolean }) => (
  <div className="flex flex-col items-center gap-2 text-sm text-slate-600">
    <p>{shown}</p>
    <Button variant="outline" onClick={onMore} disabled={loading}>
      {loading ? contactText.loadingMore : contactText.loadMore}
    </Button>
  </div>
);

export const ContactsRoute = () => {
  const campaigns = useCampaigns();
  const tracking = useContactsTracking();
  const [search, setSearch] = useState('');
  // A search per pause in typing; each text is its own query, so a new search starts at its first page.
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useSearchContacts(q);
  const searchingFor = q !== '';

  const campaignList = useMemo(() => campaigns.data?.campaigns ?? [], [campaigns.data]);
  const options = useMemo(() => toCampaignOptions(campaignList), [campaignList]);
  const campaignNames = useMemo(
    () => new Map(campaignList.map((campaign) => [campaign.campaign_id, campaign.campaign_name])),
    [campaignList],
  );
  const listed = useMemo(() => Object.values(tracking.data?.contacts ?? {}), [tracking.data]);
  // The search's matches; with no text, the listing's pages (the same cached query).
  const shownContacts = useMemo(() => found.data ?? [], [found.data]);

  const body = () => {
    if (campaigns.isPending || tracking.isPending) return <LoadingState />;
    if (!campaigns.data) return <Banner variant="error">{errorMessage(campaigns.error, messages.fallback.loadCampaigns)}</Banner>;
    if (campaignList.length === 0) return <NoCampaignsCard />;
    if (!tracking.data) return <Banner variant="error">{errorMessage(tracking.error, messages.fallback.loadContacts)}</Banner>;
    const { summary, by_campaign: byCampaign } = tracking.data;
    const shown = searchingFor ? contactText.shownMatches(shownContacts.length) : contactText.shownOf(listed.length, summary.total_contacts);
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
        <AllContacts
          contacts={shownContacts}
          empty={summary.total_contacts === 0 && listed.length === 0}
          search={search}
          onSearchChange={setSearch}
          searching={found.isPending || found.isPlaceholderData}
          searchError={searchingFor && found.isError ? errorMessage(found.error, messages.fallback.loadContacts) : undefined}
          campaignOptions={options}
          campaignNames={campaignNames}
        />
        {found.hasNextPage && !found.isPlaceholderData ? (
          <LoadMore shown={shown} onMore={() => void found.fetchNextPage()} loading={found.isFetchingNextPage} />
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
