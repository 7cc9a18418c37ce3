import { AlertCircle } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../components/auth-card';

export const AuthErrorRoute = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const text = params.get('message') || params.get('error') || messages.auth.errorDefault;
  return (
    <AuthCard className="text-center">
      <AlertCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden="true" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{messages.auth.errorHeading}</h1>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
      <Button className="mt-6" onClick={() => navigate('/', { replace: true })}>
        {messages.auth.returnToApp}
      </Button>
    </AuthCard>
  );
};
