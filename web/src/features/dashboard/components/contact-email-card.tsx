import { Mail } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { useProcessEmail } from '../../processing/api/process-email';
import { useProcessAction } from '../lib/use-process-action';
import { ContactPicker } from './contact-picker';
import { ProcessCard } from './process-card';

export const ContactEmailCard = ({ blocked }: { blocked: boolean }) => {
  const [email, setEmail] = useState('');
  const processEmail = useProcessEmail();
  const action = useProcessAction<string>({
    start: (value) => processEmail.mutateAsync(value),
    startedMessage: (value) => messages.processing.startedEmail(value),
    fallback: messages.processing.failedEmail,
  });
  return (
    <ProcessCard
      title={messages.dashboard.past.contactEmail}
      icon={Mail}
      actionLabel={messages.dashboard.past.processEmail}
      onAction={() => void action.run(email)}
      disabled={blocked || !email}
      busy={action.busy}
    >
      <ContactPicker label={messages.dashboard.contactLabel} placeholder={messages.dashboard.contactPlaceholder} value={email} onValueChange={setEmail} />
    </ProcessCard>
  );
};
