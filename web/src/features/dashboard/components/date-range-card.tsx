import { CalendarRange } from 'lucide-react';
import { useState } from 'react';
import { formatIsoDay } from '../../../../../shared/format/months';
import { messages } from '../../../../../shared/messages';
import { DateRangePicker, EMPTY_DATE_RANGE, type DateRangeValue } from '../../../components/ui/date-range-picker';
import { useProcessInterval } from '../../processing/api/process-interval';
import { useProcessAction } from '../lib/use-process-action';
import { DateRangeEntry } from './date-range-entry';
import { ProcessCard } from './process-card';

export const DateRangeCard = ({ blocked }: { blocked: boolean }) => {
  const [range, setRange] = useState<DateRangeValue>(EMPTY_DATE_RANGE);
  const processInterval = useProcessInterval();
  const action = useProcessAction<DateRangeValue>({
    start: ({ start, end }) => processInterval.mutateAsync({ start_date: start, end_date: end }),
    startedMessage: ({ start, end }) => messages.processing.startedRange(formatIsoDay(start), formatIsoDay(end)),
    fallback: messages.processing.failedRange,
  });
  return (
    <ProcessCard
      title={messages.dashboard.past.dateRange}
      icon={CalendarRange}
      actionLabel={messages.dashboard.past.processRange}
      onAction={() => void action.run(range)}
      disabled={blocked || !range.start || !range.end}
      busy={action.busy}
    >
      {/* Past email only: days after today cannot be picked. */}
      <DateRangePicker value={range} onChange={setRange} allowFuture={false} />
      <DateRangeEntry value={range} onChange={setRange} />
    </ProcessCard>
  );
};
