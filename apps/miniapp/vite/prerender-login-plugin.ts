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

/** The page the API sends for GET /restaurant/{id}, the live queue (apps/api/src/plugins/miniapp.ts). */
export const QUEUE_PAGE = 'queue.html';
/** What the live queue is made of beyond the entry: the routes' layouts and screens, with their texts. */
const QUEUE_MODULES = [
  'src/app/layout/data-layer.tsx',
  'src/app/layout/app-shell.tsx',
  'src/shared/i18n/texts/shell.ts',
  'src/app/routes/restaurant-layout.tsx',
  'src/features/queue/components/queue-screen.tsx',
  'src/shared/i18n/texts/staff.ts',
];
const QUEUE_RENDERER = '/src/prerender/queue-page.tsx';
/** The app's useMediaQuery, and what answers for it while the build draws the live queue (a phone's). */
const MEDIA_QUERY = 'src/shared/ui/use-media-query.ts';
const PHONE_MEDIA_QUERY = 'src/prerender/phone-media-query.ts';

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

/**
 * queue.html: the built index.html with the live queue's frame (prerender/queue-page.tsx) drawn
 * beside an empty, hidden #root, which the app renders into afresh (the frame is the same for every
 * restaurant and person; the page's data is not). The frame is inert and has #root's box;
 * `startScript` (vite/queue-start.js) shows #root in its place once the app has drawn a screen
 * there, or at once for whom the frame is not (no stored session, Telegram). `styles`: the shell's
 * and the screen's own, which the entry's do not hold, in the head.
 */
export function queuePage(
  indexHtml: string,
  page: { markup: string; title: string; phoneBelow: number },
  startScript: string,
  styles: string[],
): string {
  const parts = ['<html lang="ru">', '<title>Stolik</title>', '</head>', '<div id="root"></div>'];
  const missing = parts.filter((part) => !indexHtml.includes(part));
  if (missing.length > 0) throw new Error(`prerender: index.html has no ${missing.join(', ')}`);
  const hoisted = page.markup.match(/^(<link [^>]*\/>)*/)?.[0] ?? '';
  const body = page.markup.slice(hoisted.length);
  const head = [
    ...(hoisted.match(/<link [^>]*\/>/g) ?? []),
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    // The frame is a phone's: wider, the page is blank until the app draws it, as it was before;
    // nor is it shown to whom the start script finds it is not for (html[data-queue-frame="off"]).
    `<style>@media (min-width: ${page.phoneBelow}px) { #queue-frame { display: none } } html[data-queue-frame="off"] #queue-frame { display: none }</style>`,
    // Not deferred: it decides whether the frame is shown before the frame is drawn (it comes in
    // parallel with the styles, which hold the first paint anyway).
    `<script src="/${startScript}"></script>`,
  ];
  return indexHtml
    .replace(MODULE_TAGS, '')
    .replace('<html lang="ru">', '<html lang="ru" data-theme="light">')
    .replace('<title>Stolik</title>', `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `${head.map((line) => `  ${line}\n  `).join('')}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="queue-frame" data-prerendered="queue" inert style="min-height:100%;height:100%">${body}</div><div id="root" hidden></div>`,
    );
}

/** The CSS files a chunk brings (Vite's metadata). */
function cssOf(file: OutputBundle[string] | undefined): string[] {
  return isChunk(file) ? [...(file.viteMetadata?.importedCss ?? [])] : [];
}

/** Puts the phone's answers (prerender/phone-media-query.ts) in place of the app's useMediaQuery. */
function phoneMediaQuery(root: string): Plugin {
  const app = path.join(root, MEDIA_QUERY);
  const phone = path.join(root, PHONE_MEDIA_QUERY);
  return {
    name: 'stolik-prerender-phone',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === app ? phone : null;
    },
  };
}

/** Renders a page in Node: `renderer`'s export, through Vite's SSR loader, with `plugins`. */
async function renderIn<Page extends { markup: string; title: string }>(
  root: string,
  renderer: string,
  plugins: Plugin[],
): Promise<Page> {
  const server = await createServer({
    root,
    configFile: false,
    appType: 'custom',
    logLevel: 'warn',
    plugins,
    optimizeDeps: { noDiscovery: true, include: [] },
    // Its CommonJS build does not name its exports for Node: its ES modules go through Vite.
    ssr: { noExternal: ['@telegram-apps/telegram-ui'] },
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    const module = (await server.ssrLoadModule(renderer)) as Record<string, () => Promise<Page>>;
    const render = Object.values(module).find((value) => typeof value === 'function');
    if (!render) throw new Error(`prerender: ${renderer} exports no renderer`);
    return await render();
  } finally {
    await server.close();
  }
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
        if (!entry) throw new Error('prerender: the build has no entry chunk');
        const chunksOf = (modules: string[], what: string) => {
          const found = modules.map((module) =>
            chunks.find((chunk) => chunk.facadeModuleId === path.join(root, module)),
          );
          if (!found.every((chunk) => chunk !== undefined))
            throw new Error(`prerender: the ${what} chunks are missing from the build`);
          return found.map((chunk) => chunk.fileName);
        };
        const entryFiles = withImports(bundle, [entry.fileName]);
        /** The modules `roots` bring that the entry does not. */
        const beyondEntry = (roots: string[]) =>
          [...withImports(bundle, roots)].filter((file) => !entryFiles.has(file));
        const html = String(index.source);
        // The entry, and the screen's modules, which the entry asks only once it has run; the
        // entry's own imports the browser finds in it (listing them too cost 0.4 kB on /login).
        const [entryModule] = modulesOf(html);
        if (!entryModule) throw new Error('prerender: index.html asks for no entry module');
        const startScript = async (
          name: string,
          template: string,
          files: string[],
          fill: Record<string, string> = {},
        ) => {
          const source = await readFile(path.join(import.meta.dirname, template), 'utf8');
          const code = [entryModule, ...files.map((file) => `/${file}`)];
          const start = this.emitFile({
            type: 'asset',
            name,
            source: Object.entries(fill).reduce(
              (text, [mark, value]) => text.replace(mark, value),
              source.replace(/^\s*\/\/.*\n/gm, '').replace('__STOLIK_START_CODE__', JSON.stringify(code)),
            ),
          });
          return this.getFileName(start);
        };

        const login = beyondEntry(chunksOf(LOGIN_MODULES, '/login screen'));
        const loginRender = await renderIn<{ markup: string; title: string }>(root, RENDERER, []);
        this.emitFile({
          type: 'asset',
          fileName: LOGIN_PAGE,
          source: loginPage(html, loginRender, await startScript('login-start.js', 'login-start.js', login)),
        });

        const queue = beyondEntry(chunksOf(QUEUE_MODULES, 'live queue'));
        // Beyond what index.html links already (the entry's).
        const queueCss = [...new Set(queue.flatMap((file) => cssOf(bundle[file])))].filter(
          (file) => !html.includes(`/${file}"`),
        );
        const queueRender = await renderIn<{ markup: string; title: string; phoneBelow: number }>(
          root,
          QUEUE_RENDERER,
          [phoneMediaQuery(root)],
        );
        this.emitFile({
          type: 'asset',
          fileName: QUEUE_PAGE,
          source: queuePage(
            html,
            queueRender,
            await startScript('queue-start.js', 'queue-start.js', queue, {
              __STOLIK_PHONE_BELOW__: String(queueRender.phoneBelow),
            }),
            queueCss,
          ),
        });
      },
    },
  };
}
