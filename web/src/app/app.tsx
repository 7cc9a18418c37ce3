import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { AppErrorBoundary } from './errors/error-boundary';
import { AppProvider } from './provider';
import { routes } from './router';

/**
 * The route table rendered by the declarative router. The data router (createBrowserRouter) would
 * add loaders, actions, fetchers and hydration the app never uses: ~15 KB brotli on every first
 * load (bench/spa.ts). Its one feature the app relied on, a route's errorElement, is this
 * boundary: a page that throws shows the error screen, and the next location renders afresh.
 */
const AppRoutes = () => {
  const location = useLocation();
  return <AppErrorBoundary resetKey={location.key}>{useRoutes(routes)}</AppErrorBoundary>;
};

export const App = () => (
  <AppProvider>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProvider>
);
