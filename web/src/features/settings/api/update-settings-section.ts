import { messages } from '../../../../../shared/messages';
import { sectionResponse } from '../../../../../shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { useOptimisticSave } from '../lib/use-optimistic-save';
import { SECTION_PATHS } from './get-settings-section';
import { settingsKeys } from './settings-keys';
import type { SectionSettings, SettingsSection } from './settings-types';

/** Sends only the fields that change; answers the whole section as saved. */
export const updateSettingsSection = async <S extends SettingsSection>(
  section: S,
  changes: Partial<SectionSettings[S]>,
): Promise<SectionSettings[S]> =>
  parseResponse(sectionResponse(section), await api.post<unknown>(SECTION_PATHS[section], changes)).settings;

/** Optimistic, debounced saves of one section (see useOptimisticSave). */
export const useSettingsSectionSaver = <S extends SettingsSection>(section: S) =>
  useOptimisticSave<SectionSettings[S], Partial<SectionSettings[S]>>({
    queryKey: settingsKeys.section(section),
    apply: (data, change) => ({ ...data, ...change }),
    fields: (data) => data as object,
    save: (changes) => updateSettingsSection(section, changes),
    sectionName: messages.settings.saveSectionNames[section],
  });
