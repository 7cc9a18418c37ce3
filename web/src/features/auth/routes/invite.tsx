import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { Spinner } from '../../../components/ui/spinner';
import { AuthCard } from '../components/auth-card';
import { loginUrl } from '../lib/login-url';
import { browserLocation } from '../../../lib/browser-location';

export const InviteRoute = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');

  useEffect(() => {
    if (token) {
      browserLocation.replace(loginUrl(token));
    } else {
      void navigate(`/auth/error?${new URLSearchParams({ message: messages.invite.missingToken })}`, { replace: true });
    }
  }, [token, navigate]);

  return (
    <AuthCard className="text-center">
      <Spinner size="lg" className="text-indigo-600" />
      <p className="mt-4 text-sm text-slate-600">{messages.invite.processing}</p>
    </AuthCard>
  );
};
