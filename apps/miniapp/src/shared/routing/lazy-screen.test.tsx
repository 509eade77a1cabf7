import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenLoader } from './lazy-screen';

describe('a screen whose code fails to load (spec §2, §9)', () => {
  const reload = vi.fn();
  beforeEach(() => {
    // The failure is expected here; its warning would only clutter the test output.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.useFakeTimers();
    reload.mockReset();
    vi.stubGlobal('location', { ...window.location, reload });
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const failing = screenLoader(
    () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    () => () => null,
  );

  it('reloads the page after one second', async () => {
    const { default: Component } = await failing();
    render(<Component />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Что-то пошло не так при инициализации приложения',
    );
    act(() => vi.advanceTimersByTime(999));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload in a loop when the reload did not help', async () => {
    window.sessionStorage.setItem('stolik:chunk-reload', String(Date.now()));
    const { default: Component } = await failing();
    render(<Component />);
    act(() => vi.advanceTimersByTime(5000));
    expect(reload).not.toHaveBeenCalled();
  });

  it('gives the screen itself when its code loads', async () => {
    const Screen = () => null;
    const { default: Component } = await screenLoader(
      () => Promise.resolve({ Screen }),
      (m) => m.Screen,
    )();
    expect(Component).toBe(Screen);
  });
});
