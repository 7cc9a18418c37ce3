import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_DEFAULTS } from '../../shared/constants';
import type { GoogleEmulator } from '../emulators/google/server';
import { truth } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

const SPEC_DEFAULTS = {
  processing_mode: { incremental_processing_enabled: true, min_messages_for_incremental: 3, fallback_on_error: true },
  processing_limits: { oldest_scan_days: 365, follow_up_after_days: 3, agency_locale: 'en-US', default_currency: 'USD' },
  date_range_processing: { include_full_thread: true },
  health_check: { skip_on_startup: false, skip_on_campaign_creation: true, skip_on_add_contact: true, skip_on_import_longlist: true },
  monitoring_config: { hours_to_check: 24, check_interval_minutes: 5, max_duration_minutes: 1440 },
};
const PATHS = {
  processing_mode: 'processing-mode',
  processing_limits: 'processing-limits',
  date_range_processing: 'date-range-processing',
  health_check: 'health-check',
  monitoring_config: 'monitoring-config',
} as const;

describe('settings routes', () => {
  let booted: Booted;
  let owner: SignedIn;

  beforeAll(async () => {
    booted = await boot();
    owner = await signIn(booted.runtime, truth.longlist.owner);
    await createAgency(owner, 'Settings Agency');
  });
  afterAll(async () => {
    await booted?.stop();
  });

  it("answers the spec's defaults for every section and model purpose", async () => {
    for (const [section, path] of Object.entries(PATHS)) {
      const response = await owner.api.get(`/api/v3/settings/${path}`);
      expect(response.status, path).toBe(200);
      expect(response.body.settings, path).toEqual(SPEC_DEFAULTS[section as keyof typeof SPEC_DEFAULTS]);
    }
    const models = await owner.api.get<{ configurations: Record<string, { model: string; temperature: number; max_tokens: number }> }>('/api/v3/settings/model-config');
    expect(models.body.configurations.thread_summary).toMatchObject({ model: 'gpt-4.1-mini', temperature: 0.3, max_tokens: 8000, recommended: true });
    expect(models.body.configurations.individual_message_summary).toMatchObject({ model: 'gpt-5-nano', temperature: 0.3, max_tokens: 100, recommended: true });
    expect(models.body.configurations.date_validation).toMatchObject({ model: 'gpt-4.1-mini', temperature: 0.1, max_tokens: 200 });
    expect(models.body.configurations.campaign_aggregation).toMatchObject({ model: 'gpt-5-nano', temperature: 0.2, max_tokens: 500 });
    const defaults = await owner.api.get<{ defaults: Record<string, unknown> }>('/api/v3/settings/defaults');
    expect(defaults.body.defaults).toMatchObject({ ...SPEC_DEFAULTS, model_config: MODEL_DEFAULTS });
  });

  it('stores a change per section, keeps the other fields, and refuses out-of-bounds values with clear messages', async () => {
    const saved = await owner.api.post('/api/v3/settings/processing-mode', { min_messages_for_incremental: 5 });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual({ ...SPEC_DEFAULTS.processing_mode, min_messages_for_incremental: 5 });
    expect((await owner.api.get('/api/v3/settings/processing-mode')).body.settings).toEqual(saved.body.settings);

    const refused: [string, Record<string, unknown>, string][] = [
      ['processing-limits', { oldest_scan_days: 3001 }, 'oldest_scan_days must be between 0 and 3000'],
      ['processing-limits', { oldest_scan_days: -1 }, 'oldest_scan_days must be between 0 and 3000'],
      ['processing-limits', { oldest_scan_days: '30' }, 'oldest_scan_days must be a number'],
      ['processing-limits', { oldest_scan_days: 1.5 }, 'oldest_scan_days must be a whole number'],
      ['processing-mode', { min_messages_for_incremental: 0 }, 'min_messages_for_incremental must be between 1 and 100'],
      ['processing-mode', { incremental_processing_enabled: 'yes' }, 'incremental_processing_enabled must be true or false'],
      ['processing-mode', {}, 'Nothing to update: send at least one setting'],
      ['monitoring-config', { hours_to_check: 721 }, 'hours_to_check must be between 1 and 720'],
      ['monitoring-config', { check_interval_minutes: 1 }, 'check_interval_minutes must be between 2 and 1440'],
      ['monitoring-config', { max_duration_minutes: 1441 }, 'max_duration_minutes must be between 1 and 1440'],
      ['model-config', { operation: 'thread_summary', model: 'gpt-3' }, 'model must be one of: gpt-4.1, gpt-4.1-mini, gpt-5-nano, gpt-5-mini, gpt-5'],
      ['model-config', { operation: 'thread_summary', temperature: 2.5 }, 'temperature must be between 0 and 2'],
      ['model-config', { operation: 'thread_summary', max_tokens: 32001 }, 'max_tokens must be between 1 and 32000'],
      ['model-config', { operation: 'poetry', model: 'gpt-5' }, 'operation must be one of: thread_summary, individual_message_summary, date_validation, campaign_aggregation'],
      ['date-range-processing', { include_full_thread: 1 }, 'include_full_thread must be true or false'],
      ['health-check', { skip_on_startup: null }, 'skip_on_startup must be true or false'],
    ];
    for (const [path, body, message] of refused) {
      const response = await owner.api.post(`/api/v3/settings/${path}`, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.error, `${path} ${JSON.stringify(body)}`).toBe(message);
    }
    const unknownField = await owner.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 30, extra: true });
    expect(unknownField.status).toBe(400);
    expect((await owner.api.get('/api/v3/settings/processing-limits')).body.settings).toEqual(SPEC_DEFAULTS.processing_limits);
  });

  it('changes one model purpose, applies named profiles, and resets one section or all', async () => {
    const changed = await owner.api.post<{ configuration: Record<string, unknown> }>('/api/v3/settings/model-config', { operation: 'thread_summary', model: 'gpt-5', max_tokens: 4000 });
    expect(changed.body.configuration).toMatchObject({ purpose: 'thread_summary', model: 'gpt-5', temperature: 0.3, max_tokens: 4000, recommended: false });

    const economy = await owner.api.post<{ configurations: Record<string, { model: string; max_tokens: number }> }>('/api/v3/settings/apply-profile', { profile: 'economy' });
    expect(Object.values(economy.body.configurations).map((config) => config.model)).toEqual(['gpt-5-nano', 'gpt-5-nano', 'gpt-5-nano', 'gpt-5-nano']);
    expect(economy.body.configurations.thread_summary?.max_tokens).toBe(4000);
    const quality = await owner.api.post<{ configurations: Record<string, { model: string }> }>('/api/v3/settings/apply-profile', { profile: 'quality' });
    expect(quality.body.configurations.thread_summary?.model).toBe('gpt-5');
    expect((await owner.api.post('/api/v3/settings/apply-profile', { profile: 'luxury' })).status).toBe(400);

    await owner.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 30 });
    const sectionReset = await owner.api.post<{ settings: Record<string, unknown> }>('/api/v3/settings/reset', { config_type: 'model_config' });
    expect(sectionReset.status).toBe(200);
    expect((await owner.api.get<{ configurations: Record<string, { model: string }> }>('/api/v3/settings/model-config')).body.configurations.thread_summary?.model).toBe('gpt-4.1-mini');
    expect((await owner.api.get('/api/v3/settings/processing-limits')).body.settings).toEqual({ oldest_scan_days: 30, follow_up_after_days: 3, agency_locale: 'en-US', default_currency: 'USD' });

    const all = await owner.api.post('/api/v3/settings/reset', { config_type: 'all' });
    expect(all.body.message).toBe('All settings have been reset to defaults');
    for (const [section, path] of Object.entries(PATHS)) {
      expect((await owner.api.get(`/api/v3/settings/${path}`)).body.settings).toEqual(SPEC_DEFAULTS[section as keyof typeof SPEC_DEFAULTS]);
    }
    expect((await owner.api.post('/api/v3/settings/reset', { config_type: 'everything' })).status).toBe(400);
  });

  it("keeps one agency's settings away from another's", async () => {
    await owner.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 7 });
    const other = await signIn(booted.runtime, truth.permissions.privateSpreadsheet.owner);
    await createAgency(other, 'Other Settings Agency');
    expect((await other.api.get('/api/v3/settings/processing-limits')).body.settings).toEqual(SPEC_DEFAULTS.processing_limits);
    expect((await owner.api.get('/api/v3/settings/processing-limits')).body.settings).toEqual({ oldest_scan_days: 7, follow_up_after_days: 3, agency_locale: 'en-US', default_currency: 'USD' });
  });

  it('drive recovery flags drive behaviour: startup recovery runs unless skipped; campaign creation recovers only when not skipped', async () => {
    const google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    const health = async () => (await owner.api.get<{ healthy: boolean; recovered: boolean; threadline_folder: { id: string } }>('/api/campaigns/drive/health')).body;

    await owner.api.post('/api/v3/settings/health-check', { skip_on_startup: true });
    await owner.api.post('/api/campaigns/threadline/delete', { confirm: true });
    const skipped = await health();
    expect(skipped.healthy).toBe(false);
    expect(skipped.recovered).toBe(false);

    // Creation recovers when its flag is off (default: skipped)
    await owner.api.post('/api/v3/settings/health-check', { skip_on_campaign_creation: false });
    const created = await owner.api.post('/api/campaigns/add', { campaign_id: 'recover-1', campaign_name: 'Recover', client_name: 'Client' });
    expect(created.status).toBe(200);
    await booted.runtime.settleAsync();
    const after = await health();
    expect(after.healthy).toBe(true);
    expect(google.state.files.get(after.threadline_folder.id)?.trashed).toBe(false);

    await owner.api.post('/api/campaigns/threadline/delete', { confirm: true });
    await owner.api.post('/api/v3/settings/health-check', { skip_on_startup: false });
    const recovered = await health();
    expect(recovered.recovered).toBe(true);
    expect(recovered.healthy).toBe(true);
    await booted.runtime.settleAsync();
  });
});
