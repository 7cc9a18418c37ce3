import { Link } from 'react-router-dom';
import { talentHref } from '../../conversations/components/board-cells';

/** A talent named in a report table, linking to their timeline in this campaign (black on paper). */
export const ReportTalentLink = ({ email, name, campaignId }: { email: string; name: string | null | undefined; campaignId: string }) => (
  <Link to={talentHref({ contact_email: email, campaign_id: campaignId }) ?? ''} className="font-medium text-indigo-700 hover:underline print:text-slate-900">
    {name || email}
  </Link>
);
