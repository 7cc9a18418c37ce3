import { useEffect, useState } from 'react';
import { TIMING } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { Banner } from '../../components/ui/banner';
import { ApiError } from '../../lib/api-client';
import { isTimeoutError, useConnectionCheck } from './connection-check';

/**
 * The API connection check's error, above the page. A timeout clears itself after 5 s (spec
 * section 4, banners); any other error stays until dismissed or until a later check succeeds.
 */
export const ConnectionNotice = () => {
  const { data, error, errorUpdatedAt } = useConnectionCheck();
  // Dismissal is per error: a later failure shows again.
  const [hiddenAt, setHiddenAt] = useState<number | null>(null);
  const timeout = error !== null && isTimeoutError(error);

  useEffect(() => {
    if (!timeout) return;
    const timer = setTimeout(() => setHiddenAt(errorUpdatedAt), TIMING.timeoutErrorClearMs);
    return () => clearTimeout(timer);
  }, [timeout, errorUpdatedAt]);

  if (!error && data?.google_access === 'revoked') {
    return (
      <Banner variant="warning" className="mb-6">
        <span data-testid="google-revoked">{messages.mailboxes.googleRevoked}</span>
      </Banner>
    );
  }
  // A 401 means the server answered: the session ended, and the startup gate shows sign-in.
  if (!error || hiddenAt === errorUpdatedAt || (error instanceof ApiError && error.status === 401)) return null;
  const message = error instanceof Error && error.message ? error.message : messages.api.connectionFailed;
  return (
    <Banner variant="error" className="mb-6" onDismiss={() => setHiddenAt(errorUpdatedAt)}>
      <span data-testid="connection-error">{message}</span>
    </Banner>
  );
};
