import { useId } from 'react';
import type { ModelPurpose } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { Label } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useModelConfigSaver } from '../api/update-model-config';
import type { ModelConfiguration } from '../api/settings-types';
import { maxTokensSchema, temperatureSchema, type ModelChoiceWire } from '../../../../../shared/schemas/settings';
import type { SelectOption } from '../../../components/ui/select';
import { readModelNumber } from '../lib/settings-rules';
import { DraftNumberField } from './draft-number-field';

const text = messages.settings;

export type ModelConfigRowProps = { purpose: ModelPurpose; config: ModelConfiguration; choices: readonly ModelChoiceWire[] };

/**
 * The server's choices for a purpose: its recommendation marked, an announced shutdown named,
 * and the current model kept (marked) when the server no longer offers it.
 */
export const choiceOptions = (purpose: ModelPurpose, choices: readonly ModelChoiceWire[], current: string): SelectOption[] => {
  const listed = choices.some((c) => c.id === current) || !current ? choices : [...choices, { id: current, recommended_for: [], shutdown_on: null, successor: null, retired: false, family: 'unknown' }];
  return listed.map((c) => {
    const parts = [c.id];
    if (c.recommended_for.includes(purpose)) parts.push(text.recommended);
    if (c.retired) parts.push(`(shut down${c.successor ? `; use ${c.successor}` : ''})`);
    // what will change and when: the model the product moves this purpose to on that day
    else if (c.shutdown_on) parts.push(`(shuts down ${c.shutdown_on}${c.successor ? `; then ${c.successor}` : ''})`);
    return { value: c.id, label: parts.join(' ') };
  });
};

export const ModelConfigRow = ({ purpose, config, choices }: ModelConfigRowProps) => {
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
          options={choiceOptions(purpose, choices, config.model)}
        />
      </div>
      <DraftNumberField
        label={text.temperature}
        inputMode="decimal"
        saved={String(config.temperature)}
        commit={(draft) => {
          const read = readModelNumber(temperatureSchema, draft, config.temperature);
          if ('error' in read) return read;
          if (read.value !== config.temperature) update({ temperature: read.value }, { immediate: true });
          return String(read.value);
        }}
      />
      <DraftNumberField
        label={text.maxTokens}
        saved={String(config.max_tokens)}
        commit={(draft) => {
          const read = readModelNumber(maxTokensSchema, draft, config.max_tokens);
          if ('error' in read) return read;
          if (read.value !== config.max_tokens) update({ max_tokens: read.value }, { immediate: true });
          return String(read.value);
        }}
      />
    </fieldset>
  );
};
