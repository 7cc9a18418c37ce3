import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { messages } from '../../../../shared/messages';
import { useApiKeyStatus } from '../../features/api-keys/api/get-api-key-status';
import { useAuthStatus } from '../../features/auth/api/get-auth-status';
import { SignInScreen } from '../../features/auth/components/sign-in-screen';
import { decideGate, type GateRequirement } from './gate-state';
import { LazyApiKeyScreen } from '../lazy-routes';
import { LoadingScreen } from './loading-screen';

/**
 * Runs before the app is usable: session, then agency, then the OpenAI key. Saving a key
 * invalidates the key status query, which re-runs the check here.
 */
export const StartupGate = ({ requirement, children }: { requirement: GateRequirement; children: ReactNode }) => {
  const auth = useAuthStatus();
  const needsKey = requirement === 'agency' && !!auth.data?.authenticated && !!auth.data.agency_name;
  const apiKey = useApiKeyStatus({ enabled: needsKey });
  const decision = decideGate({ requirement, auth, apiKey });

  if (decision.redirectTo) return <Navigate to={decision.redirectTo} replace />;

  switch (decision.state) {
    case 'initializing':
    case 'checking-auth':
    case 'checking-api-key':
      return <LoadingScreen />;
    case 'oauth-required':
      return <SignInScreen error={decision.backendUnreachable ? messages.startup.backendUnreachable : undefined} />;
    case 'api-key-required':
      return <LazyApiKeyScreen />;
    case 'ready':
      return <>{children}</>;
  }
};
