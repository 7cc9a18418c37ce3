import { RotateCcw, Save } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  CONVERSATION_STATUSES,
  TURNS,
  type ConversationJson,
  type CorrectableField,
} from '../../../../../shared/schemas/conversations';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { FieldError, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { useCorrectConversation } from '../api/correct-conversation';
import { STATUS_LABELS, TURN_LABELS } from '../lib/format';
import {
  correctionBody,
  correctionDefaults,
  correctionResolver,
  isCorrected,
  nothingToChangeMessage,
  resetBody,
  type CorrectionFormOutput,
  type CorrectionFormValues,
} from '../lib/timeline-corrections';
import { correctionText } from '../lib/timeline-text';
import { CorrectionDates } from './correction-dates';
import { CorrectionFees } from './correction-fees';

const STATUS_OPTIONS = CONVERSATION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const TURN_OPTIONS = TURNS.map((turn) => ({ value: turn, label: TURN_LABELS[turn] }));

const FIELD_NAMES: Readonly<Record<CorrectableField, string>> = {
  status: correctionText.status,
  whose_turn: correctionText.whoseTurn,
  dates: correctionText.dates,
  fees: correctionText.fees,
};

/** A titled part of the form, with "Reset to automatic" when a person set that field. */
const Part = ({ title, reset, children }: { title: string; reset?: ReactNode; children: ReactNode }) => {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="min-w-0 space-y-2">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <h4 id={titleId} className="text-sm font-semibold text-slate-900">
          {title}
        </h4>
        {reset}
      </div>
      {children}
    </div>
  );
};

/**
 * A person's corrections of one conversation, validated with the shared patch schema. Only the
 * changed fields are sent; "Reset to automatic" hands one field back to the model at once.
 */
export const CorrectionForm = ({ conversation, onDone }: { conversation: ConversationJson; onDone: () => void }) => {
  const correct = useCorrectConversation();
  const [resetting, setResetting] = useState<CorrectableField | null>(null);
  const ids = { status: useId(), turn: useId() };
  const form = useForm<CorrectionFormValues, unknown, CorrectionFormOutput>({
    resolver: correctionResolver,
    defaultValues: correctionDefaults(conversation),
  });
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = form;
  const busy = isSubmitting || resetting !== null;

  const fail = (error: unknown) => {
    const message = errorMessage(error, correctionText.failed);
    setError('root.server', { message });
    notify({ type: 'error', title: correctionText.failedTitle, message });
  };

  const onSubmit = handleSubmit(async (values) => {
    clearErrors('root');
    const body = correctionBody(values, conversation);
    if (Object.keys(body).length === 0) {
      setError('root.server', { message: nothingToChangeMessage() });
      return;
    }
    try {
      await correct.mutateAsync({ id: conversation.id, body });
      notify({ type: 'success', title: correctionText.savedTitle, message: correctionText.saved(conversation.talent_name || conversation.contact_email || '', conversation.campaign_name) });
      onDone();
    } catch (error) {
      fail(error);
    }
  });

  const onReset = async (field: CorrectableField) => {
    clearErrors('root');
    setResetting(field);
    try {
      await correct.mutateAsync({ id: conversation.id, body: resetBody(field) });
      notify({ type: 'success', title: correctionText.resetTitle, message: correctionText.reset(FIELD_NAMES[field]) });
      onDone();
    } catch (error) {
      fail(error);
    } finally {
      setResetting(null);
    }
  };

  const resetButton = (field: CorrectableField) =>
    isCorrected(conversation, field) ? (
      <Button
        variant="ghost"
        size="sm"
        loading={resetting === field}
        disabled={busy}
        aria-label={correctionText.resetLabel(FIELD_NAMES[field])}
        onClick={() => void onReset(field)}
      >
        {resetting === field ? null : <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />}
        {correctionText.resetToAutomatic}
      </Button>
    ) : undefined;

  const rootError = errors.root?.server?.message ?? errors.root?.message;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={correctionText.title} className="space-y-5" data-testid="correction-form">
      <p className="text-sm text-slate-500">{correctionText.hint}</p>
      {rootError ? <Banner variant="error">{rootError}</Banner> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Part title={correctionText.status} reset={resetButton('status')}>
          <Label htmlFor={ids.status} className="sr-only">
            {correctionText.status}
          </Label>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select
                id={ids.status}
                aria-invalid={errors.status ? true : undefined}
                aria-describedby={errors.status ? `${ids.status}-error` : undefined}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                options={STATUS_OPTIONS}
                disabled={busy}
              />
            )}
          />
          <FieldError id={`${ids.status}-error`} message={errors.status?.message} />
        </Part>
        <Part title={correctionText.whoseTurn} reset={resetButton('whose_turn')}>
          <Label htmlFor={ids.turn} className="sr-only">
            {correctionText.whoseTurn}
          </Label>
          <Controller
            control={control}
            name="whose_turn"
            render={({ field }) => (
              <Select
                id={ids.turn}
                aria-invalid={errors.whose_turn ? true : undefined}
                aria-describedby={errors.whose_turn ? `${ids.turn}-error` : undefined}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                options={TURN_OPTIONS}
                placeholder={correctionText.turnPlaceholder}
                // The shared select greys its placeholder below AA contrast; "Nobody yet" is a reading, not a hint.
                className={field.value ? undefined : 'text-slate-600'}
                disabled={busy}
              />
            )}
          />
          <FieldError id={`${ids.turn}-error`} message={errors.whose_turn?.message} />
        </Part>
      </div>
      <Part title={correctionText.dates} reset={resetButton('dates')}>
        <CorrectionDates form={form} />
      </Part>
      <Part title={correctionText.fees} reset={resetButton('fees')}>
        <CorrectionFees form={form} />
      </Part>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {correctionText.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={busy}>
          {isSubmitting ? null : <Save className="h-4 w-4" aria-hidden="true" />}
          {isSubmitting ? correctionText.saving : correctionText.save}
        </Button>
      </div>
    </form>
  );
};
