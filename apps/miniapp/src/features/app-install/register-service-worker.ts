/**
 * Registers the service worker that makes the app open at once and offline (pwa/service-worker.js).
 * Only in a built app (the dev server has no worker) and never inside Telegram, whose WebView is
 * not where the app is installed (the design card); a failure leaves the app as it was.
 */
export function registerServiceWorker(options: { inTelegram: boolean; production: boolean }): void {
  if (!options.production || options.inTelegram || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker: the app works online as before.
    });
  // After the page's own loading, so the worker's downloads never compete with the first screen.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
