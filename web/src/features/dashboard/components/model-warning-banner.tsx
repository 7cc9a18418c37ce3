import { Link } from 'react-router-dom';
import { modelWarningText } from '../../../../../shared/model-catalog';
import { messages } from '../../../../../shared/messages';
import { useConnectionCheck } from '../../../app/startup/connection-check';
import { Banner } from '../../../components/ui/banner';

/**
 * The dashboard's notice that calls moved off a shut-down (or refused) model, read from the
 * connection response; it stays until someone saves a model for that purpose in Settings.
 */
export const ModelWarningBanner = () => {
  const { data } = useConnectionCheck();
  const warnings = data?.model_warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Banner variant="warning" title="AI model replaced" action={<Link to="/settings">Settings</Link>}>
      <ul className="space-y-1" data-testid="dashboard-model-warnings">
        {warnings.map((w) => (
          <li key={w.purpose}>{modelWarningText(w, messages.settings.purposes[w.purpose])}</li>
        ))}
      </ul>
    </Banner>
  );
};
