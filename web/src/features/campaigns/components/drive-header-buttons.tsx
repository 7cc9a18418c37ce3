import { ExternalLink, FolderOpen, Sheet } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { DriveHealth } from '../api/campaign-types';
import { driveFolderUrl, spreadsheetUrl } from '../../../lib/drive-links';
import { campaignText } from '../messages';

const STYLE =
  'inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700';

const ExternalButton = ({ href, icon, children }: { href: string | undefined; icon: ReactNode; children: ReactNode }) =>
  href ? (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(STYLE, 'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600')}
    >
      {icon}
      {children}
      <ExternalLink className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
    </a>
  ) : (
    <button type="button" disabled title={campaignText.driveUnavailable} className={cn(STYLE, 'cursor-not-allowed opacity-50')}>
      {icon}
      {children}
    </button>
  );

/** Links to the product's root folder and the campaigns tracker; disabled unless healthy with an id. */
export const driveHeaderLinks = (health: DriveHealth | undefined) => {
  if (!health?.healthy) return { folder: undefined, tracker: undefined };
  const { threadline_folder: folder, campaigns_tracker: tracker, drive_account: account } = health;
  return {
    folder: folder.id ? driveFolderUrl(folder.id, account) : undefined,
    tracker: tracker.id ? spreadsheetUrl(tracker.id, account) : undefined,
  };
};

export const DriveHeaderButtons = ({ health }: { health: DriveHealth | undefined }) => {
  const links = driveHeaderLinks(health);
  return (
    <>
      <ExternalButton href={links.folder} icon={<FolderOpen className="h-4 w-4" aria-hidden="true" />}>
        {campaignText.driveFolderButton}
      </ExternalButton>
      <ExternalButton href={links.tracker} icon={<Sheet className="h-4 w-4" aria-hidden="true" />}>
        {campaignText.trackerButton}
      </ExternalButton>
    </>
  );
};
