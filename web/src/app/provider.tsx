import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { Notifications } from '../components/ui/notifications';
import { queryClient as defaultClient } from './query-client';
import { AppErrorBoundary } from './errors/error-boundary';

export const AppProvider = ({ children, client = defaultClient }: { children: ReactNode; client?: QueryClient }) => (
  <AppErrorBoundary>
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        {children}
        <Notifications />
      </ConfirmProvider>
    </QueryClientProvider>
  </AppErrorBoundary>
);
