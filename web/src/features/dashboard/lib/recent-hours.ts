import { format, subHours } from 'date-fns';
import { DATE_INPUT_FORMAT } from '../../../../../shared/constants';
import type { IntervalInput } from '../../processing/api/process-interval';

/**
 * "Process Recent" sends whole days: from the date of now − N hours through today, both in local
 * time as yyyy-MM-dd.
 */
export const recentHoursRange = (hours: number, now: Date = new Date()): IntervalInput => ({
  start_date: format(subHours(now, hours), DATE_INPUT_FORMAT),
  end_date: format(now, DATE_INPUT_FORMAT),
});
