import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DATE_RANGE_PROCESSING_DEFAULTS,
  HEALTH_CHECK_DEFAULTS,
  OLDEST_SCAN_DAYS_DEFAULT,
  PROCESSING_MODE_DEFAULTS,
} from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';
import type { SectionSettings, SettingsSection } from './settings-types';

export const SECTION_PATHS: Record<SettingsSection, string> = {
  processing_mode: '/api/v3/settings/processing-mode',
  processing_limits: '/api/v3/settings/processing-limits',
  date_range_processing: '/api/v3/settings/date-range-processing',
  health_check: '/api/v3/settings/health-check',
};

// Fields the server leaves out read as the product defaults rather than undefined.
const DEFAULTS: SectionSettings = {
  processing_mode: { ...PROCESSING_MODE_DEFAULTS },
  processing_limits: { oldest_scan_days: OLDEST_SCAN_DAYS_DEFAULT },
  date_range_processing: { ...DATE_RANGE_PROCESSING_DEFAULTS },
  health_check: { ...HEALTH_CHECK_DEFAULTS },
};

export const withSectionDefaults = <S extends SettingsSection>(section: S, settings: unknown): SectionSettings[S] => ({
  ...DEFAULTS[section],
  ...(typeof settings === 'object' && settings !== null ? (settings as Partial<SectionSettings[S]>) : {}),
});

export const getSettingsSection = async <S extends SettingsSection>(
  section: S,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SectionSettings[S]> => {
  const response = await api.get<{ settings?: unknown }>(SECTION_PATHS[section], { signal });
  return withSectionDefaults(section, response?.settings);
};

export const settingsSectionQueryOptions = <S extends SettingsSection>(section: S) =>
  queryOptions({
    queryKey: settingsKeys.section(section),
    queryFn: ({ signal }) => getSettingsSection(section, { signal }),
  });

export const useSettingsSection = <S extends SettingsSection>(section: S) => useQuery(settingsSectionQueryOptions(section));
