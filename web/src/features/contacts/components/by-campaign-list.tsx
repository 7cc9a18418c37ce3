import { messages } from '../../../../../shared/messages';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { ByCampaignRow } from '../lib/grouping';
import { contactText } from '../messages';

export const ByCampaignList = ({ rows }: { rows: readonly ByCampaignRow[] }) =>
  rows.length === 0 ? null : (
    <Card>
      <CardHeader>
        <CardTitle>{messages.contacts.byCampaign}</CardTitle>
      </CardHeader>
      <CardContent className="py-2">
        <ul className="divide-y divide-slate-100" aria-label={messages.contacts.byCampaign}>
          {rows.map((row) => (
            <li key={row.campaign_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="font-medium text-slate-800">{row.label}</span>
              <span className="text-slate-500">{contactText.byCampaignCounts(row.disabled, row.total, row.tracking)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
