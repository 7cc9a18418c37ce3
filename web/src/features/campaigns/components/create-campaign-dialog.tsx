import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { DateRangePicker } from '../../../components/ui/date-range-picker';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, FieldHint, Input, Label, Textarea } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useCreateCampaign } from '../api/create-campaign';
import { campaignText } from '../messages';
import {
  EMPTY_CAMPAIGN_FORM,
  createCampaignSchema,
  toCreateCampaignInput,
  type CreateCampaignForm,
  type CreateCampaignValues,
} from '../lib/create-campaign-schema';

const text = messages.campaigns;
const labels = text.createDialog;

const Field = ({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) => (
  <div>
    <Label htmlFor={id}>{label}</Label>
    {children}
    {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
    <FieldError id={`${id}-error`} message={error} />
  </div>
);

/** A field's error state for assistive tech: invalid, and described by its hint and error. */
const fieldState = (id: string, error: unknown, hint = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
});

export const CreateCampaignDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const createCampaign = useCreateCampaign();
  const confirm = useConfirm();
  const formId = useId();
  const ids = {
    client: useId(),
    project: useId(),
    name: useId(),
    campaignId: useId(),
    deliverables: useId(),
    liveDates: useId(),
    details: useId(),
    clientDomain: useId(),
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CreateCampaignForm, unknown, CreateCampaignValues>({
    resolver: zodResolver(createCampaignSchema),
    defaultValues: EMPTY_CAMPAIGN_FORM,
  });

  const close = () => {
    reset(EMPTY_CAMPAIGN_FORM);
    onClose();
  };

  /** Escape, backdrop, the close button and Cancel all come here: unsaved edits need a confirmation. */
  const requestClose = async () => {
    if (isSubmitting) return;
    if (isDirty) {
      const discard = await confirm({
        title: text.unsaved.title,
        message: text.unsaved.message,
        confirmText: text.unsaved.discard,
        cancelText: text.unsaved.keepEditing,
        variant: 'danger',
      });
      if (!discard) return;
    }
    close();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await createCampaign.mutateAsync(toCreateCampaignInput(values));
      notify({
        type: 'success',
        title: text.createdTitle,
        message: text.createdMessage(result.campaign?.campaign_name || values.campaign_name),
      });
      close();
    } catch (error) {
      notify({ type: 'error', title: text.creationFailedTitle, message: errorMessage(error, messages.fallback.createCampaign) });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) void requestClose();
      }}
      title={labels.title}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="outline" onClick={() => void requestClose()} disabled={isSubmitting}>
            {labels.cancel}
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            {isSubmitting ? labels.submitting : labels.submit}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
          <Field id={ids.client} label={labels.clientName} error={errors.client_name?.message}>
            <Input
              id={ids.client}
              aria-required="true"
              {...fieldState(ids.client, errors.client_name)}
              {...register('client_name')}
            />
          </Field>
          <Field id={ids.project} label={labels.projectName} error={errors.project_name?.message}>
            <Input
              id={ids.project}
              {...fieldState(ids.project, errors.project_name)}
              {...register('project_name')}
            />
          </Field>
          <Field id={ids.name} label={labels.campaignName} error={errors.campaign_name?.message}>
            <Input
              id={ids.name}
              aria-required="true"
              {...fieldState(ids.name, errors.campaign_name)}
              {...register('campaign_name')}
            />
          </Field>
          <Field id={ids.campaignId} label={labels.campaignId} hint={labels.campaignIdHint} error={errors.campaign_id?.message}>
            <Input
              id={ids.campaignId}
              aria-required="true"
              {...fieldState(ids.campaignId, errors.campaign_id, true)}
              autoComplete="off"
              {...register('campaign_id')}
            />
          </Field>
          <div className="sm:col-span-2">
            <Field id={ids.deliverables} label={labels.deliverables} error={errors.deliverables?.message}>
              <Textarea
                id={ids.deliverables}
                rows={3}
                {...fieldState(ids.deliverables, errors.deliverables)}
                {...register('deliverables')}
              />
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field id={ids.liveDates} label={labels.liveDates}>
              <Controller
                control={control}
                name="live_dates"
                render={({ field }) => (
                  <DateRangePicker id={ids.liveDates} value={field.value} onChange={field.onChange} disabled={isSubmitting} allowFuture />
                )}
              />
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field id={ids.details} label={labels.additionalDetails} error={errors.additional_details?.message}>
              <Textarea
                id={ids.details}
                rows={3}
                {...fieldState(ids.details, errors.additional_details)}
                {...register('additional_details')}
              />
            </Field>
          </div>
          <Field id={ids.clientDomain} label={campaignText.clientDomain} hint={campaignText.clientDomainHint} error={errors.client_domain?.message}>
            <Input
              id={ids.clientDomain}
              inputMode="url"
              autoComplete="off"
              placeholder="glowskin.com"
              {...fieldState(ids.clientDomain, errors.client_domain, true)}
              {...register('client_domain')}
            />
          </Field>
        </fieldset>
      </form>
    </Dialog>
  );
};
