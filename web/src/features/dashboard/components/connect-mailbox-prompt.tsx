import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '../../../components/ui/banner';
import { useAuthStatus } from '../../auth/api/get-auth-status';
import { useMailboxes } from '../../mailboxes/api/get-mailboxes';
import { dismissConnectPrompt, isConnectPromptDismissed, shouldPromptToConnect } from '../lib/connect-prompt';
import { dashboardText } from '../messages';

const text = dashboardText.connectPrompt;

/**
 * Once per person and agency: a member without their own mailbox connected is told how to
 * connect it (Settings → Connected mailboxes). Gone once dismissed or connected.
 */
export const ConnectMailboxPrompt = () => {
  const auth = useAuthStatus();
  const mailboxes = useMailboxes();
  const [dismissedNow, setDismissedNow] = useState(false);
  const agency = auth.data?.agency_name;
  const email = auth.data?.user?.email;
  const you = mailboxes.data?.you;
  if (!agency || !email || !you) return null;
  const dismissed = dismissedNow || isConnectPromptDismissed(agency, email);
  if (!shouldPromptToConnect({ role: auth.data?.membership_role, connected: you.connected, dismissed })) return null;
  return (
    <Banner
      variant="info"
      title={text.title}
      onDismiss={() => {
        dismissConnectPrompt(agency, email);
        setDismissedNow(true);
      }}
    >
      <p data-testid="connect-mailbox-prompt">{text.text}</p>
      {/* In the text rather than beside it, so a phone keeps the sentence its full width. */}
      <Link to="/settings#connected-mailboxes" className="mt-1 inline-block font-medium text-blue-900 underline underline-offset-2 hover:no-underline">
        {text.action}
      </Link>
    </Banner>
  );
};
