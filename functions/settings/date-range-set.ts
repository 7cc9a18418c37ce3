import { dateRangeProcessingBody } from '../../shared/schemas/settings';
import { sectionSetHandler } from './section-handlers';

export const handler = sectionSetHandler('date_range_processing', dateRangeProcessingBody);
