import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { DATE_KINDS } from '../../../../../shared/schemas/conversations';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { DATE_KIND_LABELS } from '../lib/format';
import { newDateRow, type CorrectionFormOutput, type CorrectionFormValues } from '../lib/timeline-corrections';
import { correctionText } from '../lib/timeline-text';

const KIND_OPTIONS = DATE_KINDS.map((kind) => ({ value: kind, label: DATE_KIND_LABELS[kind] }));

const invalid = (id: string, message: string | undefined) => ({
  id,
  'aria-invalid': message ? true : undefined,
  'aria-describedby': message ? `${id}-error` : undefined,
});

/** The key-date rows of the correction form: edit, remove, add. */
export const CorrectionDates = ({ form }: { form: UseFormReturn<CorrectionFormValues, unknown, CorrectionFormOutput> }) => {
  const base = useId();
  const { control, register, formState } = form;
  const rows = useFieldArray({ control, name: 'dates' });
  const errors = formState.errors.dates;

  return (
    <div className="space-y-3">
      {rows.fields.length === 0 ? <p className="text-sm text-slate-500">{correctionText.noDates}</p> : null}
      <ul className="space-y-3">
        {rows.fields.map((row, index) => {
          const ids = { date: `${base}-date-${index}`, kind: `${base}-kind-${index}`, quote: `${base}-quote-${index}` };
          const rowErrors = errors?.[index];
          return (
            <li key={row.id} data-testid="correction-date-row" className="grid grid-cols-1 gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_9rem_minmax(0,1fr)_auto] sm:items-start">
              <div>
                <Label htmlFor={ids.date}>{correctionText.date}</Label>
                <Input type="date" {...invalid(ids.date, rowErrors?.date?.message)} {...register(`dates.${index}.date`)} />
                <FieldError id={`${ids.date}-error`} message={rowErrors?.date?.message} />
              </div>
              <div>
                <Label htmlFor={ids.kind}>{correctionText.kind}</Label>
                <Controller
                  control={control}
                  name={`dates.${index}.kind`}
                  render={({ field }) => (
                    <Select
                      {...invalid(ids.kind, rowErrors?.kind?.message)}
                      value={field.value}
                      onValueChange={field.onChange}
                      onBlur={field.onBlur}
                      options={KIND_OPTIONS}
                    />
                  )}
                />
                <FieldError id={`${ids.kind}-error`} message={rowErrors?.kind?.message} />
              </div>
              <div className="min-w-0">
                <Label htmlFor={ids.quote}>{correctionText.quote}</Label>
                <Input {...invalid(ids.quote, rowErrors?.quote?.message)} {...register(`dates.${index}.quote`)} />
                <FieldError id={`${ids.quote}-error`} message={rowErrors?.quote?.message} />
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="text-slate-500 hover:bg-red-50 hover:text-red-600 sm:mt-6"
                aria-label={correctionText.removeDate(index)}
                title={correctionText.removeDate(index)}
                onClick={() => rows.remove(index)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      <FieldError message={errors?.root?.message ?? errors?.message} />
      <Button variant="outline" size="sm" onClick={() => rows.append(newDateRow())}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {correctionText.addDate}
      </Button>
    </div>
  );
};
