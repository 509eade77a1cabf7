import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';

const register = vi.fn(async () => ({}));

afterEach(() => {
  register.mockClear();
  vi.unstubAllGlobals();
});

function withServiceWorkers() {
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
}

describe('the service worker', () => {
  it('is registered by the built app in a browser', async () => {
    withServiceWorkers();
    registerServiceWorker({ inTelegram: false, production: true });
    // After the page's own loading: jsdom's document is loaded already, so at once.
    expect(document.readyState).toBe('complete');
    expect(register).toHaveBeenCalledWith('/sw.js');
  });

  it('is never registered inside Telegram, nor by the dev server', () => {
    withServiceWorkers();
    registerServiceWorker({ inTelegram: true, production: true });
    registerServiceWorker({ inTelegram: false, production: false });
    expect(register).not.toHaveBeenCalled();
  });

  it('leaves a browser without service workers as it is', () => {
    vi.stubGlobal('navigator', {});
    expect(() => registerServiceWorker({ inTelegram: false, production: true })).not.toThrow();
  });
});
