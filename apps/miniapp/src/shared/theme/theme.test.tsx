import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider, useTheme } from './theme';

function Probe() {
  const theme = useTheme();
  return (
    <button type="button" onClick={theme.toggle}>
      {theme.appearance}
    </button>
  );
}

describe('the theme in a browser', () => {
  it('follows the system when nothing is chosen', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('switches on request and remembers the choice in local storage', () => {
    const { unmount } = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    unmount();
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('dark');
  });
});
