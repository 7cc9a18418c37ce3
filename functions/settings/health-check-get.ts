import { sectionGetHandler } from './section-handlers';

export const handler = sectionGetHandler('health_check');
