import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

export const CampaignCardSkeleton = () => (
  <Card data-testid="campaign-card-skeleton" className="space-y-3 p-5">
    <div className="flex justify-between">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-5 w-16" />
    </div>
    <Skeleton className="h-3 w-24" />
    <Skeleton className="h-4 w-3/4" />
    <Skeleton className="h-4 w-1/2" />
    <div className="flex gap-2 pt-2">
      <Skeleton className="h-8 flex-1" />
      <Skeleton className="h-8 flex-1" />
      <Skeleton className="h-8 flex-1" />
    </div>
  </Card>
);
