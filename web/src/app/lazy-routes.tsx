import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '../components/ui/spinner';
import { LoadingScreen } from './startup/loading-screen';

// Everything past the startup gate loads on demand, so the first load is the gate and the sign-in
// screen only (≤ 150 KB brotli, bench/spa.ts). The startup preload (startup/preload.ts) starts
// these same imports at once, alongside the session call, so nothing waits on the gate's answer.
const pageFallback = (
  <div className="flex min-h-[40vh] items-center justify-center">
    <Spinner size="lg" className="text-indigo-600" />
  </div>
);

const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, fallback: ReactNode = pageFallback) => {
  const Component = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  const Lazy = () => (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
  Lazy.displayName = `Lazy(${name})`;
  return Lazy;
};

/**
 * A page with Drive and Sheets links loads with where they lead (the server says: Google, or the
 * emulator's viewer locally; lib/drive-links.ts), asked once, so its first render has them right.
 */
const withGoogleLinks =
  <M,>(load: () => Promise<M>) =>
  (): Promise<M> =>
    Promise.all([load(), import('../lib/drive-links').then(({ loadGoogleLinks }) => loadGoogleLinks())]).then(([module]) => module);

/** The code of each page past the startup gate: the router renders it, the startup preload fetches it early. */
export const pageModules = {
  layout: () => import('./layout/app-layout'),
  dashboard: () => import('../features/dashboard/routes/dashboard'),
  campaigns: withGoogleLinks(() => import('../features/campaigns/routes/campaigns')),
  campaignBoard: withGoogleLinks(() => import('../features/conversations/routes/campaign-board')),
  talentTimeline: () => import('../features/conversations/routes/talent-timeline'),
  queues: () => import('../features/conversations/routes/queues'),
  contacts: () => import('../features/contacts/routes/contacts'),
  settings: () => import('../features/settings/routes/settings'),
  agencySelector: () => import('../features/agencies/routes/agency-selector'),
  agencySetup: () => import('../features/agencies/routes/agency-setup'),
} as const;

export const LazyAppLayout = lazyNamed(pageModules.layout, 'AppLayout', <LoadingScreen />);
export const LazyDashboard = lazyNamed(pageModules.dashboard, 'DashboardRoute');

// Pages reached from a link in an e-mail or a Google redirect, not on the way to the first paint.
export const LazyAuthConsent = lazyNamed(() => import('../features/auth/routes/auth-consent'), 'AuthConsentRoute', <LoadingScreen />);
export const LazyAuthError = lazyNamed(() => import('../features/auth/routes/auth-error'), 'AuthErrorRoute', <LoadingScreen />);
export const LazyAuthSuccess = lazyNamed(() => import('../features/auth/routes/auth-success'), 'AuthSuccessRoute', <LoadingScreen />);
export const LazyInvite = lazyNamed(() => import('../features/auth/routes/invite'), 'InviteRoute', <LoadingScreen />);

export const LazyApiKeyScreen = lazyNamed(() => import('../features/api-keys/components/api-key-screen'), 'ApiKeyScreen');
export const LazyAgencySelector = lazyNamed(pageModules.agencySelector, 'AgencySelectorRoute');
export const LazyAgencySetup = lazyNamed(pageModules.agencySetup, 'AgencySetupRoute');
export const LazySettings = lazyNamed(pageModules.settings, 'SettingsRoute');
export const LazyCampaigns = lazyNamed(pageModules.campaigns, 'CampaignsRoute');
export const LazyContacts = lazyNamed(pageModules.contacts, 'ContactsRoute');
export const LazyCampaignBoard = lazyNamed(pageModules.campaignBoard, 'CampaignBoardRoute');
export const LazyTalentTimeline = lazyNamed(pageModules.talentTimeline, 'TalentTimelineRoute');
export const LazyQueues = lazyNamed(pageModules.queues, 'QueuesRoute');
// Not in pageModules: the startup preload leaves the report (and its print sheet) until it is opened.
export const LazyCampaignReport = lazyNamed(() => import('../features/campaign-reports/routes/campaign-report'), 'CampaignReportRoute');
