import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { loginUrl } from '../lib/login-url';
import { AuthCard, ProductMark } from './auth-card';
import { browserLocation } from '../../../lib/browser-location';

const GoogleIcon = () => (
  <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
    <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
    <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
    <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.94l3.66-2.84z" />
    <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z" />
  </svg>
);

export const SignInScreen = ({ error }: { error?: string }) => {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  return (
    <AuthCard>
      <div className="text-center">
        <ProductMark />
        <h1 className="text-2xl font-semibold text-slate-900">{messages.signIn.title}</h1>
        <p className="mt-2 text-sm text-slate-500">{messages.signIn.subtitle}</p>
      </div>
      {invite ? (
        <Banner variant="info" className="mt-6">
          {messages.signIn.inviteNotice}
        </Banner>
      ) : null}
      {error ? (
        <Banner variant="error" className="mt-6">
          {error}
        </Banner>
      ) : null}
      <Button
        variant="outline"
        size="lg"
        className="mt-6 w-full"
        onClick={() => {
          browserLocation.assign(loginUrl(invite));
        }}
      >
        <GoogleIcon />
        {messages.signIn.continueWithGoogle}
      </Button>
    </AuthCard>
  );
};
