import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { boardText } from '../lib/board-messages';

export type BoardPagerProps = {
  /** 0-based index of the page shown */
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  busy?: boolean;
};

export const BoardPager = ({ page, pageSize, shown, total, hasNext, onPrevious, onNext, busy = false }: BoardPagerProps) => {
  const from = shown === 0 ? 0 : page * pageSize + 1;
  return (
    <nav aria-label={boardText.pager} className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <p aria-live="polite" data-testid="board-showing">
        {boardText.showing(from, page * pageSize + shown, total)}
      </p>
      {page > 0 || hasNext ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onPrevious} disabled={page === 0 || busy}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            {boardText.previous}
          </Button>
          <Button variant="outline" size="sm" onClick={onNext} disabled={!hasNext || busy}>
            {boardText.next}
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
};
