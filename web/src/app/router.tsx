import { Outlet, type RouteObject } from 'react-router-dom';
import { NotFound } from './errors/not-found';
import { RouteError } from './errors/route-error';
import {
  LazyAgencySelector,
  LazyAgencySetup,
  LazyAppLayout,
  LazyAuthConsent,
  LazyAuthError,
  LazyAuthSuccess,
  LazyCampaignBoard,
  LazyCampaignReport,
  LazyCampaigns,
  LazyContacts,
  LazyDashboard,
  LazyInvite,
  LazyQueues,
  LazySettings,
  LazyTalentTimeline,
} from './lazy-routes';
import { StartupGate } from './startup/startup-gate';

/**
 * The spec's route table (section 2). Standalone routes render without the top navigation. The app
 * renders it with the declarative router (app.tsx); tests render it in a memory data router,
 * where `errorElement` plays the part app.tsx's error boundary plays in the app.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: (
          <StartupGate requirement="agency">
            <LazyAppLayout />
          </StartupGate>
        ),
        children: [
          { index: true, element: <LazyDashboard /> },
          { path: 'campaigns', element: <LazyCampaigns /> },
          { path: 'campaigns/:id', element: <LazyCampaignBoard /> },
          { path: 'campaigns/:id/report', element: <LazyCampaignReport /> },
          { path: 'talents/:email', element: <LazyTalentTimeline /> },
          { path: 'queues', element: <LazyQueues /> },
          { path: 'contacts', element: <LazyContacts /> },
          { path: 'settings', element: <LazySettings /> },
        ],
      },
      {
        path: '/agencies',
        element: (
          <StartupGate requirement="user">
            <Outlet />
          </StartupGate>
        ),
        children: [
          { index: true, element: <LazyAgencySelector /> },
          { path: 'new', element: <LazyAgencySetup /> },
        ],
      },
      { path: '/invite', element: <LazyInvite /> },
      { path: '/auth/success', element: <LazyAuthSuccess /> },
      { path: '/auth/error', element: <LazyAuthError /> },
      { path: '/auth/consent', element: <LazyAuthConsent /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
