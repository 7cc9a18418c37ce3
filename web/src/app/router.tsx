import { Outlet, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AuthConsentRoute } from '../features/auth/routes/auth-consent';
import { AuthErrorRoute } from '../features/auth/routes/auth-error';
import { AuthSuccessRoute } from '../features/auth/routes/auth-success';
import { InviteRoute } from '../features/auth/routes/invite';
import { DashboardRoute } from '../features/dashboard/routes/dashboard';
import { NotFound } from './errors/not-found';
import { RouteError } from './errors/route-error';
import { AppLayout } from './layout/app-layout';
import { LazyAgencySelector, LazyAgencySetup, LazyCampaignBoard, LazyCampaigns, LazyContacts, LazyQueues, LazySettings, LazyTalentTimeline } from './lazy-routes';
import { StartupGate } from './startup/startup-gate';

/** The spec's route table (section 2). Standalone routes render without the top navigation. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: (
          <StartupGate requirement="agency">
            <AppLayout />
          </StartupGate>
        ),
        children: [
          { index: true, element: <DashboardRoute /> },
          { path: 'campaigns', element: <LazyCampaigns /> },
          { path: 'campaigns/:id', element: <LazyCampaignBoard /> },
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
      { path: '/invite', element: <InviteRoute /> },
      { path: '/auth/success', element: <AuthSuccessRoute /> },
      { path: '/auth/error', element: <AuthErrorRoute /> },
      { path: '/auth/consent', element: <AuthConsentRoute /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
