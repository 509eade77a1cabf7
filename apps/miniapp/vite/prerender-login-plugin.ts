import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The page the API sends for GET /login (apps/api/src/plugins/miniapp.ts). */
export const LOGIN_PAGE = 'login.html';
/** What /login's screen is made of: its code and its texts (app/router.tsx loads them together). */
const LOGIN_MODULES = ['src/app/routes/public-screens.tsx', 'src/shared/i18n/texts/login.ts'];
const RENDERER = '/src/prerender/login-page.tsx';

const isChunk = (file: OutputBundle[string] | undefined): file is OutputChunk => file?.type === 'chunk';

/** The chunks `roots` import, themselves and all they import in turn, by file name. */
function withImports(bundle: OutputBundle, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (isChunk(chunk)) for (const next of chunk.imports) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

const MODULE_TAGS =
  /\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)">(?:<\/script>)?/g;

/**
 * login.html: the built index.html with /login's screen drawn into #root, marked for hydration. Its
 * code (the entry, then the modules of /login's screen the entry does not bring) is asked by `startScript` once the page is on screen, instead of from the head, where
 * it would come beside the styles the page is drawn with (Lighthouse counts every request that ends
 * before the largest paint as holding it). The head gets what the markup hoists (React's preloads).
 */
export function loginPage(
  indexHtml: string,
  page: { markup: string; title: string },
  startScript: string,
): string {
  const hoisted = page.markup.match(/^(<link [^>]*\/>)*/)?.[0] ?? '';
  const body = page.markup.slice(hoisted.length);
  const parts = ['<html lang="ru">', '<title>Stolik</title>', '</head>', '<div id="root"></div>'];
  const missing = parts.filter((part) => !indexHtml.includes(part));
  if (missing.length > 0) throw new Error(`prerender: index.html has no ${missing.join(', ')}`);
  const head = [...(hoisted.match(/<link [^>]*\/>/g) ?? []), `<script defer src="/${startScript}"></script>`];
  return (
    indexHtml
      .replace(MODULE_TAGS, '')
      // The theme the page is drawn in, so the app's palette applies before its script sets it.
      .replace('<html lang="ru">', '<html lang="ru" data-theme="light">')
      .replace('<title>Stolik</title>', `<title>${escapeHtml(page.title)}</title>`)
      .replace('</head>', `${head.map((line) => `  ${line}\n  `).join('')}</head>`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="login">${body}</div>`)
  );
}

/** The entry and the modules index.html asks for, in its order. */
export function modulesOf(indexHtml: string): string[] {
  return [...indexHtml.matchAll(MODULE_TAGS)].map((match) => match[1] ?? '');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Pre-renders /login at build time (issue #21: its largest paint is its heading, which otherwise
 * waits for the entry's code and the screen's chunk). The real components render in Node through
 * Vite's SSR loader (prerender/login-page.tsx) with the real texts; the result goes into
 * login.html beside index.html. The service worker keeps index.html only (pwa-plugin.ts): a page
 * it serves is drawn by the client, as before.
 */
export function prerenderLoginPlugin(): Plugin {
  let root = '';
  return {
    name: 'stolik-prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('prerender: the build has no index.html');
        const chunks = Object.values(bundle).filter(isChunk);
        const entry = chunks.find((chunk) => chunk.isEntry);
        const screen = LOGIN_MODULES.map((module) =>
          chunks.find((chunk) => chunk.facadeModuleId === path.join(root, module)),
        );
        if (!entry || !screen.every((chunk) => chunk !== undefined))
          throw new Error('prerender: the entry or /login screen chunks are missing from the build');
        const entryFiles = withImports(bundle, [entry.fileName]);
        const preloads = [
          ...withImports(
            bundle,
            screen.map((chunk) => chunk.fileName),
          ),
        ].filter((file) => !entryFiles.has(file));

        const server = await createServer({
          root,
          configFile: false,
          appType: 'custom',
          logLevel: 'warn',
          optimizeDeps: { noDiscovery: true, include: [] },
          // Its CommonJS build does not name its exports for Node: its ES modules go through Vite.
          ssr: { noExternal: ['@telegram-apps/telegram-ui'] },
          server: { middlewareMode: true, hmr: false, watch: null },
        });
        try {
          const { renderLoginPage } = (await server.ssrLoadModule(RENDERER)) as {
            renderLoginPage: () => Promise<{ markup: string; title: string }>;
          };
          const html = String(index.source);
          // The entry, and /login's screen's modules, which the entry asks only once it has run; the
          // entry's own imports the browser finds in it (listing them too cost 0.4 kB on /login).
          const [entryModule] = modulesOf(html);
          if (!entryModule) throw new Error('prerender: index.html asks for no entry module');
          const code = [entryModule, ...preloads.map((file) => `/${file}`)];
          const template = await readFile(path.join(import.meta.dirname, 'login-start.js'), 'utf8');
          const start = this.emitFile({
            type: 'asset',
            name: 'login-start.js',
            source: template
              .replace(/^\s*\/\/.*\n/gm, '')
              .replace('__STOLIK_LOGIN_CODE__', JSON.stringify(code)),
          });
          this.emitFile({
            type: 'asset',
            fileName: LOGIN_PAGE,
            source: loginPage(html, await renderLoginPage(), this.getFileName(start)),
          });
        } finally {
          await server.close();
        }
      },
    },
  };
}
