import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

/**
 * An agency's provider API key, `AGENCY#a / APIKEY#service`, envelope-encrypted with the context
 * {purpose:'api-key', agency, service}. Never returned by any endpoint, never logged.
 */
export const apiKeyContext = (agencyName: string, service: string) => ({ purpose: 'api-key', agency: agencyName, service });

export const apiKeyEntity = new Entity(
  {
    model: { entity: 'apiKey', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      service: { type: ['openai'] as const, required: true },
      sealed: { type: 'string', required: true },
      setBy: { type: 'string', required: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['service'], template: 'APIKEY#${service}', casing: 'none' },
      },
    },
  },
  storeConfig,
);
