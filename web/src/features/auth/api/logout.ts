import { useMutation } from '@tanstack/react-query';
import { messages } from '../../../../../shared/messages';
import { logoutResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { clearAuthToken } from '../../../lib/auth-token';
import { notifyFailure } from '../../../components/ui/notifications';
import { browserLocation } from '../../../lib/browser-location';

export const logout = async () => parseResponse(logoutResponse, await api.post<unknown>('/auth/logout', undefined, { fallback: messages.fallback.logout }));

/** Ends the session, then reloads so no cached data of the old session survives. */
export const useLogout = () =>
  useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearAuthToken();
      browserLocation.reload();
    },
    onError: (error) => notifyFailure(new Error(error.message || messages.fallback.logout)),
  });
