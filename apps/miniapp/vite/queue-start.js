// The live queue's start (vite/prerender-login-plugin.ts, prerender/queue-page.tsx), in the head of
// the page that carries its frame, before the frame is drawn. The frame is not for whom it would
// mislead: without a stored session (the app sends them to /login), inside Telegram (no top bar
// there), in the dark theme or another font size (the frame is light, at the default size); the
// page's style hides it for them (and on a screen wider than a phone's, another layout).
// Then, once the page is on screen, the code: the build fills in the list below, the entry, then the
// modules of the live queue it does not import. The app renders into the hidden #root afresh (the
// frame holds no data); the frame stays until the app has drawn a screen there (its heading, an
// error or a notice, or another address such as /login), then #root takes its place in the same
// frame, so nothing moves.
(() => {
  const [entry, ...modules] = __STOLIK_START_CODE__;
  const read = (storage, key) => {
    try {
      return window[storage].getItem(key);
    } catch {
      return null;
    }
  };
  const inTelegram =
    /[#&]tgWebApp(Data|Platform|Version)=/.test(window.location.hash) ||
    read('sessionStorage', 'tapps/launchParams') !== null;
  // The frame is drawn light at the default font size (16): a person who sees the app dark, or in
  // another size, would see it change as the app takes over.
  const theme = read('localStorage', 'theme');
  const dark =
    theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  const fontSize = read('localStorage', 'fontSize');
  const otherSize = fontSize !== null && Number(fontSize) !== 16;
  if (inTelegram || dark || otherSize || read('localStorage', 'access') === null)
    document.documentElement.dataset.queueFrame = 'off';

  const path = window.location.pathname;
  const takeOver = () => {
    const frame = document.getElementById('queue-frame');
    const root = document.getElementById('root');
    const show = () => {
      frame?.remove();
      if (root) root.hidden = false;
    };
    // Whether the page's style hides the frame, asked without making the browser work out the styles
    // before it paints (a long task).
    const hidden =
      document.documentElement.dataset.queueFrame === 'off' ||
      window.matchMedia(`(min-width: ${__STOLIK_PHONE_BELOW__}px)`).matches;
    if (!frame || !root || hidden) show();
    else {
      const drawn = () =>
        window.location.pathname !== path ||
        root.querySelector('#page-heading, [role="alert"], .state-message') !== null;
      const watch = new MutationObserver(() => {
        if (!drawn()) return;
        watch.disconnect();
        show();
      });
      watch.observe(root, { childList: true, subtree: true });
    }
  };
  // Each tag asked for costs the page some work of its own (about two milliseconds, four times
  // that on a slow phone): the modules are asked two at a time, one task each, so that no task is
  // long (issue #21); the entry first, which is needed first. Lighthouse on a quiet machine (27
  // November 2026; builds in turn, six runs each): eight a task 90, 98, 97, 81, 99, 90 (the
  // batches were tasks of 55 to 120 ms in its 4x slower simulation); two 96, 95, 98, 92, 99, 97
  // and 99, 95, 97, 99, 98, 98; one 100, 98, 97, 91, 94, 100; none asked early 83 to 95.
  const BATCH = 2;
  const preload = (from) => {
    for (const href of modules.slice(from, from + BATCH)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (from + BATCH < modules.length) setTimeout(() => preload(from + BATCH), 0);
  };
  const start = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    preload(0);
  };
  // Once the frame is on screen: the browser reports its first paint with the time it was shown (a
  // busy phone may show a frame long after it was drawn; what is asked before that holds it up, as
  // Lighthouse counts). A page opened in the background paints nothing until shown: at once there.
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  const painted = () => {
    if (document.visibilityState !== 'visible') return startOnce();
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint'))
      return requestAnimationFrame(() => setTimeout(startOnce, 0));
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      startOnce();
    }).observe({ type: 'paint', buffered: true });
    // Nothing contentful is drawn when the frame is not shown (the app draws it all): not waited for.
    if (document.getElementById('root')?.hidden === false)
      requestAnimationFrame(() => setTimeout(startOnce, 0));
    // Nor for ever, should the report not come.
    else setTimeout(startOnce, 5000);
  };
  document.addEventListener('DOMContentLoaded', () => {
    takeOver();
    painted();
  });
})();
