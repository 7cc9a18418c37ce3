import { SearchX, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { boardText } from '../lib/board-messages';

const SKELETON_ROWS = 6;

export const BoardSkeleton = () => (
  <div role="status" aria-label={boardText.loading} data-testid="board-skeleton" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
    <Skeleton className="h-8 w-full" />
    {Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <div key={index} className="flex items-center gap-3 py-1">
        <Skeleton className="h-4 w-4 shrink-0" />
        <div className="flex-1 space-y-1.5">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
        <Skeleton className="hidden h-5 w-24 sm:block" />
        <Skeleton className="hidden h-4 w-40 md:block" />
      </div>
    ))}
  </div>
);

export const BoardEmpty = () => (
  <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
    <UserPlus className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
    <h2 className="mt-3 text-base font-semibold text-slate-900">{boardText.emptyTitle}</h2>
    <p className="mt-1 text-sm text-slate-600">{boardText.emptyText}</p>
    <Link
      to="/contacts"
      className="mt-4 inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {boardText.emptyAction}
    </Link>
  </div>
);

export const BoardNoMatches = ({ onClear }: { onClear: () => void }) => (
  <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
    <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
    <h2 className="mt-3 text-base font-semibold text-slate-900">{boardText.noMatchesTitle}</h2>
    <p className="mt-1 text-sm text-slate-600">{boardText.noMatchesText}</p>
    <Button variant="outline" className="mt-4" onClick={onClear}>
      {boardText.clearFilters}
    </Button>
  </div>
);

export const BoardError = ({ title, message, onRetry, retrying = false }: { title: string; message?: string; onRetry: () => void; retrying?: boolean }) => (
  <Banner
    variant="error"
    title={title}
    action={
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        {boardText.retry}
      </Button>
    }
  >
    {message && message !== title ? message : null}
  </Banner>
);
