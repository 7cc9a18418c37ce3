import { useId, type ReactNode } from 'react';
import { FieldError, FieldHint, Input, Label } from '../../../components/ui/input';
import { useDebouncedDraft, type DraftCommit } from '../lib/use-debounced-draft';

export type DraftNumberFieldProps = {
  label: string;
  /** The saved value as the field shows it. */
  saved: string;
  /** Applies the field's rules to the typed text: saves and returns the text to show, or returns the broken rule's message (nothing saved). */
  commit: (draft: string) => DraftCommit;
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
  const errorId = useId();
  const { draft, error, onChange, flush } = useDebouncedDraft(saved, commit);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
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
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
};
