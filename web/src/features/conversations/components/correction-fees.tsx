import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { FEE_STATES, FEE_UNITS } from '../../../../../shared/schemas/conversations';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { FEE_STATE_LABELS, FEE_UNIT_LABELS } from '../lib/format';
import { newFeeRow, optionToVat, vatToOption, type CorrectionFormOutput, type CorrectionFormValues } from '../lib/timeline-corrections';
import { correctionText } from '../lib/timeline-text';

const UNIT_OPTIONS = FEE_UNITS.map((unit) => ({ value: unit, label: FEE_UNIT_LABELS[unit] }));
const STATE_OPTIONS = FEE_STATES.map((state) => ({ value: state, label: FEE_STATE_LABELS[state] }));
const VAT_OPTIONS = (['unknown', 'included', 'excluded'] as const).map((value) => ({ value, label: correctionText.vatOptions[value] }));

const invalid = (id: string, message: string | undefined) => ({
  id,
  'aria-invalid': message ? true : undefined,
  'aria-describedby': message ? `${id}-error` : undefined,
});

/** The fee rows of the correction form: amount, currency, unit, VAT, state and an optional quote. */
export const CorrectionFees = ({ form }: { form: UseFormReturn<CorrectionFormValues, unknown, CorrectionFormOutput> }) => {
  const base = useId();
  const { control, register, formState } = form;
  const rows = useFieldArray({ control, name: 'fees' });
  const errors = formState.errors.fees;

  return (
    <div className="space-y-3">
      {rows.fields.length === 0 ? <p className="text-sm text-slate-500">{correctionText.noFees}</p> : null}
      <ul className="space-y-3">
        {rows.fields.map((row, index) => {
          const ids = {
            amount: `${base}-amount-${index}`,
            currency: `${base}-currency-${index}`,
            unit: `${base}-unit-${index}`,
            vat: `${base}-vat-${index}`,
            state: `${base}-state-${index}`,
            quote: `${base}-quote-${index}`,
          };
          const rowErrors = errors?.[index];
          return (
            <li key={row.id} data-testid="correction-fee-row" className="rounded-md border border-slate-200 p-3">
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:items-start xl:grid-cols-[8rem_6rem_9rem_9rem_9rem_auto]">
                <div>
                  <Label htmlFor={ids.amount}>{correctionText.amount}</Label>
                  <Input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    {...invalid(ids.amount, rowErrors?.amount?.message)}
                    {...register(`fees.${index}.amount`, { valueAsNumber: true })}
                  />
                  <FieldError id={`${ids.amount}-error`} message={rowErrors?.amount?.message} />
                </div>
                <div>
                  <Label htmlFor={ids.currency}>{correctionText.currency}</Label>
                  <Input
                    maxLength={3}
                    autoComplete="off"
                    className="uppercase"
                    {...invalid(ids.currency, rowErrors?.currency?.message)}
                    {...register(`fees.${index}.currency`)}
                  />
                  <FieldError id={`${ids.currency}-error`} message={rowErrors?.currency?.message} />
                </div>
                <div>
                  <Label htmlFor={ids.unit}>{correctionText.unit}</Label>
                  <Controller
                    control={control}
                    name={`fees.${index}.unit`}
                    render={({ field }) => (
                      <Select {...invalid(ids.unit, rowErrors?.unit?.message)} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} options={UNIT_OPTIONS} />
                    )}
                  />
                  <FieldError id={`${ids.unit}-error`} message={rowErrors?.unit?.message} />
                </div>
                <div>
                  <Label htmlFor={ids.vat}>{correctionText.vat}</Label>
                  <Controller
                    control={control}
                    name={`fees.${index}.vat_included`}
                    render={({ field }) => (
                      <Select
                        id={ids.vat}
                        value={vatToOption(field.value)}
                        onValueChange={(value) => field.onChange(optionToVat(value))}
                        onBlur={field.onBlur}
                        options={VAT_OPTIONS}
                      />
                    )}
                  />
                </div>
                <div>
                  <Label htmlFor={ids.state}>{correctionText.state}</Label>
                  <Controller
                    control={control}
                    name={`fees.${index}.state`}
                    render={({ field }) => (
                      <Select {...invalid(ids.state, rowErrors?.state?.message)} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} options={STATE_OPTIONS} />
                    )}
                  />
                  <FieldError id={`${ids.state}-error`} message={rowErrors?.state?.message} />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="justify-self-end self-end text-slate-500 hover:bg-red-50 hover:text-red-600"
                  aria-label={correctionText.removeFee(index)}
                  title={correctionText.removeFee(index)}
                  onClick={() => rows.remove(index)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
              <div className="mt-2">
                <Label htmlFor={ids.quote}>{correctionText.quote}</Label>
                <Input {...invalid(ids.quote, rowErrors?.quote?.message)} {...register(`fees.${index}.quote`)} />
                <FieldError id={`${ids.quote}-error`} message={rowErrors?.quote?.message} />
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError message={errors?.root?.message ?? errors?.message} />
      <Button variant="outline" size="sm" onClick={() => rows.append(newFeeRow())}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {correctionText.addFee}
      </Button>
    </div>
  );
};
