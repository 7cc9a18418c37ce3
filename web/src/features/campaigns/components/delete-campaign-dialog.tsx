import { TriangleAlert } from 'lucide-react';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { Campaign } from '../api/campaign-types';
import { campaignText } from '../messages';

const text = messages.campaigns.deleteDialog;

export type DeleteCampaignDialogProps = {
  campaign: Campaign | null;
  onCancel: () => void;
  onConfirm: (campaign: Campaign) => void;
};

export const DeleteCampaignDialog = ({ campaign, onCancel, onConfirm }: DeleteCampaignDialogProps) => (
  <Dialog
    open={campaign !== null}
    role="alertdialog"
    onOpenChange={(next) => {
      if (!next) onCancel();
    }}
    title={text.title}
    hideClose
    footer={
      <>
        <Button variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button variant="danger" onClick={() => campaign && onConfirm(campaign)}>
          {text.confirm}
        </Button>
      </>
    }
  >
    {campaign ? (
      <div className="space-y-4 text-sm">
        <p className="flex items-center gap-2 rounded-md bg-red-50 px-3 py-2 font-medium text-red-700">
          <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
          {text.warning}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-500">{campaignText.deleteNameLabel}</dt>
          <dd className="font-medium text-slate-900">{campaign.campaign_name}</dd>
          <dt className="text-slate-500">{campaignText.deleteIdLabel}</dt>
          <dd className="font-mono text-slate-900">{campaign.campaign_id}</dd>
        </dl>
        <div>
          <p className="font-medium text-slate-900">{campaignText.deleteRemovesHeading}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-600">
            {text.removes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </div>
    ) : null}
  </Dialog>
);
