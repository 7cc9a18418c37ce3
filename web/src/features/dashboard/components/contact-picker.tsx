import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { CONTACT_SEARCH_MAX } from '../../../../../shared/schemas/campaigns';
import { FieldHint, Input, Label } from '../../../components/ui/input';
import type { SelectOption } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { SEARCH_DEBOUNCE_MS, useContactSuggestions } from '../../contacts/api/search-contacts';
import { contactText } from '../../contacts/messages';
import { contactOptions, emptyDropdownText } from '../lib/dropdown-options';

export type ContactPickerProps = {
  label: string;
  placeholder: string;
  /** The chosen contact's e-mail; '' when none is chosen. */
  value: string;
  onValueChange: (email: string) => void;
};

/**
 * The Process Email picker: a type-ahead over every contact of the agency. What is typed is
 * searched by the server (a moment after typing stops), which answers the first few matches; the
 * list offers the enabled ones as "talent (email)". An ARIA combobox with a listbox popup (list
 * autocomplete, manual selection): Down and Up move through the options (opening the list, and
 * wrapping), Enter chooses the highlighted one, Escape closes the list or, closed, clears the text.
 */
export const ContactPicker = ({ label, placeholder, value, onValueChange }: ContactPickerProps) => {
  const inputId = useId();
  const listboxId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [chosenLabel, setChosenLabel] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The chosen contact's label is not a search: reopened, the list offers the first contacts again.
  const q = useDebouncedValue(value && text === chosenLabel ? '' : text.trim(), SEARCH_DEBOUNCE_MS);
  const suggestions = useContactSuggestions(q);
  const options = useMemo<SelectOption[]>(() => contactOptions(suggestions.data), [suggestions.data]);
  const settled = suggestions.isSuccess && !suggestions.isPlaceholderData;
  // The first contacts (no text) are none: nothing to pick, and the spec's hint says why.
  const none = settled && q === '' && options.length === 0 ? emptyDropdownText('contacts') : null;
  const highlighted = open && active >= 0 && active < options.length ? active : -1;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const choose = (option: SelectOption) => {
    onValueChange(option.value);
    setText(option.label);
    setChosenLabel(option.label);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!open) {
          setOpen(true);
          setActive(count === 0 ? -1 : down ? 0 : count - 1);
        } else if (count > 0) {
          setActive(highlighted === -1 ? (down ? 0 : count - 1) : (highlighted + (down ? 1 : count - 1)) % count);
        }
        return;
      }
      case 'Enter':
        if (highlighted >= 0) {
          event.preventDefault();
          choose(options[highlighted]!);
        }
        return;
      case 'Escape':
        event.preventDefault();
        if (open) {
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          setText('');
          setChosenLabel('');
          if (value) onValueChange('');
        }
        return;
      default:
    }
  };

  const popup = () => {
    if (options.length > 0) return null;
    if (!settled) {
      return (
        <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-500">
          <Spinner size="sm" />
          {contactText.pickerSearching}
        </p>
      );
    }
    return (
      <p role="status" className="px-3 py-2 text-sm text-slate-500">
        {emptyDropdownText('contacts').text}
      </p>
    );
  };

  return (
    <div className="relative">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative">
        <Input
          id={inputId}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
          aria-describedby={none ? hintId : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={CONTACT_SEARCH_MAX}
          disabled={none !== null}
          placeholder={none ? none.text : placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            // Text edited is no longer the chosen contact.
            if (value) onValueChange('');
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          className="pr-9"
        />
        <ChevronDown className="pointer-events-none absolute top-3 right-3 h-4 w-4 text-slate-400" aria-hidden="true" />
      </div>
      <div
        className={cn('absolute z-20 mt-1 w-full rounded-md border border-slate-200 bg-white shadow-lg', !open && 'hidden')}
        data-testid="contact-picker-popup"
      >
        <ul id={listboxId} role="listbox" aria-label={label} hidden={!open || options.length === 0} className="max-h-64 overflow-y-auto py-1">
          {options.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === highlighted}
              // Keeps the focus in the input: the click chooses, the blur does not close first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseEnter={() => setActive(index)}
              className={cn('cursor-pointer truncate px-3 py-2 text-sm text-slate-900', index === highlighted && 'bg-indigo-50 text-indigo-900', option.value === value && 'font-medium')}
            >
              {option.label}
            </li>
          ))}
        </ul>
        {open ? popup() : null}
      </div>
      {none ? <FieldHint id={hintId}>{none.hint}</FieldHint> : null}
    </div>
  );
};
