import { UserPen } from 'lucide-react';
import type { ConversationStatus } from '../../../../../shared/schemas/conversations';
import { cn } from '../../../lib/cn';
import { SET_BY_PERSON, STATUS_LABELS } from '../lib/format';

const STATUS_STYLES: Readonly<Record<ConversationStatus, string>> = {
  not_contacted: 'bg-slate-100 text-slate-700 ring-slate-300',
  awaiting_reply: 'bg-amber-50 text-amber-800 ring-amber-300',
  replied: 'bg-sky-50 text-sky-800 ring-sky-300',
  negotiating: 'bg-violet-50 text-violet-800 ring-violet-300',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  declined: 'bg-rose-50 text-rose-800 ring-rose-300',
};

/** A person-corrected value's marker: a small icon with the words for screen readers and a tooltip. */
export const SetByPerson = ({ className }: { className?: string }) => (
  <span className={cn('inline-flex items-center text-slate-600', className)} title={SET_BY_PERSON}>
    <UserPen className="h-3.5 w-3.5" aria-hidden="true" />
    <span className="sr-only">{` (${SET_BY_PERSON})`}</span>
  </span>
);

/** The conversation's status as a coloured pill; `corrected` marks a status a person set. */
export const StatusBadge = ({ status, corrected = false, className }: { status: ConversationStatus; corrected?: boolean; className?: string }) => (
  <span
    data-status={status}
    className={cn(
      'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
      STATUS_STYLES[status],
      className,
    )}
  >
    {STATUS_LABELS[status]}
    {corrected ? <SetByPerson className="text-current" /> : null}
  </span>
);
