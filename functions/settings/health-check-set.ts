import { healthCheckBody } from '../../shared/schemas/settings';
import { sectionSetHandler } from './section-handlers';

export const handler = sectionSetHandler('health_check', healthCheckBody);
