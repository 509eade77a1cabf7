import { describe, expect, it, vi } from 'vitest';
import { renderQueuePage } from './queue-page';

// As the build draws it (vite/prerender-login-plugin.ts): media queries answered for a phone.
vi.mock('../shared/ui/use-media-query', () => import('./phone-media-query'));

describe("the build's frame of the live queue", () => {
  it("draws the phone's staff shell and the screen's frame with the real texts, and nothing of the data", async () => {
    const { markup, title } = await renderQueuePage();
    expect(title).toBe('Живая Очередь');
    const page = document.createElement('div');
    page.innerHTML = markup;
    expect(page.querySelector('.shell.shell--mobile')).not.toBeNull();
    expect(page.querySelector('h1')?.textContent).toBe('Живая Очередь');
    expect([...page.querySelectorAll('[role=tab]')].map((tab) => tab.textContent)).toEqual([
      'Ожидают',
      'Вызваны',
      'Пришли',
      'В зале',
      'Ушли',
    ]);
    // Where data goes, its waiting state: skeleton rows, the forecast's blank line, no counts.
    expect(page.querySelectorAll('.skeleton-row').length).toBeGreaterThan(0);
    expect(page.querySelector('.forecast[aria-busy=true]')).not.toBeNull();
    expect(page.querySelector('.segment__count, [data-testid=queue-row], .live-badge')).toBeNull();
    // The phone's button to add a guest, as the screen draws it there.
    expect(page.querySelector('.fab')?.textContent).toContain('Гость');
    expect(markup).not.toContain('<script');
  });
});
