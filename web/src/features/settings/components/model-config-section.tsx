import { MODEL_PURPOSES } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { useModelConfig } from '../api/get-model-config';
import { ModelConfigRow } from './model-config-row';
import { SettingsCard, SettingsSkeleton } from './settings-card';

export const ModelConfigSection = () => {
  const { data, isError } = useModelConfig();
  return (
    <SettingsCard title={messages.settings.sections.models} description={messages.settings.sectionDescriptions.models}>
      {data
        ? MODEL_PURPOSES.map((purpose) => (
            <ModelConfigRow key={purpose} purpose={purpose} config={data.configurations[purpose]} allowed={data.models} />
          ))
        : isError
          ? null
          : <SettingsSkeleton rows={4} />}
    </SettingsCard>
  );
};
