import { OLDEST_SCAN_DAYS_PRESETS } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { useSettingsSection } from '../api/get-settings-section';
import { useSettingsSectionSaver } from '../api/update-settings-section';
import { normalizeScanDays, scanDaysDisplay } from '../lib/settings-rules';
import { DraftNumberField } from './draft-number-field';
import { SettingsCard, SettingsSkeleton } from './settings-card';

const text = messages.settings;

const presetLabel = (days: number) => (days === 0 ? text.unlimited : text.days(days));

export const EarliestEmailSection = () => {
  const { data, isError } = useSettingsSection('processing_limits');
  const { update } = useSettingsSectionSaver('processing_limits');
  const days = data?.oldest_scan_days;
  return (
    <SettingsCard title={text.sections.earliestEmail} description={text.sectionDescriptions.earliestEmail}>
      {days === undefined ? (
        isError ? null : <SettingsSkeleton rows={1} />
      ) : (
        <>
          <DraftNumberField
            className="max-w-xs"
            label={text.scanDays}
            saved={scanDaysDisplay(days)}
            placeholder={text.unlimited}
            hint={days === 0 ? text.unlimited : undefined}
            commit={(draft) => {
              const next = normalizeScanDays(draft);
              if (next !== days) update({ oldest_scan_days: next }, { immediate: true });
              return scanDaysDisplay(next);
            }}
          />
          <div className="flex flex-wrap gap-2" data-testid="scan-days-presets">
            {OLDEST_SCAN_DAYS_PRESETS.map((preset) => (
              <Button
                key={preset}
                size="sm"
                variant={preset === days ? 'primary' : 'outline'}
                aria-pressed={preset === days}
                onClick={() => update({ oldest_scan_days: preset })}
              >
                {presetLabel(preset)}
              </Button>
            ))}
          </div>
        </>
      )}
    </SettingsCard>
  );
};
