import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { boardHref, reportText } from '../lib/report-text';

/** A figure that opens the campaign board filtered to the rows behind it. */
export const FigureLink = ({ campaignId, boardQuery, label, children }: { campaignId: string; boardQuery: string; label: string; children: ReactNode }) => (
  <Link
    to={boardHref(campaignId, boardQuery)}
    title={reportText.viewRows(label)}
    className="rounded font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 print:text-slate-900 print:no-underline"
  >
    {children}
    <span className="sr-only"> ({reportText.viewRows(label)})</span>
  </Link>
);
