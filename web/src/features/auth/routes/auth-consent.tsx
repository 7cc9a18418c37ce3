import { AlertCircle } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { apiUrl } from '../../../lib/api-client';
import { AuthCard } from '../components/auth-card';
import { safeRedirectPath } from '../lib/login-url';

type Access = keyof typeof messages.auth.consentMissing;
const ACCESS: Access[] = ['gmail', 'drive', 'sheets'];

/** `missing=gmail,drive` → the known accesses, in a stable order (anything else ignored). */
export const missingAccess = (raw: string | null): Access[] => {
  const asked = new Set((raw ?? '').split(',').map((part) => part.trim()));
  return ACCESS.filter((access) => asked.has(access));
};

/**
 * The login again with Google's consent screen shown and the access already given kept
 * (include_granted_scopes), so only what was unticked is asked for.
 */
export const reconsentUrl = (redirect: string): string =>
  apiUrl('/auth/login', { prompt: 'consent', include_granted_scopes: 'true', redirect });

/**
 * /auth/consent?missing=gmail,drive,sheets&redirect=/…: the person signed in but unticked some
 * Google access on the consent screen. Says what is missing and asks for it again.
 */
export const AuthConsentRoute = () => {
  const [params] = useSearchParams();
  const missing = missingAccess(params.get('missing'));
  const target = safeRedirectPath(params.get('redirect'));
  const skip = `/auth/success?invite_accepted=false&redirect=${encodeURIComponent(target)}`;
  return (
    <AuthCard>
      <AlertCircle className="mx-auto h-10 w-10 text-amber-500" aria-hidden="true" />
      <h1 className="mt-4 text-center text-xl font-semibold text-slate-900">{messages.auth.consentHeading}</h1>
      <p className="mt-3 text-sm text-slate-600">{messages.auth.consentIntro}</p>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-800" aria-label={messages.auth.consentIntro}>
        {missing.map((access) => (
          <li key={access} data-access={access}>
            {messages.auth.consentMissing[access]}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-600">{messages.auth.consentHowTo}</p>
      <div className="mt-6 flex flex-col gap-2">
        <a
          className="inline-flex items-center justify-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          href={reconsentUrl(target)}
        >
          {messages.auth.consentRetry}
        </a>
        <a className="text-center text-sm text-slate-600 underline hover:text-slate-900" href={skip}>
          {messages.auth.consentSkip}
        </a>
      </div>
    </AuthCard>
  );
};
