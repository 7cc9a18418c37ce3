import { FolderPlus, Plus } from 'lucide-react';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const text = messages.campaigns;

export const CampaignsEmpty = ({ onCreate }: { onCreate: () => void }) => (
  <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
    <FolderPlus className="h-10 w-10 text-slate-300" aria-hidden="true" />
    <h2 className="text-lg font-semibold text-slate-900">{text.emptyTitle}</h2>
    <p className="text-sm text-slate-500">{text.emptyText}</p>
    <Button onClick={onCreate} className="mt-2">
      <Plus className="h-4 w-4" aria-hidden="true" />
      {text.create}
    </Button>
  </Card>
);
