// /login's code, asked once the page the build drew is on screen (vite/prerender-login-plugin.ts):
// the page needs no code to be seen, so the code does not compete with what it is drawn with. The
// build fills in the list below: the entry, then the modules of /login's screen it does not import.
(() => {
  const [entry, ...modules] = __STOLIK_START_CODE__;
  const start = () => {
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // After the next frame is painted; a page opened in the background paints nothing until shown.
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else start();
})();
