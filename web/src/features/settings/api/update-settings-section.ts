import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sectionResponse } from '../../../../../shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { useOptimisticSave } from '../lib/use-optimistic-save';
import { settingsText } from '../messages';
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
    sectionName: settingsText.saveSectionNames[section],
  });

/**
 * A form's save of some fields of a section (a Save button, not the debounced edits): the cache
 * takes the saved values of those fields only, so an edit of another field of the same section
 * still waiting for its pause is not overwritten by this answer.
 */
export const useSaveSettingsFields = <S extends SettingsSection>(section: S) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<SectionSettings[S]>) => updateSettingsSection(section, changes),
    onSuccess: (saved, changes) => {
      const fields = Object.fromEntries(Object.keys(changes).map((key) => [key, saved[key as keyof SectionSettings[S]]]));
      client.setQueryData<SectionSettings[S]>(settingsKeys.section(section), (data) => (data === undefined ? saved : { ...data, ...fields }));
    },
  });
};
