import { queryOptions, useQuery } from '@tanstack/react-query';
import { sectionResponse } from '../../../../../shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { settingsKeys } from './settings-keys';
import type { SectionSettings, SettingsSection } from './settings-types';

export const SECTION_PATHS: Record<SettingsSection, string> = {
  processing_mode: '/api/v3/settings/processing-mode',
  processing_limits: '/api/v3/settings/processing-limits',
  date_range_processing: '/api/v3/settings/date-range-processing',
  health_check: '/api/v3/settings/health-check',
  monitoring_config: '/api/v3/settings/monitoring-config',
};

export const getSettingsSection = async <S extends SettingsSection>(
  section: S,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SectionSettings[S]> => parseResponse(sectionResponse(section), await api.get<unknown>(SECTION_PATHS[section], { signal })).settings;

export const settingsSectionQueryOptions = <S extends SettingsSection>(section: S) =>
  queryOptions({
    queryKey: settingsKeys.section(section),
    queryFn: ({ signal }) => getSettingsSection(section, { signal }),
  });

export const useSettingsSection = <S extends SettingsSection>(section: S) => useQuery(settingsSectionQueryOptions(section));
