import { describe, expect, it } from 'vitest';
import {
  modelOptions,
  normalizeMinMessages,
  normalizeScanDays,
  readModelNumber,
  recoveryChange,
  recoveryEnabled,
  scanDaysDisplay,
} from './settings-rules';
import { maxTokensSchema, modelConfigBody, temperatureSchema } from '../../../../../shared/schemas/settings';

describe('scan days', () => {
  it('accepts 0 to 3000, 0 or blank meaning unlimited', () => {
    expect(normalizeScanDays('90')).toBe(90);
    expect(normalizeScanDays('0')).toBe(0);
    expect(normalizeScanDays('')).toBe(0);
    expect(normalizeScanDays('   ')).toBe(0);
    expect(normalizeScanDays(3000)).toBe(3000);
  });

  it('resets negative or non-numeric input to 365 and clamps above 3000', () => {
    expect(normalizeScanDays('-3')).toBe(365);
    expect(normalizeScanDays('abc')).toBe(365);
    expect(normalizeScanDays('-')).toBe(365);
    expect(normalizeScanDays('5000')).toBe(3000);
    expect(normalizeScanDays('12.7')).toBe(12);
  });

  it('shows unlimited as a blank field', () => {
    expect(scanDaysDisplay(0)).toBe('');
    expect(scanDaysDisplay(30)).toBe('30');
  });
});

describe('minimum messages', () => {
  it('clamps to 1–100 and keeps the current value for unreadable input', () => {
    expect(normalizeMinMessages('0', 3)).toBe(1);
    expect(normalizeMinMessages('-8', 3)).toBe(1);
    expect(normalizeMinMessages('250', 3)).toBe(100);
    expect(normalizeMinMessages('7', 3)).toBe(7);
    expect(normalizeMinMessages('x', 3)).toBe(3);
    expect(normalizeMinMessages('', 5)).toBe(5);
  });
});

describe('model fields', () => {
  it("reads temperature and max tokens by the server's own rules, with its messages; blank keeps the current value", () => {
    const refused = (body: object) => modelConfigBody.safeParse({ operation: 'thread_summary', ...body }).error?.issues[0]?.message;
    expect(readModelNumber(temperatureSchema, '0.7', 0.3)).toEqual({ value: 0.7 });
    expect(readModelNumber(temperatureSchema, ' 2 ', 0.3)).toEqual({ value: 2 });
    expect(readModelNumber(temperatureSchema, '', 0.3)).toEqual({ value: 0.3 });
    expect(readModelNumber(temperatureSchema, '5', 0.3)).toEqual({ error: refused({ temperature: 5 }) });
    expect(readModelNumber(temperatureSchema, '-1', 0.3)).toEqual({ error: 'temperature must be between 0 and 2' });
    expect(readModelNumber(temperatureSchema, 'hot', 0.3)).toEqual({ error: 'temperature must be a number' });
    expect(readModelNumber(maxTokensSchema, '1200', 500)).toEqual({ value: 1200 });
    expect(readModelNumber(maxTokensSchema, '50000', 500)).toEqual({ error: refused({ max_tokens: 50_000 }) });
    expect(readModelNumber(maxTokensSchema, '0', 500)).toEqual({ error: 'max_tokens must be between 1 and 32000' });
    expect(readModelNumber(maxTokensSchema, '12.9', 500)).toEqual({ error: 'max_tokens must be a whole number' });
  });

  it('marks the recommended model of the purposes that have one', () => {
    const allowed = ['gpt-4.1', 'gpt-4.1-mini', 'gpt-5-nano'];
    expect(modelOptions('thread_summary', allowed, 'gpt-4.1').map((o) => o.label)).toEqual([
      'gpt-4.1',
      'gpt-4.1-mini (recommended)',
      'gpt-5-nano',
    ]);
    expect(modelOptions('individual_message_summary', allowed, 'gpt-4.1').map((o) => o.label)).toContain('gpt-5-nano (recommended)');
    expect(modelOptions('date_validation', allowed, 'gpt-4.1').some((o) => o.label.includes('recommended'))).toBe(false);
    // A model the server no longer lists stays visible while it is the current one.
    expect(modelOptions('campaign_aggregation', allowed, 'gpt-5').map((o) => o.value)).toEqual([...allowed, 'gpt-5']);
  });
});

describe('drive recovery switches', () => {
  it('are shown inverted from the skip flags', () => {
    const flags = { skip_on_startup: false, skip_on_campaign_creation: true, skip_on_add_contact: true, skip_on_import_longlist: false };
    expect(recoveryEnabled(flags, 'skip_on_startup')).toBe(true);
    expect(recoveryEnabled(flags, 'skip_on_campaign_creation')).toBe(false);
    expect(recoveryChange('skip_on_add_contact', true)).toEqual({ skip_on_add_contact: false });
    expect(recoveryChange('skip_on_startup', false)).toEqual({ skip_on_startup: true });
  });
});
