import { useRouteError } from 'react-router';
import { ErrorState } from '../shared/ui/states';

/** A screen that threw while rendering: the spec's initialisation message instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  console.error('screen failed', error);
  return (
    <ErrorState messageKey="errors.init" hintKey="errors.initHint" onRetry={() => window.location.reload()} />
  );
}
