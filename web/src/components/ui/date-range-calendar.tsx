import * as Popover from '@radix-ui/react-popover';
import { useRef, type CSSProperties, type RefObject } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatDay, nextRange, parseDay, type DateRangeValue } from './date-range';

const ACCENT = { '--rdp-accent-color': '#4f46e5', '--rdp-accent-background-color': '#eef2ff' } as CSSProperties;

export type DateRangeCalendarProps = {
  /** The picker's own button: the calendar opens below it and gives the focus back to it. */
  trigger: RefObject<HTMLButtonElement | null>;
  contentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  allowFuture: boolean;
  numberOfMonths: number;
};

/**
 * The calendar of date-range-picker.tsx, loaded when a person first points at, focuses or clicks
 * the picker: react-day-picker, its stylesheet and the popover code stay out of the pages that
 * only show a picker. The button stays the picker's (it is on screen before this code is), so
 * this does for it what Radix's Popover.Trigger would: a click on it is not an outside click,
 * and closing gives it the focus back unless the person went elsewhere.
 */
export const DateRangeCalendar = ({ trigger, contentId, open, onOpenChange, value, onChange, allowFuture, numberOfMonths }: DateRangeCalendarProps) => {
  const interactedOutside = useRef(false);
  const from = parseDay(value.start);
  const to = parseDay(value.end);

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={trigger as RefObject<HTMLButtonElement>} />
      <Popover.Content
        id={contentId}
        align="start"
        sideOffset={4}
        className="z-50 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
        onInteractOutside={(event) => {
          if (trigger.current?.contains(event.target as Node)) event.preventDefault();
          else interactedOutside.current = true;
        }}
        onCloseAutoFocus={() => {
          if (!interactedOutside.current) trigger.current?.focus();
          interactedOutside.current = false;
        }}
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
            if (next.start && next.end) onOpenChange(false);
          }}
          className="text-sm"
          // react-day-picker's stylesheet sets its variables on .rdp-root, unlayered, so a Tailwind
          // utility cannot override them; the style prop goes through the CSSOM, which the CSP allows.
          style={ACCENT}
        />
      </Popover.Content>
    </Popover.Root>
  );
};
