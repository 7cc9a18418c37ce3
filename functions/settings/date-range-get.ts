import { sectionGetHandler } from './section-handlers';

export const handler = sectionGetHandler('date_range_processing');
