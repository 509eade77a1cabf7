import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../shared/api/error-reports';
import { ErrorState } from '../shared/ui/states';

/** A screen that threw while rendering: the spec's initialisation message instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('screen failed', error);
    // Told to the server once per error shown (spec §7); a failed report changes nothing here.
    reportError(
      'route_error',
      isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error,
      isRouteErrorResponse(error) ? { status: error.status } : undefined,
    );
  }, [error]);
  return (
    <ErrorState messageKey="errors.init" hintKey="errors.initHint" onRetry={() => window.location.reload()} />
  );
}
