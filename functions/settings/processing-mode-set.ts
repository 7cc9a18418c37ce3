import { processingModeBody } from '../../shared/schemas/settings';
import { sectionSetHandler } from './section-handlers';

export const handler = sectionSetHandler('processing_mode', processingModeBody);
