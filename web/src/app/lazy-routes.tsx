import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../components/ui/spinner';

// Form-heavy screens carry zod and react-hook-form; loading them on demand keeps the first paint
// (sign-in, dashboard shell) small.
const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  const Component = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  const Lazy = () => (
    <Suspense
      fallback={
        <div className="flex min-h-[40vh] items-center justify-center">
          <Spinner size="lg" className="text-indigo-600" />
        </div>
      }
    >
      <Component />
    </Suspense>
  );
  Lazy.displayName = `Lazy(${name})`;
  return Lazy;
};

export const LazyApiKeyScreen = lazyNamed(() => import('../features/api-keys/components/api-key-screen'), 'ApiKeyScreen');
export const LazyAgencySelector = lazyNamed(() => import('../features/agencies/routes/agency-selector'), 'AgencySelectorRoute');
export const LazyAgencySetup = lazyNamed(() => import('../features/agencies/routes/agency-setup'), 'AgencySetupRoute');
export const LazySettings = lazyNamed(() => import('../features/settings/routes/settings'), 'SettingsRoute');
export const LazyCampaigns = lazyNamed(() => import('../features/campaigns/routes/campaigns'), 'CampaignsRoute');
export const LazyContacts = lazyNamed(() => import('../features/contacts/routes/contacts'), 'ContactsRoute');
export const LazyCampaignBoard = lazyNamed(() => import('../features/conversations/routes/campaign-board'), 'CampaignBoardRoute');
export const LazyTalentTimeline = lazyNamed(() => import('../features/conversations/routes/talent-timeline'), 'TalentTimelineRoute');
export const LazyQueues = lazyNamed(() => import('../features/conversations/routes/queues'), 'QueuesRoute');
