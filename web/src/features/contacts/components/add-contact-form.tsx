import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { Select, type SelectOption } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { useAddContact } from '../api/add-contact';
import {
  EMPTY_ADD_CONTACT,
  addContactSchema,
  toAddContactInput,
  type AddContactForm as FormValues,
  type AddContactValues,
} from '../lib/add-contact-schema';
import { useTimedError } from '../lib/use-timed-error';
import { contactText } from '../messages';

const text = messages.contacts;
const labels = text.addIndividual;

export const AddContactForm = ({ campaignOptions }: { campaignOptions: readonly SelectOption[] }) => {
  const addContact = useAddContact();
  const banner = useTimedError();
  const ids = { campaign: useId(), email: useId(), talent: useId(), manager: useId(), handle: useId() };
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, AddContactValues>({ resolver: zodResolver(addContactSchema), defaultValues: EMPTY_ADD_CONTACT });

  const onSubmit = handleSubmit(async (values) => {
    const input = toAddContactInput(values);
    banner.dismiss();
    try {
      const result = await addContact.mutateAsync(input);
      notify({ type: 'success', title: contactText.addedTitle, message: result.message || contactText.added(input.talent_name || input.email) });
      // Keep the campaign: several contacts usually go into the same one.
      reset({ ...EMPTY_ADD_CONTACT, campaign_id: getValues('campaign_id') });
    } catch (error) {
      const message = errorMessage(error, messages.fallback.addContact);
      banner.show(message);
      notify({ type: 'error', title: text.addFailedTitle, message });
    }
  });

  const fieldProps = (id: string, error: unknown) => ({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{labels.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label={labels.title} className="space-y-4">
          {banner.error ? (
            <Banner variant="error" onDismiss={banner.dismiss}>
              {banner.error}
            </Banner>
          ) : null}
          <fieldset disabled={isSubmitting} className="space-y-4">
            <div>
              <Label htmlFor={ids.campaign}>{labels.campaign}</Label>
              <Controller
                control={control}
                name="campaign_id"
                render={({ field }) => (
                  <Select
                    {...fieldProps(ids.campaign, errors.campaign_id)}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    options={campaignOptions}
                    placeholder={contactText.campaignPlaceholder}
                  />
                )}
              />
              <FieldError id={`${ids.campaign}-error`} message={errors.campaign_id?.message} />
            </div>
            <div>
              <Label htmlFor={ids.email}>{labels.email}</Label>
              <Input type="email" placeholder={contactText.emailPlaceholder} {...fieldProps(ids.email, errors.email)} {...register('email')} />
              <FieldError id={`${ids.email}-error`} message={errors.email?.message} />
            </div>
            <div>
              <Label htmlFor={ids.talent}>{labels.talentName}</Label>
              <Input placeholder={contactText.talentPlaceholder} {...fieldProps(ids.talent, errors.talent_name)} {...register('talent_name')} />
              <FieldError id={`${ids.talent}-error`} message={errors.talent_name?.message} />
            </div>
            <div>
              <Label htmlFor={ids.manager}>{labels.manager}</Label>
              <Input placeholder={contactText.managerPlaceholder} {...fieldProps(ids.manager, errors.email_owner)} {...register('email_owner')} />
              <FieldError id={`${ids.manager}-error`} message={errors.email_owner?.message} />
            </div>
            <div>
              <Label htmlFor={ids.handle}>{contactText.handleLabel}</Label>
              <Input placeholder={contactText.handlePlaceholder} autoComplete="off" {...fieldProps(ids.handle, errors.handle)} {...register('handle')} />
              <FieldError id={`${ids.handle}-error`} message={errors.handle?.message} />
            </div>
            <Button type="submit" loading={isSubmitting} className="w-full">
              {isSubmitting ? null : <UserPlus className="h-4 w-4" aria-hidden="true" />}
              {isSubmitting ? labels.submitting : labels.submit}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
};
