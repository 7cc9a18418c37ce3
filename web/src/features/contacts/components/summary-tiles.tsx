import { messages } from '../../../../../shared/messages';
import { Card } from '../../../components/ui/card';

const text = messages.contacts.summary;

const Tile = ({ label, value }: { label: string; value: number }) => (
  <Card className="px-5 py-4">
    <p className="text-sm text-slate-500">{label}</p>
    <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
  </Card>
);

export type SummaryTilesProps = { totalCampaigns: number; totalContacts: number; trackedContacts: number };

export const SummaryTiles = ({ totalCampaigns, totalContacts, trackedContacts }: SummaryTilesProps) => (
  <div className="grid gap-4 sm:grid-cols-3">
    <Tile label={text.totalCampaigns} value={totalCampaigns} />
    <Tile label={text.totalContacts} value={totalContacts} />
    <Tile label={text.trackedContacts} value={trackedContacts} />
  </div>
);
