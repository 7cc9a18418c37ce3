import { useId, useState } from 'react';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { formatDay, parseTypedRange, presetRange, RANGE_PRESETS, typedRangeText, type DateRangeValue } from '../../../components/ui/date-range';
import { cn } from '../../../lib/cn';
import { dashboardText } from '../messages';

const text = dashboardText.typedRange;

/**
 * The range typed, pasted or taken from a preset, beside the picker: a year of mail is one paste
 * or one click, not 25 in the calendar. What is typed applies as soon as it reads as a range; the
 * field then follows the picker. Past mail only: a range ending after today is refused here.
 */
export const DateRangeEntry = ({ value, onChange, now = () => new Date() }: { value: DateRangeValue; onChange: (value: DateRangeValue) => void; now?: () => Date }) => {
  const id = useId();
  const errorId = `${id}-error`;
  // What the person is typing; null once it applied (the field shows the chosen range then).
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<'unreadable' | 'future' | null>(null);

  const read = (typed: string, settle: boolean) => {
    if (!typed.trim()) {
      setProblem(null);
      if (settle) setDraft(null);
      return;
    }
    const parsed = parseTypedRange(typed, formatDay(now()));
    if ('range' in parsed) {
      setProblem(null);
      onChange(parsed.range);
      if (settle) setDraft(null);
    } else if (settle) {
      setProblem(parsed.problem);
    }
  };

  return (
    <div className="mt-3 space-y-3">
      <div>
        <Label htmlFor={id} className="text-xs font-normal text-slate-600">
          {text.label}
        </Label>
        <Input
          id={id}
          value={draft ?? typedRangeText(value)}
          placeholder={text.placeholder}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            // A whole range applies at once (a paste); a half-typed one waits for the blur or Enter.
            read(event.target.value, false);
          }}
          onBlur={() => draft !== null && read(draft, true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && draft !== null) read(draft, true);
          }}
        />
        <FieldError id={errorId} message={problem ? text[problem] : undefined} />
      </div>
      <div role="group" aria-label={text.presets} className="flex flex-wrap gap-1.5">
        {RANGE_PRESETS.map((preset) => {
          const range = presetRange(preset, now());
          const chosen = range.start === value.start && range.end === value.end;
          return (
            <button
              key={preset}
              type="button"
              aria-pressed={chosen}
              onClick={() => {
                setDraft(null);
                setProblem(null);
                onChange(range);
              }}
              className={cn(
                'rounded-full border px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                chosen ? 'border-indigo-600 bg-indigo-50 text-indigo-800' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {text.preset[preset]}
            </button>
          );
        })}
      </div>
    </div>
  );
};
