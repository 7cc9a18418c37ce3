import { authKeys } from '../features/auth/api/auth-keys';
import { createQueryClient } from '../lib/query-client';

/** The app's client: a 401 anywhere re-checks the session, so the gate shows sign-in. */
export const queryClient = createQueryClient({
  onUnauthorized: (client) => void client.invalidateQueries({ queryKey: authKeys.status() }),
});
