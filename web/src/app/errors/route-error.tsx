import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { messages } from '../../../../shared/messages';
import { NotFound } from './not-found';
import { ErrorScreen } from './error-screen';

export const RouteError = () => {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />;
    return <ErrorScreen error={`${error.status} ${error.statusText || messages.errorScreen.unexpected}`} />;
  }
  return <ErrorScreen error={error} />;
};
