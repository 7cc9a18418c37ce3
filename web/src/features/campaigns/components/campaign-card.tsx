import { Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatLiveDates } from '../../../../../shared/format/live-dates';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { Campaign } from '../api/campaign-types';
import { cardActions } from '../lib/card-actions';
import { createdLabel } from '../lib/created-label';
import { campaignText } from '../messages';
import { CampaignCardAction } from './campaign-card-action';

const text = messages.campaigns;

const Field = ({ label, value }: { label: string; value: string }) =>
  value ? (
    <div className="flex gap-2">
      <dt className="w-24 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 whitespace-pre-line wrap-anywhere text-slate-800">{value}</dd>
    </div>
  ) : null;

const StatusStrip = ({ status }: { status: Campaign['status'] }) => {
  if (status === 'pending') {
    return (
      <p role="status" className="rounded-t-lg bg-blue-50 px-5 py-1.5 text-xs font-medium text-blue-700">
        {text.creatingResources}
      </p>
    );
  }
  if (status === 'deleting') {
    return (
      <p role="status" className="rounded-t-lg bg-red-50 px-5 py-1.5 text-xs font-medium text-red-700">
        {text.deleting}
      </p>
    );
  }
  return null;
};

/** `onDelete` absent: no delete button (members may not delete campaigns). */
export const CampaignCard = ({ campaign, onDelete }: { campaign: Campaign; onDelete?: (campaign: Campaign) => void }) => {
  const deleting = campaign.status === 'deleting';
  return (
    <Card
      role="article"
      aria-label={campaign.campaign_name}
      data-testid="campaign-card"
      data-status={campaign.status}
      className={cn('flex flex-col', deleting && 'opacity-75')}
    >
      <StatusStrip status={campaign.status} />
      <div className="flex items-start justify-between gap-3 px-5 pt-4">
        <div className="min-w-0">
          <h3 className="truncate text-base font-semibold text-slate-900">
            {deleting ? (
              campaign.campaign_name
            ) : (
              <Link
                to={`/campaigns/${encodeURIComponent(campaign.campaign_id)}`}
                className="rounded hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {campaign.campaign_name}
              </Link>
            )}
          </h3>
          <p className="truncate font-mono text-xs text-slate-500">{campaign.campaign_id}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700">
            {campaignText.contactCount(campaign.contact_count ?? 0)}
          </span>
          {onDelete ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={campaignText.deleteLabel(campaign.campaign_name)}
              title={campaignText.deleteLabel(campaign.campaign_name)}
              disabled={deleting}
              onClick={() => onDelete(campaign)}
              className="text-slate-400 hover:bg-red-50 hover:text-red-600"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </div>
      <dl className="flex-1 space-y-1.5 px-5 py-3 text-sm">
        <Field label={campaignText.project} value={campaign.project_name} />
        <Field label={campaignText.liveDates} value={formatLiveDates(campaign.campaign_live_dates)} />
        <Field label={campaignText.deliverables} value={campaign.deliverables} />
      </dl>
      <div className="space-y-3 border-t border-slate-100 px-5 py-3">
        <p className="text-xs text-slate-500">{createdLabel(campaign.created_at)}</p>
        <div className="flex flex-wrap gap-2">
          {cardActions(campaign).map((action) => (
            <CampaignCardAction key={action.kind} action={action} />
          ))}
        </div>
      </div>
    </Card>
  );
};
