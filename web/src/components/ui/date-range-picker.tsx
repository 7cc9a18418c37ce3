import { CalendarDays, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { DATE_PICKER_MONTHS } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { EMPTY_DATE_RANGE, rangeLabel, type DateRangeValue } from './date-range';

export { EMPTY_DATE_RANGE, nextRange, parseDay, rangeLabel, type DateRangeValue } from './date-range';

// The calendar (react-day-picker, its stylesheet, the popover) is most of a picker's weight and
// is needed only once someone reaches for it: a page with a picker loads without it (bench/spa.ts).
const loadCalendar = () => import('./date-range-calendar');
const DateRangeCalendar = lazy(() => loadCalendar().then((module) => ({ default: module.DateRangeCalendar })));

export type DateRangePickerProps = {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  id?: string;
  placeholder?: string;
  clearLabel?: string;
  /** When false, days after today cannot be picked. */
  allowFuture?: boolean;
  numberOfMonths?: number;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A trigger showing the chosen range ("MMM dd, yyyy - MMM dd, yyyy") that opens a calendar.
 * The calendar's code starts loading when the pointer is over the trigger or it has the focus,
 * so it is there by the click. The popover is not portalled: inside a modal <dialog> everything
 * outside the dialog is inert, and a non-modal Radix popover injects no <style> (CSP style-src 'self').
 */
export const DateRangePicker = ({
  value,
  onChange,
  id,
  placeholder = messages.dashboard.datePicker.placeholder,
  clearLabel = messages.dashboard.datePicker.clear,
  allowFuture = true,
  numberOfMonths = DATE_PICKER_MONTHS,
  disabled,
  className,
  ...aria
}: DateRangePickerProps) => {
  const [open, setOpen] = useState(false);
  const [calendarWanted, setCalendarWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const label = rangeLabel(value);
  const hasValue = Boolean(value.start || value.end);
  const wantCalendar = () => {
    if (calendarWanted) return;
    // A failed load fails again, and is reported, when the calendar renders.
    loadCalendar().catch(() => undefined);
    setCalendarWanted(true);
  };

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <button
        ref={trigger}
        id={id}
        type="button"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? 'open' : 'closed'}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        onPointerEnter={wantCalendar}
        onFocus={wantCalendar}
        onClick={() => {
          wantCalendar();
          setOpen((current) => !current);
        }}
        className={cn(
          'flex h-10 w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-left text-sm',
          'focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 disabled:cursor-not-allowed disabled:bg-slate-100',
          // slate-500 on white is 4.76:1 (slate-400 failed WCAG AA contrast).
          label ? 'text-slate-900' : 'text-slate-500',
        )}
      >
        <CalendarDays className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="truncate">{label || placeholder}</span>
      </button>
      {calendarWanted ? (
        <Suspense fallback={null}>
          <DateRangeCalendar
            trigger={trigger}
            contentId={contentId}
            open={open}
            onOpenChange={setOpen}
            value={value}
            onChange={onChange}
            allowFuture={allowFuture}
            numberOfMonths={numberOfMonths}
          />
        </Suspense>
      ) : null}
      {hasValue ? (
        <button
          type="button"
          aria-label={clearLabel}
          title={clearLabel}
          disabled={disabled}
          onClick={() => onChange(EMPTY_DATE_RANGE)}
          className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
};
