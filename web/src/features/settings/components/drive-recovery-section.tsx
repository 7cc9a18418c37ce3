import { DRIVE_RECOVERY_COST_SECONDS, HEALTH_CHECK_DEFAULTS, type HealthCheckFlag } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { useSettingsSection } from '../api/get-settings-section';
import { useSettingsSectionSaver } from '../api/update-settings-section';
import { recoveryChange, recoveryEnabled } from '../lib/settings-rules';
import { SettingsCard, SettingsSkeleton } from './settings-card';
import { SwitchRow } from './switch-row';

const text = messages.settings;
const FLAGS = Object.keys(HEALTH_CHECK_DEFAULTS) as HealthCheckFlag[];

export const DriveRecoverySection = () => {
  const { data, isError } = useSettingsSection('health_check');
  const { update } = useSettingsSectionSaver('health_check');
  return (
    <SettingsCard title={text.sections.driveRecovery} description={text.sectionDescriptions.driveRecovery}>
      {data
        ? FLAGS.map((flag) => (
            <SwitchRow
              key={flag}
              label={text.recovery[flag]}
              hint={text.recoveryCost(DRIVE_RECOVERY_COST_SECONDS[flag])}
              checked={recoveryEnabled(data, flag)}
              onCheckedChange={(enabled) => update(recoveryChange(flag, enabled))}
            />
          ))
        : isError
          ? null
          : <SettingsSkeleton rows={4} />}
    </SettingsCard>
  );
};
