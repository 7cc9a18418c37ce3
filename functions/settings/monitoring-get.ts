import { sectionGetHandler } from './section-handlers';

export const handler = sectionGetHandler('monitoring_config');
