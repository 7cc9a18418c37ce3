import { Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { Card } from '../../../components/ui/card';

const text = messages.dashboard;

export const WelcomeBanner = () => (
  <Card className="flex flex-wrap items-center justify-between gap-4 border-indigo-200 bg-indigo-50 p-5" data-testid="welcome-banner">
    <div className="flex items-start gap-3">
      <Sparkles className="mt-0.5 h-5 w-5 text-indigo-600" aria-hidden="true" />
      <div>
        <p className="font-semibold text-slate-900">{text.welcomeTitle}</p>
        <p className="text-sm text-slate-600">{text.welcomeText}</p>
      </div>
    </div>
    <Link
      to="/campaigns"
      className="inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {text.createCampaign}
    </Link>
  </Card>
);
