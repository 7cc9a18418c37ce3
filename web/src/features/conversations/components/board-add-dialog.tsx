import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod';
import { messages } from '../../../../../shared/messages';
import { addContactBody } from '../../../../../shared/schemas/campaigns';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { useCampaigns } from '../../campaigns/api/list-campaigns';
import { addToCampaign, countOutcomes, useInvalidateAfterBulk, type BulkTarget, type RowOutcome } from '../lib/board-bulk';
import { boardText } from '../lib/board-messages';

/** The one field, read by the same rule as the add-contact request's campaign. */
const addToCampaignSchema = z.object({ campaign_id: addContactBody.shape.campaign_id });
type AddToCampaignForm = z.input<typeof addToCampaignSchema>;
type AddToCampaignValues = z.output<typeof addToCampaignSchema>;

const RESULT_STYLE: Record<RowOutcome['result'], string> = {
  done: 'text-emerald-700',
  duplicate: 'text-amber-700',
  failed: 'text-red-700',
};

const resultText = (outcome: RowOutcome) =>
  outcome.result === 'done' ? boardText.addResultAdded : outcome.result === 'duplicate' ? boardText.addResultDuplicate : outcome.message || messages.fallback.addContact;

export type BoardAddDialogProps = {
  open: boolean;
  onClose: () => void;
  targets: readonly BulkTarget[];
  currentCampaignId: string;
  onAdded?: () => void;
};

/** Adds the selected talents to another campaign and says, row by row, how it went. */
export const BoardAddDialog = ({ open, onClose, targets, currentCampaignId, onAdded }: BoardAddDialogProps) => {
  const campaigns = useCampaigns();
  const invalidate = useInvalidateAfterBulk();
  const fieldId = useId();
  const errorId = useId();
  const [outcomes, setOutcomes] = useState<RowOutcome[] | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddToCampaignForm, unknown, AddToCampaignValues>({ resolver: zodResolver(addToCampaignSchema), defaultValues: { campaign_id: '' } });

  const options = (campaigns.data?.campaigns ?? [])
    .filter((campaign) => campaign.campaign_id !== currentCampaignId && campaign.status !== 'deleting')
    .map((campaign) => ({ value: campaign.campaign_id, label: `${campaign.campaign_id} - ${campaign.campaign_name}` }));

  const close = () => {
    setOutcomes(null);
    reset({ campaign_id: '' });
    onClose();
  };

  const onSubmit = handleSubmit(async ({ campaign_id: campaignId }) => {
    const result = await addToCampaign(targets, campaignId);
    setOutcomes(result);
    await invalidate();
    const { done, duplicates, failed } = countOutcomes(result);
    if (done + duplicates > 0) notify({ type: 'success', title: boardText.addedTitle, message: boardText.added(done, duplicates) });
    if (failed.length > 0) notify({ type: 'error', title: messages.contacts.addFailedTitle, message: boardText.partialFailure(failed.length, failed[0]!.message || messages.fallback.addContact) });
    onAdded?.();
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !isSubmitting) close();
      }}
      title={boardText.addDialogTitle}
      description={boardText.addDialogDescription(targets.length)}
      footer={
        outcomes ? (
          <Button onClick={close}>{boardText.addDone}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={close} disabled={isSubmitting}>
              {boardText.addCancel}
            </Button>
            <Button type="submit" form={fieldId + '-form'} loading={isSubmitting}>
              {isSubmitting ? boardText.adding : boardText.addSubmit}
            </Button>
          </>
        )
      }
    >
      {outcomes ? (
        <div>
          <h3 className="text-sm font-medium text-slate-900">{boardText.addResults}</h3>
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm" data-testid="add-results">
            {outcomes.map((outcome) => (
              <li key={outcome.target.id} className="flex flex-wrap justify-between gap-x-3">
                <span className="min-w-0 truncate text-slate-800">{outcome.target.name}</span>
                <span className={cn('font-medium', RESULT_STYLE[outcome.result])}>{resultText(outcome)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <form id={fieldId + '-form'} onSubmit={onSubmit} noValidate>
          <Label htmlFor={fieldId}>{boardText.addCampaignLabel}</Label>
          <Controller
            control={control}
            name="campaign_id"
            render={({ field }) => (
              <Select
                id={fieldId}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                options={options}
                placeholder={boardText.addCampaignPlaceholder}
                emptyText={campaigns.isPending ? boardText.addCampaignPlaceholder : boardText.addNoCampaigns}
                aria-invalid={errors.campaign_id ? true : undefined}
                aria-describedby={errors.campaign_id ? errorId : undefined}
              />
            )}
          />
          <FieldError id={errorId} message={errors.campaign_id?.message} />
        </form>
      )}
    </Dialog>
  );
};
