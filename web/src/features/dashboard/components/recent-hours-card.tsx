import { Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { BATCH_DEFAULT_HOURS, RECENT_HOURS_OPTIONS } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { Label } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useProcessInterval } from '../../processing/api/process-interval';
import { recentHoursRange } from '../lib/recent-hours';
import { useProcessAction } from '../lib/use-process-action';
import { ProcessCard } from './process-card';

const OPTIONS = RECENT_HOURS_OPTIONS.map((option) => ({ value: String(option.hours), label: option.label }));

export const RecentHoursCard = ({ blocked }: { blocked: boolean }) => {
  const id = useId();
  const [hours, setHours] = useState(String(BATCH_DEFAULT_HOURS));
  const processInterval = useProcessInterval();
  const action = useProcessAction<number>({
    // The range is computed at click time, so a page left open overnight still means "recent".
    start: (value) => processInterval.mutateAsync(recentHoursRange(value)),
    startedMessage: (value) => messages.processing.startedRecent(value),
    fallback: messages.processing.failedRecent,
  });
  const chosen = Number(hours);
  return (
    <ProcessCard
      title={messages.dashboard.past.recentHours}
      icon={Clock}
      actionLabel={messages.dashboard.past.processRecent}
      onAction={() => void action.run(chosen)}
      disabled={blocked || !(chosen > 0)}
      busy={action.busy}
    >
      <Label htmlFor={id}>{messages.dashboard.recentHoursLabel}</Label>
      <Select id={id} value={hours} onValueChange={setHours} options={OPTIONS} />
    </ProcessCard>
  );
};
