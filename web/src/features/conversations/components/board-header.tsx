import { ArrowLeft, ExternalLink, FileSpreadsheet, FolderOpen, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatLiveDates } from '../../../../../shared/format/live-dates';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import type { Campaign } from '../../campaigns/api/campaign-types';
import { driveFolderUrl, spreadsheetUrl } from '../../../lib/drive-links';
import { boardText } from '../lib/board-messages';

const LINK_STYLE = 'inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium';

const DriveLink = ({ href, icon, children }: { href: string | null; icon: ReactNode; children: ReactNode }) =>
  href ? (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(LINK_STYLE, 'text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600')}
    >
      {icon}
      {children}
      <ExternalLink className="h-3.5 w-3.5 text-slate-600" aria-hidden="true" />
      <span className="sr-only">{boardText.opensInNewTab}</span>
    </a>
  ) : (
    <span aria-disabled="true" title={boardText.driveMissing} className={cn(LINK_STYLE, 'cursor-not-allowed text-slate-600')}>
      {icon}
      {children}
    </span>
  );

/** The Drive links of a campaign, present once its resources exist. */
export const campaignDriveLinks = (campaign: Campaign) => {
  const ready = campaign.status !== 'pending' && campaign.status !== 'deleting';
  const account = campaign.drive_account;
  return {
    folder: ready && campaign.campaign_folder_id ? driveFolderUrl(campaign.campaign_folder_id, account) : null,
    influencers: ready && campaign.influencer_list_sheet_id ? spreadsheetUrl(campaign.influencer_list_sheet_id, account) : null,
    outreach: ready && campaign.outreach_tracker_sheet_id ? spreadsheetUrl(campaign.outreach_tracker_sheet_id, account) : null,
  };
};

export const BackToCampaigns = () => (
  <Link
    to="/campaigns"
    className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
  >
    <ArrowLeft className="h-4 w-4" aria-hidden="true" />
    {boardText.backToCampaigns}
  </Link>
);

export const BoardHeaderSkeleton = () => (
  <div aria-hidden="true" className="mb-6 space-y-3">
    <Skeleton className="h-4 w-24" />
    <Skeleton className="h-8 w-72 max-w-full" />
    <Skeleton className="h-4 w-96 max-w-full" />
  </div>
);

export const BoardHeader = ({ campaign }: { campaign: Campaign }) => {
  const links = campaignDriveLinks(campaign);
  const live = formatLiveDates(campaign.campaign_live_dates);
  return (
    <header className="mb-6 space-y-3">
      <BackToCampaigns />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{campaign.campaign_name}</h1>
          <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1.5">
              <dt className="text-slate-600">{boardText.client}</dt>
              <dd className="text-slate-800">{campaign.client_name}</dd>
            </div>
            {live ? (
              <div className="flex gap-1.5">
                <dt className="text-slate-600">{boardText.liveDates}</dt>
                <dd className="text-slate-800">{live}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <nav aria-label="Drive" className="flex flex-wrap gap-2">
          <DriveLink href={links.folder} icon={<FolderOpen className="h-4 w-4" aria-hidden="true" />}>
            {boardText.driveFolder}
          </DriveLink>
          <DriveLink href={links.influencers} icon={<Users className="h-4 w-4" aria-hidden="true" />}>
            {boardText.influencerList}
          </DriveLink>
          <DriveLink href={links.outreach} icon={<FileSpreadsheet className="h-4 w-4" aria-hidden="true" />}>
            {boardText.outreachTracker}
          </DriveLink>
        </nav>
      </div>
    </header>
  );
};
