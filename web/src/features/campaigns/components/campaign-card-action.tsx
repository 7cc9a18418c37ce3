import { FileSpreadsheet, Folder, Users } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { CardAction, CardActionKind } from '../lib/card-actions';

const ICONS: Record<CardActionKind, typeof Folder> = { folder: Folder, influencers: Users, outreach: FileSpreadsheet };

const STYLE =
  'inline-flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700';

/** An enabled action is a link opening Drive in a new tab; a disabled one says why in its title. */
export const CampaignCardAction = ({ action }: { action: CardAction }) => {
  const Icon = ICONS[action.kind];
  if (action.href) {
    return (
      <a
        href={action.href}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(STYLE, 'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600')}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
        {action.label}
      </a>
    );
  }
  return (
    <button type="button" disabled title={action.disabledTitle} className={cn(STYLE, 'cursor-not-allowed opacity-50')}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      {action.label}
    </button>
  );
};
