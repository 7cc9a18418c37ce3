import * as Popover from '@radix-ui/react-popover';
import { format, isValid, parse } from 'date-fns';
import { CalendarDays, X } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { DATE_DISPLAY_FORMAT, DATE_INPUT_FORMAT, DATE_PICKER_MONTHS } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { cn } from '../../lib/cn';

const ACCENT = { '--rdp-accent-color': '#4f46e5', '--rdp-accent-background-color': '#eef2ff' } as CSSProperties;

/** Both ends are yyyy-MM-dd strings or empty strings. */
export type DateRangeValue = { start: string; end: string };

export const EMPTY_DATE_RANGE: DateRangeValue = { start: '', end: '' };

export const parseDay = (value: string): Date | undefined => {
  if (!value) return undefined;
  const date = parse(value, DATE_INPUT_FORMAT, new Date());
  return isValid(date) ? date : undefined;
};

export const formatDay = (date: Date): string => format(date, DATE_INPUT_FORMAT);

/**
 * The range after clicking a day: the first click (or a click after a complete range) starts a
 * new range with the end left empty; the second completes it, swapping the ends if needed.
 */
export const nextRange = (current: DateRangeValue, day: string): DateRangeValue => {
  if (!current.start || current.end) return { start: day, end: '' };
  return day < current.start ? { start: day, end: current.start } : { start: current.start, end: day };
};

export const rangeLabel = ({ start, end }: DateRangeValue): string => {
  const from = parseDay(start);
  if (!from) return '';
  const to = parseDay(end);
  return to ? `${format(from, DATE_DISPLAY_FORMAT)} - ${format(to, DATE_DISPLAY_FORMAT)}` : format(from, DATE_DISPLAY_FORMAT);
};

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
 * The popover is not portalled: inside a modal <dialog> everything outside the dialog is inert,
 * and a non-modal Radix popover injects no <style> (CSP style-src 'self').
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
  const from = parseDay(value.start);
  const to = parseDay(value.end);
  const label = rangeLabel(value);
  const hasValue = Boolean(value.start || value.end);

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            disabled={disabled}
            aria-invalid={aria['aria-invalid']}
            aria-describedby={aria['aria-describedby']}
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
        </Popover.Trigger>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
        >
          <DayPicker
            mode="range"
            numberOfMonths={numberOfMonths}
            defaultMonth={from ?? new Date()}
            selected={from ? { from, to } : undefined}
            disabled={allowFuture ? undefined : { after: new Date() }}
            onSelect={(_range, day) => {
              const next = nextRange(value, formatDay(day));
              onChange(next);
              if (next.start && next.end) setOpen(false);
            }}
            className="text-sm"
            // react-day-picker's stylesheet sets its variables on .rdp-root, unlayered, so a Tailwind
            // utility cannot override them; the style prop goes through the CSSOM, which the CSP allows.
            style={ACCENT}
          />
        </Popover.Content>
      </Popover.Root>
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
