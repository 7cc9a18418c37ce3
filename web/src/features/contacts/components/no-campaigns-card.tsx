import { FolderPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { contactText } from '../messages';

export const NoCampaignsCard = () => (
  <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
    <FolderPlus className="h-10 w-10 text-slate-300" aria-hidden="true" />
    <h2 className="text-lg font-semibold text-slate-900">{contactText.noCampaignsTitle}</h2>
    <p className="text-sm text-slate-500">{contactText.noCampaignsText}</p>
    <Link
      to="/campaigns"
      className="mt-2 inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
    >
      {contactText.goToCampaigns}
    </Link>
  </Card>
);
