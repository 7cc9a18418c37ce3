import { useId, type ReactNode } from 'react';
import { FieldHint, Input, Label } from '../../../components/ui/input';
import { useDebouncedDraft } from '../lib/use-debounced-draft';

export type DraftNumberFieldProps = {
  label: string;
  /** The saved value as the field shows it. */
  saved: string;
  /** Applies the field's rules to the typed text, saves, and returns the text to show. */
  commit: (draft: string) => string;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal';
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
};

/**
 * A text field for numbers, on purpose not type="number": the rules for non-numeric and
 * negative input (reset, clamp) must see what was typed, which a number input hides.
 */
export const DraftNumberField = ({ label, saved, commit, placeholder, inputMode = 'numeric', hint, disabled, className }: DraftNumberFieldProps) => {
  const id = useId();
  const hintId = useId();
  const { draft, onChange, flush } = useDebouncedDraft(saved, commit);
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="text"
        inputMode={inputMode}
        value={draft}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={flush}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush();
        }}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </div>
  );
};
