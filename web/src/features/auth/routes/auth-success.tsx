import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { notify } from '../../../components/ui/notifications';
import { Spinner } from '../../../components/ui/spinner';
import { authStatusQueryOptions } from '../api/get-auth-status';
import { AuthCard } from '../components/auth-card';
import { safeRedirectPath } from '../lib/login-url';
import { browserLocation } from '../../../lib/browser-location';

// Long enough to read the failure toast before the page is replaced.
const FAILURE_REDIRECT_DELAY_MS = 2000;

type Phase = 'completing' | 'redirecting';

export const AuthSuccessRoute = () => {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('completing');
  const started = useRef(false);
  const inviteAccepted = params.get('invite_accepted') === 'true';
  const target = safeRedirectPath(params.get('redirect'));

  useEffect(() => {
    // StrictMode runs effects twice in development; the session must be refreshed once.
    if (started.current) return;
    started.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    queryClient
      .fetchQuery({ ...authStatusQueryOptions(), staleTime: 0 })
      .then(() => {
        setPhase('redirecting');
        browserLocation.replace(target);
      })
      .catch(() => {
        notify({ type: 'error', title: messages.auth.refreshFailedTitle, message: messages.auth.refreshFailed });
        setPhase('redirecting');
        timer = setTimeout(() => browserLocation.replace(target), FAILURE_REDIRECT_DELAY_MS);
      });
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, target]);

  const text =
    phase === 'completing' ? messages.auth.completing : inviteAccepted ? messages.auth.welcome : messages.auth.redirecting;

  return (
    <AuthCard className="text-center">
      <Spinner size="lg" className="text-indigo-600" />
      <p className="mt-4 text-sm text-slate-600" role="status">
        {text}
      </p>
    </AuthCard>
  );
};
