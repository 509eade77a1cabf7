import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

describe('the routes’ error boundary', () => {
  beforeEach(() => {
    // React and RouteError tell the console what was caught: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  let broken = true;
  function Screen() {
    if (broken) throw new Error('the screen broke');
    return <p>the screen</p>;
  }

  it('shows the initialisation error in place of a screen that threw, and the screens again elsewhere', () => {
    broken = true;
    const { rerender } = render(
      <RouteErrorBoundary pathname="/restaurant/1">
        <Screen />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Что-то пошло не так при инициализации приложения',
    );
    broken = false;
    rerender(
      <RouteErrorBoundary pathname="/restaurant/1">
        <Screen />
      </RouteErrorBoundary>,
    );
    expect(screen.queryByText('the screen')).toBeNull();
    rerender(
      <RouteErrorBoundary pathname="/restaurant/1/booking">
        <Screen />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('the screen')).toBeTruthy();
  });
});
