import { CalendarRange } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { messages } from '../../../../../shared/messages';
import { Skeleton } from '../../../components/ui/skeleton';
import { CampaignProcessCard } from './campaign-process-card';
import { ContactEmailCard } from './contact-email-card';
import { ProcessCard } from './process-card';
import { RecentHoursCard } from './recent-hours-card';

// The calendar (react-day-picker, its stylesheet and date-fns locale code) is the heaviest part
// of the dashboard, which is the first page most users see: it loads on its own.
const DateRangeCard = lazy(() => import('./date-range-card').then((module) => ({ default: module.DateRangeCard })));

const DateRangeCardFallback = () => (
  <ProcessCard
    title={messages.dashboard.past.dateRange}
    icon={CalendarRange}
    actionLabel={messages.dashboard.past.processRange}
    onAction={() => undefined}
    disabled
    busy={false}
  >
    <Skeleton className="h-10 w-full" />
  </ProcessCard>
);

/** The four "Past Email Processing" cards; `blocked` while a global job runs. */
export const PastProcessing = ({ blocked }: { blocked: boolean }) => (
  <div className="grid gap-4 md:grid-cols-2">
    <RecentHoursCard blocked={blocked} />
    <Suspense fallback={<DateRangeCardFallback />}>
      <DateRangeCard blocked={blocked} />
    </Suspense>
    <ContactEmailCard blocked={blocked} />
    <CampaignProcessCard blocked={blocked} />
  </div>
);
