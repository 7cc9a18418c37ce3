import { Mail } from 'lucide-react';
import { useMemo, useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { useContactsTracking } from '../../contacts/api/get-contacts-tracking';
import { useProcessEmail } from '../../processing/api/process-email';
import { contactOptions } from '../lib/dropdown-options';
import { useProcessAction } from '../lib/use-process-action';
import { OptionDropdown } from './option-dropdown';
import { ProcessCard } from './process-card';

export const ContactEmailCard = ({ blocked }: { blocked: boolean }) => {
  const [email, setEmail] = useState('');
  const tracking = useContactsTracking();
  const options = useMemo(() => contactOptions(tracking.data), [tracking.data]);
  const processEmail = useProcessEmail();
  const action = useProcessAction<string>({
    start: (value) => processEmail.mutateAsync(value),
    startedMessage: (value) => messages.processing.startedEmail(value),
    fallback: messages.processing.failedEmail,
  });
  // A contact whose tracking was paused meanwhile drops out of the list, and out of the choice.
  const chosen = options.some((option) => option.value === email) ? email : '';
  return (
    <ProcessCard
      title={messages.dashboard.past.contactEmail}
      icon={Mail}
      actionLabel={messages.dashboard.past.processEmail}
      onAction={() => void action.run(chosen)}
      disabled={blocked || !chosen}
      busy={action.busy}
    >
      <OptionDropdown
        label={messages.dashboard.contactLabel}
        kind="contacts"
        options={options}
        value={chosen}
        onValueChange={setEmail}
        placeholder={messages.dashboard.contactPlaceholder}
        loaded={tracking.isSuccess}
      />
    </ProcessCard>
  );
};
