import { Entity } from 'electrodb';
import { MODEL_PURPOSES } from '../../../../shared/constants';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

/** One purpose's warning, stored as ModelWarning (the same field names the API answers with). */
const warningAttribute = {
  type: 'map',
  properties: {
    purpose: { type: MODEL_PURPOSES, required: true },
    old_model: { type: 'string', required: true },
    new_model: { type: 'string', required: true },
    reason: { type: ['retired', 'not_found'], required: true },
    since: { type: 'string', required: true },
  },
} as const;

/**
 * `AGENCY#a / MODEL_STATE`, beside the agency's settings: the model ids its OpenAI key can use and
 * the warnings of calls moved off a retired or missing model (settings/model-state.ts reads and
 * writes them).
 */
export const modelStateEntity = new Entity(
  {
    model: { entity: 'modelState', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      /** ids from models.list, and when they were read */
      modelIds: { type: 'list', items: { type: 'string' } },
      modelIdsAt: { type: 'string' },
      /** a short hash of the key they were listed with: another key lists again */
      modelIdsKey: { type: 'string' },
      /** id → the `shutdown_date` the list gave (null: none announced), for the models that carry one */
      modelShutdowns: { type: 'any' },
      /** keyed by purpose */
      warnings: {
        type: 'map',
        properties: {
          thread_summary: warningAttribute,
          individual_message_summary: warningAttribute,
          date_validation: warningAttribute,
          campaign_aggregation: warningAttribute,
        },
      },
      updatedAt: { type: 'string' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: [], template: 'MODEL_STATE', casing: 'none' },
      },
    },
  },
  storeConfig,
);
