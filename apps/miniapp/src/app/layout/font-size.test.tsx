import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { setStaffFontSize, useRootFontSize } from './font-size';
import { FontSizeMenu } from './font-size-menu';

/** What the staff shell does with the font size: the root size while it is mounted, and the menu. */
function Shell() {
  useRootFontSize();
  return <FontSizeMenu variant="icon" />;
}

afterEach(() => act(() => setStaffFontSize(16)));

describe('the staff font size', () => {
  it('steps between 10 and 24 from the menu, is remembered, and is the root font size of the shell only', async () => {
    const user = userEvent.setup();
    const shell = renderAt(<Shell />);
    expect(document.documentElement.style.fontSize).toBe('16px');
    await user.click(screen.getByRole('button', { name: 'Размер шрифта' }));
    const group = screen.getByRole('group', { name: 'Размер шрифта' });
    expect(group).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Увеличить шрифт' }));
    await user.click(screen.getByRole('button', { name: 'Увеличить шрифт' }));
    expect(screen.getByTestId('font-size-value').textContent).toBe('18');
    expect(document.documentElement.style.fontSize).toBe('18px');
    expect(window.localStorage.getItem('fontSize')).toBe('18');

    act(() => setStaffFontSize(30));
    expect(screen.getByTestId('font-size-value').textContent).toBe('24');
    expect(screen.getByRole('button', { name: 'Увеличить шрифт' })).toHaveProperty('disabled', true);
    for (let i = 0; i < 14; i += 1) await user.click(screen.getByRole('button', { name: 'Уменьшить шрифт' }));
    expect(screen.getByTestId('font-size-value').textContent).toBe('10');
    expect(screen.getByRole('button', { name: 'Уменьшить шрифт' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Как обычно (16)' }));
    expect(document.documentElement.style.fontSize).toBe('16px');

    await user.click(screen.getByRole('button', { name: 'Увеличить шрифт' }));
    // Leaving the staff shell (a guest form, the sign-in page): the page's own size again.
    shell.unmount();
    expect(document.documentElement.style.fontSize).toBe('');
    expect(window.localStorage.getItem('fontSize')).toBe('17');
  });

  it('follows a change made in another tab', () => {
    renderAt(<Shell />);
    window.localStorage.setItem('fontSize', '21');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'fontSize', newValue: '21' }));
    });
    expect(document.documentElement.style.fontSize).toBe('21px');
  });
});
