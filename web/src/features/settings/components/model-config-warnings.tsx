import { modelWarningText } from '../../../../../shared/model-catalog';
import { messages } from '../../../../../shared/messages';
import type { ModelWarning } from '../../../../../shared/schemas/settings';
import { Banner } from '../../../components/ui/banner';

/** Replacement warnings (a model shut down or refused): shown until a model is saved for the purpose. */
export const ModelConfigWarnings = ({ warnings }: { warnings: readonly ModelWarning[] }) =>
  warnings.length === 0 ? null : (
    <Banner variant="warning" className="mb-4">
      <ul className="space-y-1" data-testid="model-warnings">
        {warnings.map((w) => (
          <li key={w.purpose}>{modelWarningText(w, messages.settings.purposes[w.purpose])}</li>
        ))}
      </ul>
    </Banner>
  );
