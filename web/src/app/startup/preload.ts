import { hashKey, type QueryClient } from '@tanstack/react-query';
import { apiKeyStatusQueryOptions } from '../../features/api-keys/api/get-api-key-status';
import { authStatusQueryOptions, type AuthStatus } from '../../features/auth/api/get-auth-status';
import { pageModules } from '../lazy-routes';
import { hasAgencySessionHint, rememberAgencySession } from './session-hint';

type PageModule = keyof typeof pageModules;

/** The page the router renders under the agency gate at this path, if any. */
export const agencyPageAt = (pathname: string): Exclude<PageModule, 'layout' | 'agencySelector' | 'agencySetup'> | undefined => {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (first === '') return 'dashboard';
  if (first === 'campaigns') return second ? 'campaignBoard' : 'campaigns';
  if (first === 'talents' && second) return 'talentTimeline';
  if (first === 'queues' || first === 'contacts' || first === 'settings') return first;
  return undefined;
};

/**
 * Starts the first load's requests together instead of one after another's answer: the session
 * check, the page's code (layout and route chunks) and, when the last start found an agency
 * session, the OpenAI key status and the page's data. The gate and the pages then read these very
 * cache entries (same query keys), so nothing is asked twice.
 */
export const preloadStartup = (client: QueryClient, pathname: string = globalThis.location?.pathname ?? '/'): void => {
  const session = authStatusQueryOptions();
  // Every answer of the session check (this one, and those after a sign-in, a switch or a 401)
  // keeps the hint for the next start true to the session.
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== hashKey(session.queryKey)) return;
    const status = event.action.data as AuthStatus;
    rememberAgencySession(status.authenticated && !!status.agency_name);
  });
  void client.prefetchQuery(session);
  const page = agencyPageAt(pathname);
  if (!page) return;
  // A chunk that fails here fails again, and is reported, when the router imports it.
  for (const load of [pageModules.layout, pageModules[page]]) void load().catch(() => undefined);
  if (!hasAgencySessionHint()) return;
  void client.prefetchQuery(apiKeyStatusQueryOptions());
  void import('../layout/startup-data')
    .then(({ prefetchStartupData }) => prefetchStartupData(client, pathname))
    .catch(() => undefined);
};
