import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FieldError, FieldHint, Input, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { useMembership } from '../../auth/api/use-membership';
import { mailboxesKeys } from '../../mailboxes/api/mailboxes-keys';
import { useSettingsSection } from '../api/get-settings-section';
import { useSaveSettingsFields } from '../api/update-settings-section';
import {
  checkIntervalFormSchema,
  checkIntervalFormValues,
  type CheckIntervalFormOutput,
  type CheckIntervalFormValues,
} from '../lib/settings-forms';
import { notifySaveFailed } from '../lib/save-failed';
import { settingsText as text } from '../messages';
import { SettingsSkeleton } from './settings-card';

const Stated = ({ minutes }: { minutes: number }) => (
  <p className="flex items-start gap-2 text-sm text-slate-800" data-testid="check-interval-stated">
    <Clock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
    <span>{text.intervalStated(minutes)}</span>
  </p>
);

const CheckIntervalForm = ({ saved }: { saved: number }) => {
  const client = useQueryClient();
  const save = useSaveSettingsFields('monitoring_config');
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CheckIntervalFormValues, unknown, CheckIntervalFormOutput>({
    resolver: zodResolver(checkIntervalFormSchema),
    defaultValues: checkIntervalFormValues({ check_interval_minutes: saved }),
    mode: 'onChange',
  });
  const error = errors.check_interval_minutes?.message;

  const onSubmit = handleSubmit(async ({ check_interval_minutes: minutes }) => {
    if (minutes === saved) return;
    try {
      await save.mutateAsync({ check_interval_minutes: minutes });
      // Each mailbox's "Checked every N minutes" comes with the mailbox list.
      void client.invalidateQueries({ queryKey: mailboxesKeys.all });
      notify({ type: 'success', title: text.savedTitle, message: text.intervalSaved(minutes) });
    } catch (failure) {
      notifySaveFailed(failure, text.saveSectionNames.monitoring_config);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={text.saveInterval} className="space-y-3">
      <Stated minutes={saved} />
      <fieldset disabled={isSubmitting} className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-auto">
          <Label htmlFor={id}>{text.intervalLabel}</Label>
          <Input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className="max-w-[8rem]"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
            {...register('check_interval_minutes')}
          />
        </div>
        <Button type="submit" variant="outline" loading={isSubmitting} disabled={!isDirty}>
          {text.saveInterval}
        </Button>
      </fieldset>
      <FieldError id={`${id}-error`} message={error} />
      <FieldHint id={`${id}-hint`}>{text.intervalHint}</FieldHint>
    </form>
  );
};

/**
 * Connected mailboxes: how often a mailbox without Gmail push is checked (monitoring_config
 * check_interval_minutes). Owners change it within the schema's bounds; members read it.
 */
export const CheckIntervalSetting = () => {
  const { data, isError } = useSettingsSection('monitoring_config');
  const { isOwner } = useMembership();
  if (!data) return isError ? null : <SettingsSkeleton rows={1} />;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-5" data-testid="check-interval">
      {isOwner ? (
        <CheckIntervalForm key={data.check_interval_minutes} saved={data.check_interval_minutes} />
      ) : (
        <>
          <Stated minutes={data.check_interval_minutes} />
          <p className="text-xs text-slate-500">{text.intervalOwnersOnly}</p>
        </>
      )}
    </div>
  );
};
