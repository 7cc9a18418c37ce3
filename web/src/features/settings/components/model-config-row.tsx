import { useId } from 'react';
import type { ModelPurpose } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { Label } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useModelConfigSaver } from '../api/update-model-config';
import type { ModelConfiguration } from '../api/settings-types';
import { modelOptions, normalizeMaxTokens, normalizeTemperature } from '../lib/settings-rules';
import { DraftNumberField } from './draft-number-field';

const text = messages.settings;

export type ModelConfigRowProps = { purpose: ModelPurpose; config: ModelConfiguration; allowed: readonly string[] };

export const ModelConfigRow = ({ purpose, config, allowed }: ModelConfigRowProps) => {
  const modelId = useId();
  const { update } = useModelConfigSaver(purpose);
  const title = text.purposes[purpose];
  return (
    <fieldset className="grid gap-3 border-b border-slate-100 pb-5 last:border-0 last:pb-0 sm:grid-cols-[1fr_8rem_8rem]" data-testid={`model-${purpose}`}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{title}</legend>
      <div>
        <Label htmlFor={modelId}>{text.model}</Label>
        <Select
          id={modelId}
          value={config.model}
          onValueChange={(model) => update({ model })}
          options={modelOptions(purpose, allowed, config.model)}
        />
      </div>
      <DraftNumberField
        label={text.temperature}
        inputMode="decimal"
        saved={String(config.temperature)}
        commit={(draft) => {
          const temperature = normalizeTemperature(draft, config.temperature);
          if (temperature !== config.temperature) update({ temperature }, { immediate: true });
          return String(temperature);
        }}
      />
      <DraftNumberField
        label={text.maxTokens}
        saved={String(config.max_tokens)}
        commit={(draft) => {
          const maxTokens = normalizeMaxTokens(draft, config.max_tokens);
          if (maxTokens !== config.max_tokens) update({ max_tokens: maxTokens }, { immediate: true });
          return String(maxTokens);
        }}
      />
    </fieldset>
  );
};
