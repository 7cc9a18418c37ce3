import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  value: string | undefined | null;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  /** Shown (disabled) when no option has a value. */
  emptyText?: string;
};

/**
 * A native select, on purpose: Radix Select injects an inline <style> element, which the CSP
 * (style-src 'self') refuses. It refuses empty-string values: options without a value are not
 * listed, and an empty or unknown value shows the placeholder.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(
  ({ value, onValueChange, options, placeholder = 'Select…', emptyText, className, disabled, ...props }, ref) => {
    const listed = options.filter((option) => option.value !== '');
    const selected = value && listed.some((option) => option.value === value) ? value : '';
    const empty = listed.length === 0;
    return (
      <select
        ref={ref}
        value={selected}
        disabled={disabled || empty}
        onChange={(event) => {
          if (event.target.value !== '') onValueChange(event.target.value);
        }}
        className={cn(
          'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900',
          'focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-100',
          // slate-500 on white is 4.76:1 (slate-400 failed WCAG AA contrast).
          selected === '' && 'text-slate-500',
          className,
        )}
        {...props}
      >
        <option value="" disabled hidden={!empty}>
          {empty && emptyText ? emptyText : placeholder}
        </option>
        {listed.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled} className="text-slate-900">
            {option.label}
          </option>
        ))}
      </select>
    );
  },
);
Select.displayName = 'Select';
