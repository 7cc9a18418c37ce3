import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

/** One purpose's model choice as saved: only the fields someone changed. */
const modelOverride = {
  type: 'map',
  properties: { model: { type: 'string' }, temperature: { type: 'number' }, max_tokens: { type: 'number' } },
} as const;

/**
 * What an agency changed, by section and field (the same names as SETTINGS_DEFAULTS in
 * settings/store.ts; a unit test holds the two together). ElectroDB keeps only the properties
 * named here, on write and on read.
 */
const overridesAttribute = {
  type: 'map',
  properties: {
    model_config: {
      type: 'map',
      properties: {
        thread_summary: modelOverride,
        individual_message_summary: modelOverride,
        date_validation: modelOverride,
        campaign_aggregation: modelOverride,
      },
    },
    processing_mode: {
      type: 'map',
      properties: { incremental_processing_enabled: { type: 'boolean' }, min_messages_for_incremental: { type: 'number' }, fallback_on_error: { type: 'boolean' } },
    },
    processing_limits: {
      type: 'map',
      properties: { oldest_scan_days: { type: 'number' }, follow_up_after_days: { type: 'number' }, agency_locale: { type: 'string' }, default_currency: { type: 'string' } },
    },
    date_range_processing: { type: 'map', properties: { include_full_thread: { type: 'boolean' } } },
    health_check: {
      type: 'map',
      properties: {
        skip_on_startup: { type: 'boolean' },
        skip_on_campaign_creation: { type: 'boolean' },
        skip_on_add_contact: { type: 'boolean' },
        skip_on_import_longlist: { type: 'boolean' },
      },
    },
    monitoring_config: {
      type: 'map',
      properties: { hours_to_check: { type: 'number' }, check_interval_minutes: { type: 'number' }, max_duration_minutes: { type: 'number' } },
    },
  },
  default: () => ({}),
} as const;

/** `AGENCY#a / SETTINGS`: only what the agency changed is stored; reads merge it over the defaults. */
export const settingsEntity = new Entity(
  {
    model: { entity: 'settings', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      overrides: overridesAttribute,
      /** bumped on every write; writes are conditional on the version they read */
      version: { type: 'number', default: 0 },
      updatedAt: { type: 'string' },
      updatedBy: { type: 'string' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: [], template: 'SETTINGS', casing: 'none' },
      },
    },
  },
  storeConfig,
);
