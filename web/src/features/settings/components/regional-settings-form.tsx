import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FieldError, FieldHint, Input, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { Select, type SelectOption } from '../../../components/ui/select';
import { useSettingsSection } from '../api/get-settings-section';
import { useSaveSettingsFields } from '../api/update-settings-section';
import {
  changedFields,
  currencyOptions,
  localeOptions,
  regionalFormSchema,
  regionalFormValues,
  type RegionalFormOutput,
  type RegionalFormValues,
  type RegionalSettings,
} from '../lib/settings-forms';
import { notifySaveFailed } from '../lib/save-failed';
import { settingsText as text } from '../messages';
import { SettingsSkeleton } from './settings-card';

/** aria wiring of a field with a hint sentence and, when invalid, its message. */
const described = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error ${id}-hint` : `${id}-hint`,
});
type Described = ReturnType<typeof described>;

/** A field of the form: its label, the control, the broken rule's message, and what the setting changes. */
const Field = ({ id, label, hint, error, control }: { id: string; label: string; hint: string; error: string | undefined; control: (aria: Described) => ReactNode }) => (
  <div className="max-w-md">
    <Label htmlFor={id}>{label}</Label>
    {control(described(id, error))}
    <FieldError id={`${id}-error`} message={error} />
    <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
  </div>
);

const RegionalSettingsForm = ({ saved }: { saved: RegionalSettings }) => {
  const save = useSaveSettingsFields('processing_limits');
  const ids = { heading: useId(), followUp: useId(), locale: useId(), currency: useId() };
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<RegionalFormValues, unknown, RegionalFormOutput>({
    resolver: zodResolver(regionalFormSchema),
    defaultValues: regionalFormValues(saved),
    mode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    const changes = changedFields(values, saved);
    if (Object.keys(changes).length === 0) return;
    try {
      await save.mutateAsync(changes);
      notify({ type: 'success', title: text.savedTitle, message: text.regionalSavedMessage });
    } catch (error) {
      notifySaveFailed(error, text.saveSectionNames.processing_limits_regional);
    }
  });

  const choices = [
    { name: 'agency_locale', id: ids.locale, label: text.localeLabel, hint: text.localeHint, options: localeOptions(saved.agency_locale) },
    { name: 'default_currency', id: ids.currency, label: text.currencyLabel, hint: text.currencyHint, options: currencyOptions(saved.default_currency) },
  ] as const;
  const select = (name: (typeof choices)[number]['name'], options: SelectOption[]) => (aria: Described) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Select {...aria} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} options={options} />}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={ids.heading} className="space-y-5 border-t border-slate-100 pt-5" data-testid="regional-settings">
      <h3 id={ids.heading} className="text-sm font-semibold text-slate-900">
        {text.regionalHeading}
      </h3>
      <fieldset disabled={isSubmitting} className="space-y-5">
        <Field
          id={ids.followUp}
          label={text.followUpLabel}
          hint={text.followUpHint}
          error={errors.follow_up_after_days?.message}
          control={(aria) => <Input type="text" inputMode="numeric" autoComplete="off" className="max-w-[8rem]" {...aria} {...register('follow_up_after_days')} />}
        />
        {choices.map((choice) => (
          <Field
            key={choice.name}
            id={choice.id}
            label={choice.label}
            hint={choice.hint}
            error={errors[choice.name]?.message}
            control={select(choice.name, choice.options)}
          />
        ))}
        <Button type="submit" loading={isSubmitting} disabled={!isDirty} className="w-full sm:w-auto">
          {text.saveRegional}
        </Button>
      </fieldset>
    </form>
  );
};

/**
 * Follow-up delay, agency locale and default currency (processing_limits): a form with its own
 * Save, validated by the server's rules. It restarts from what is stored whenever that changes
 * (a save, Restore Defaults).
 */
export const RegionalSettingsFields = () => {
  const { data, isError } = useSettingsSection('processing_limits');
  if (!data) return isError ? null : <SettingsSkeleton rows={3} />;
  const saved: RegionalSettings = {
    follow_up_after_days: data.follow_up_after_days,
    agency_locale: data.agency_locale,
    default_currency: data.default_currency,
  };
  return <RegionalSettingsForm key={JSON.stringify(saved)} saved={saved} />;
};
