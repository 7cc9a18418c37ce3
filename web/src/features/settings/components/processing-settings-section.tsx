import { messages } from '../../../../../shared/messages';
import { useSettingsSection } from '../api/get-settings-section';
import { useSettingsSectionSaver } from '../api/update-settings-section';
import { normalizeMinMessages } from '../lib/settings-rules';
import { DraftNumberField } from './draft-number-field';
import { RegionalSettingsFields } from './regional-settings-form';
import { SettingsCard, SettingsSkeleton } from './settings-card';
import { SwitchRow } from './switch-row';

const text = messages.settings;

const ProcessingModeFields = () => {
  const { data, isError } = useSettingsSection('processing_mode');
  const { update } = useSettingsSectionSaver('processing_mode');
  if (!data) return isError ? null : <SettingsSkeleton rows={3} />;
  return (
    <>
      <SwitchRow
        label={text.incremental}
        hint={text.incrementalHint}
        checked={data.incremental_processing_enabled}
        onCheckedChange={(checked) => update({ incremental_processing_enabled: checked })}
      />
      <DraftNumberField
        className="max-w-xs"
        label={text.minMessages}
        saved={String(data.min_messages_for_incremental)}
        disabled={!data.incremental_processing_enabled}
        commit={(draft) => {
          const next = normalizeMinMessages(draft, data.min_messages_for_incremental);
          if (next !== data.min_messages_for_incremental) update({ min_messages_for_incremental: next }, { immediate: true });
          return String(next);
        }}
      />
      <SwitchRow
        label={text.fallbackOnError}
        checked={data.fallback_on_error}
        onCheckedChange={(checked) => update({ fallback_on_error: checked })}
      />
    </>
  );
};

const DateRangeFields = () => {
  const { data, isError } = useSettingsSection('date_range_processing');
  const { update } = useSettingsSectionSaver('date_range_processing');
  if (!data) return isError ? null : <SettingsSkeleton rows={1} />;
  return (
    <SwitchRow
      label={text.includeFullThread}
      checked={data.include_full_thread}
      onCheckedChange={(checked) => update({ include_full_thread: checked })}
    />
  );
};

export const ProcessingSettingsSection = () => (
  <SettingsCard title={text.sections.processing} description={text.sectionDescriptions.processing}>
    <ProcessingModeFields />
    <DateRangeFields />
    <RegionalSettingsFields />
  </SettingsCard>
);
