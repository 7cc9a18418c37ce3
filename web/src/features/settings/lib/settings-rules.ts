import {
  MIN_MESSAGES_FOR_INCREMENTAL,
  MODEL_DEFAULTS,
  OLDEST_SCAN_DAYS_DEFAULT,
  OLDEST_SCAN_DAYS_MAX,
  type HealthCheckFlag,
  type ModelPurpose,
} from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import type { SelectOption } from '../../../components/ui/select';
import type { z } from '../../../lib/zod';
import type { HealthCheckSettings } from '../api/settings-types';

const parseNumber = (input: string | number): number | null => {
  const raw = typeof input === 'number' ? String(input) : input.trim();
  if (raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : Number.NaN;
};

/**
 * Scan days: 0 or blank = unlimited (0); negative or non-numeric resets to 365; above 3000
 * clamps to 3000; fractions round down.
 */
export const normalizeScanDays = (input: string | number): number => {
  const value = parseNumber(input);
  if (value === null) return 0;
  if (Number.isNaN(value) || value < 0) return OLDEST_SCAN_DAYS_DEFAULT;
  return Math.min(OLDEST_SCAN_DAYS_MAX, Math.floor(value));
};

/** The field shows unlimited (0) as blank, with the "Unlimited" placeholder. */
export const scanDaysDisplay = (days: number): string => (days === 0 ? '' : String(days));

/** Minimum messages clamps to 1–100; an unreadable entry keeps the current value. */
export const normalizeMinMessages = (input: string | number, current: number): number => {
  const value = parseNumber(input);
  if (value === null || Number.isNaN(value)) return current;
  return Math.min(MIN_MESSAGES_FOR_INCREMENTAL.max, Math.max(MIN_MESSAGES_FOR_INCREMENTAL.min, Math.round(value)));
};

/** A typed number as a field's rule reads it: the value to save, or why the server would refuse it. */
type NumberFieldRead = { value: number } | { error: string };

/**
 * A model's temperature or max tokens through the server's own rule for it (shared/schemas/settings.ts:
 * temperatureSchema, maxTokensSchema), so the field refuses what a save would be refused for, with
 * the server's message, before any request. A blank field keeps the current value.
 */
export const readModelNumber = (rule: z.ZodType<number>, input: string, current: number): NumberFieldRead => {
  const value = parseNumber(input);
  if (value === null) return { value: current };
  const parsed = rule.safeParse(value);
  return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]!.message };
};

/** The recovery switches read "check on …", the stored flags "skip on …": shown inverted. */
export const recoveryEnabled = (settings: HealthCheckSettings, flag: HealthCheckFlag): boolean => !settings[flag];

export const recoveryChange = (flag: HealthCheckFlag, enabled: boolean): Partial<HealthCheckSettings> => ({ [flag]: !enabled });

/** The allowed models (plus the current one if the server no longer lists it), marking the recommended one. */
export const modelOptions = (purpose: ModelPurpose, allowed: readonly string[], current: string): SelectOption[] => {
  const models = allowed.includes(current) || !current ? allowed : [...allowed, current];
  const defaults = MODEL_DEFAULTS[purpose];
  return models.map((model) => ({
    value: model,
    label: defaults.recommended && defaults.model === model ? `${model} ${messages.settings.recommended}` : model,
  }));
};
