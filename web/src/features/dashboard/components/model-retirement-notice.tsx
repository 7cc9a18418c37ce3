import { Link } from 'react-router-dom';
import { Banner } from '../../../components/ui/banner';
import { useModelConfig } from '../../settings/api/get-model-config';
import { retiringSoon } from '../lib/model-retirement';
import { dashboardText } from '../messages';

const text = dashboardText.retiring;

/**
 * Names each model the agency uses that OpenAI shuts down within 30 days, with the model that
 * takes over and the day, so nobody is surprised when summaries change. Choosing another model
 * in Settings is the way to act on it.
 */
export const ModelRetirementNotice = () => {
  const { data } = useModelConfig();
  if (!data) return null;
  const retiring = retiringSoon(data.configurations);
  if (retiring.length === 0) return null;
  return (
    <Banner variant="warning" title={text.title}>
      <ul className="space-y-1" data-testid="dashboard-model-retirements">
        {retiring.map((entry) => (
          <li key={`${entry.model}-${entry.successor}`}>{entry.text}</li>
        ))}
      </ul>
      {/* In the text rather than beside it, so a phone keeps the sentence its full width. */}
      <Link to="/settings" className="mt-1 inline-block font-medium text-amber-900 underline underline-offset-2 hover:no-underline">
        {text.action}
      </Link>
    </Banner>
  );
};
