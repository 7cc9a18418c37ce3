import { sectionGetHandler } from './section-handlers';

export const handler = sectionGetHandler('processing_limits');
