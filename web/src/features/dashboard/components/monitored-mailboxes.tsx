import { Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { dashboardText as text } from '../messages';

/**
 * What the monitoring reads: "3 mailboxes connected", or where to connect one when none is
 * (nothing is read until someone does).
 */
export const MonitoredMailboxes = ({ count }: { count: number }) => (
  <p className="mt-3 flex items-start gap-2 text-sm text-slate-700" data-testid="monitoring-mailboxes">
    <Mail className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
    {count > 0 ? (
      <span>{text.mailboxesConnected(count)}</span>
    ) : (
      <span>
        {text.noMailbox.before}
        <Link to="/settings#connected-mailboxes" className="font-medium text-indigo-700 underline underline-offset-2 hover:no-underline">
          {text.noMailbox.link}
        </Link>
      </span>
    )}
  </p>
);
