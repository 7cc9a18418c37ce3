import type { AuditChange } from '../../../shared/schemas/audit';
import type { Settings, SettingsSection } from '../settings/store';
import { asAuditValue } from './record';

/**
 * The settings fields a save changed, as `section.field` (`model_config.thread_summary.model`
 * for a purpose's model), before → after. Settings hold no secret (the API key is its own item).
 */
const leaves = (value: unknown, path: string): [string, unknown][] =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key))
    : [[path, value]];

export const settingsChanges = (before: Settings, after: Settings, sections?: readonly SettingsSection[]): AuditChange[] => {
  const names = sections ?? (Object.keys(after) as SettingsSection[]);
  const old = new Map(names.flatMap((section) => leaves(before[section], section)));
  return names
    .flatMap((section) => leaves(after[section], section))
    .filter(([field, value]) => JSON.stringify(old.get(field)) !== JSON.stringify(value))
    .map(([field, value]) => ({ field, before: asAuditValue(old.get(field)), after: asAuditValue(value) }));
};
