import { MODEL_PURPOSES } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { useModelConfig } from '../api/get-model-config';
import { ModelConfigRow } from './model-config-row';
import { ModelConfigWarnings } from './model-config-warnings';
import { SettingsCard, SettingsSkeleton } from './settings-card';

export const ModelConfigSection = () => {
  const { data, isError } = useModelConfig();
  return (
    <SettingsCard title={messages.settings.sections.models} description={messages.settings.sectionDescriptions.models}>
      {data ? (
        <>
          <ModelConfigWarnings warnings={data.warnings} />
          {MODEL_PURPOSES.map((purpose) => (
            <ModelConfigRow key={purpose} purpose={purpose} config={data.configurations[purpose]} choices={data.models} />
          ))}
        </>
      )
        : isError
          ? null
          : <SettingsSkeleton rows={4} />}
    </SettingsCard>
  );
};
