import { messages } from '../../shared/messages';
import { monitoringConfigBody } from '../../shared/schemas/settings';
import { sectionSetHandler } from './section-handlers';

export const handler = sectionSetHandler('monitoring_config', monitoringConfigBody, messages.roles.ownerOnly.monitoringInterval);
