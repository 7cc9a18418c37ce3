import { normalizeEmailAddress } from '../../../../../shared/email-address';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Banner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useConversations } from '../api/list-conversations';
import { UpdatedCue } from '../components/updated-cue';
import { useUpdatedCue } from '../lib/use-updated-cue';
import { TimelineCampaignList } from '../components/timeline-campaign-list';
import { TimelineConversation } from '../components/timeline-conversation';
import { orderTalentConversations, selectedConversation } from '../lib/timeline-selection';
import { usePreviousPage } from '../../../lib/previous-page';
import { timelineBackLink } from '../lib/timeline-back';
import { timelineText } from '../lib/timeline-text';
import { TalentActivity } from '../../audit/components/talent-activity';
import { TalentDataActions } from '../../talents/components/talent-data-actions';

/**
 * /talents/:email — one talent across all their campaigns (`?campaign=<id>` opens that
 * campaign's conversation first), each conversation with its facts, corrections and messages.
 */
export const TalentTimelineRoute = () => {
  const { email: rawEmail = '' } = useParams();
  const email = normalizeEmailAddress(rawEmail);
  const [search] = useSearchParams();
  const campaignId = search.get('campaign');
  const list = useConversations({ contact_email: email, limit: '100' });
  const updated = useUpdatedCue(email, list.data);
  const ordered = orderTalentConversations(list.data?.items ?? []);
  const selected = selectedConversation(ordered, campaignId);
  const talentName = ordered.find((item) => item.talent_name.trim())?.talent_name.trim();
  const handle = ordered.find((item) => item.handle)?.handle;
  const back = timelineBackLink(usePreviousPage());

  return (
    <>
      <Link to={back.to} className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {back.label}
      </Link>
      <PageHeader title={timelineText.title(talentName || email)} subtitle={[talentName ? email : '', handle ?? ''].filter(Boolean).join(' · ') || timelineText.subtitle} actions={
          <>
            <UpdatedCue shown={updated} />
            <TalentDataActions email={email} />
          </>
        } />
      {list.isError ? (
        <Banner variant="error" onDismiss={() => void list.refetch()}>
          {errorMessage(list.error, timelineText.loadFailed)}
        </Banner>
      ) : list.isPending ? (
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]" aria-busy="true">
          <Skeleton className="h-28" />
          <Skeleton className="h-96" />
        </div>
      ) : ordered.length === 0 || !selected ? (
        <Card className="p-8 text-center">
          <p className="font-medium text-slate-900">{timelineText.notFound}</p>
          <p className="mt-1 text-sm text-slate-500">{timelineText.notFoundHint}</p>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <TimelineCampaignList email={email} conversations={ordered} selectedId={selected.id} />
          <TimelineConversation key={selected.id} conversation={selected} />
        </div>
      )}
      <TalentActivity contactEmail={email} />
    </>
  );
};
