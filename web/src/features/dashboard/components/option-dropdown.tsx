import { useId } from 'react';
import { FieldHint, Label } from '../../../components/ui/input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { emptyDropdownText, type DropdownKind } from '../lib/dropdown-options';

export type OptionDropdownProps = {
  label: string;
  kind: DropdownKind;
  options: readonly SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
  /** Until the options arrive, an empty list is not "empty" yet. */
  loaded: boolean;
  disabled?: boolean;
};

/** A labelled select that says why it is empty ("No options available" plus a hint). */
export const OptionDropdown = ({ label, kind, options, value, onValueChange, placeholder, loaded, disabled }: OptionDropdownProps) => {
  const id = useId();
  const hintId = useId();
  const empty = loaded && options.length === 0 ? emptyDropdownText(kind) : null;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={value}
        onValueChange={onValueChange}
        options={options}
        placeholder={placeholder}
        emptyText={empty?.text}
        disabled={disabled}
        aria-describedby={empty ? hintId : undefined}
      />
      {empty ? <FieldHint id={hintId}>{empty.hint}</FieldHint> : null}
    </div>
  );
};
