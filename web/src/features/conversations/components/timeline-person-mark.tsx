import { UserPen } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { SET_BY_PERSON } from '../lib/format';

/** A visible "set by a person" tag next to a value a person corrected (the timeline shows it in words). */
export const PersonMark = ({ className }: { className?: string }) => (
  <span
    data-testid="set-by-person"
    className={cn('inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700', className)}
  >
    <UserPen className="h-3 w-3" aria-hidden="true" />
    {SET_BY_PERSON}
  </span>
);
