import { Component, type ReactNode, useEffect } from 'react';
import { reportError } from '../shared/api/error-reports';
import { ErrorState } from '../shared/ui/states';

/** A screen that threw while rendering: the spec's initialisation message instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('screen failed', error);
    // Told to the server once per error shown (spec §7); a failed report changes nothing here.
    reportError('route_error', error);
  }, [error]);
  return (
    <ErrorState messageKey="errors.init" hintKey="errors.initHint" onRetry={() => window.location.reload()} />
  );
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  /** Where the screens were when it failed: going elsewhere shows the screens again. */
  pathname: string;
}

/** The routes' error boundary: RouteError in place of the screens, until the address changes. */
export class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname
      ? null
      : { failed: false, error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
