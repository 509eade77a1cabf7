/**
 * The API's build (`pnpm --filter @stolik/api build`, part of `pnpm build`): `src/server.ts` and
 * the bot process `src/bot-main.ts` bundled by esbuild into `dist/server.js` and `dist/bot-main.js`,
 * what `pnpm start`, the tests and the benchmarks run with plain Node. Starting from the bundle
 * saves each start compiling and resolving some 240 TypeScript modules through tsx (issue #19).
 *
 * - Our workspace packages (@stolik/*) are bundled in; every npm package stays external, loaded
 *   from node_modules at run time as Node resolves it from `dist/`: so each npm package the bundle
 *   imports must be a dependency of @stolik/api itself (pnpm links only a package's own ones). The
 *   build fails naming any that is not, rather than leaving a bundle that fails at start.
 * - Files are found at run time from the packages, never from `import.meta.url` of a source file,
 *   which in the bundle is `dist/`: the migrations through `@stolik/db/package.json`, the repository
 *   root through `@stolik/api/package.json`.
 * - `dist/meta.json` lists the sources of each bundle, so that `builtEntry` can tell a bundle older
 *   than its sources (the tests then say to build rather than run yesterday's code).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_ROOT = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(API_ROOT, '../..');
const DIST = path.join(API_ROOT, 'dist');
const META = path.join(DIST, 'meta.json');

/** The processes of the API: the server, and the bot as a process of its own. */
export const ENTRIES = { server: 'src/server.ts', 'bot-main': 'src/bot-main.ts' } as const;
export type Entry = keyof typeof ENTRIES;

/** The npm package an import names (`@scope/name/sub` → `@scope/name`), or null for a path or a builtin. */
function packageName(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

export async function buildApi(): Promise<void> {
  const esbuild = await import('esbuild');
  const manifest = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const runtimeDependencies = new Set(Object.keys(manifest.dependencies ?? {}));
  const missing = new Map<string, Set<string>>();
  const result = await esbuild.build({
    absWorkingDir: API_ROOT,
    entryPoints: ENTRIES,
    outdir: DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Readable output: stack traces name the real functions, and the file says which source each
    // part came from.
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    // Written below, once the imports are known to resolve.
    write: false,
    plugins: [
      {
        name: 'npm-packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            const name = packageName(args.path);
            if (name === null || name.startsWith('@stolik/')) return undefined;
            if (!runtimeDependencies.has(name)) {
              const importers = missing.get(name) ?? new Set<string>();
              importers.add(path.relative(REPO_ROOT, args.importer));
              missing.set(name, importers);
            }
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  if (missing.size > 0) {
    const lines = [...missing].map(([name, from]) => `  - ${name} (imported by ${[...from].join(', ')})`);
    throw new Error(
      'The API bundle imports npm packages that are not dependencies of @stolik/api, so Node could ' +
        `not find them from apps/api/dist. Add each to apps/api/package.json as "catalog:":\n${lines.join('\n')}`,
    );
  }
  const sources: Record<string, string[]> = {};
  for (const [output, info] of Object.entries(result.metafile.outputs)) {
    if (!info.entryPoint) continue;
    sources[path.basename(output)] = Object.keys(info.inputs).map((input) =>
      path.relative(REPO_ROOT, path.resolve(API_ROOT, input)),
    );
  }
  mkdirSync(DIST, { recursive: true });
  // Each file whole or not at all: a test or a server may be starting from the previous bundle.
  const write = (file: string, contents: Uint8Array | string) => {
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, contents);
    renameSync(partial, file);
  };
  for (const output of result.outputFiles) write(output.path, output.contents);
  write(META, `${JSON.stringify({ sources }, null, 1)}\n`);
}

/**
 * The bundle of an entry, for whoever starts the API as production does (tests, benchmarks).
 * Throws, saying what to run, when it is missing or older than any of the sources it was built
 * from (a test would otherwise run old code).
 */
export function builtEntry(entry: Entry): string {
  const file = path.join(DIST, `${entry}.js`);
  const build =
    'run `pnpm build` (the test script does), or `pnpm --filter @stolik/api build` for the API alone';
  if (!existsSync(file) || !existsSync(META)) {
    throw new Error(`The API is not built (no apps/api/dist/${entry}.js): ${build}.`);
  }
  const built = statSync(file).mtimeMs;
  const meta = JSON.parse(readFileSync(META, 'utf8')) as { sources: Record<string, string[]> };
  for (const source of [...(meta.sources[`${entry}.js`] ?? []), 'apps/api/build.ts']) {
    const at = path.join(REPO_ROOT, source);
    // A source gone since the build changed what the bundle should hold, as a newer one does.
    if (!existsSync(at) || statSync(at).mtimeMs > built) {
      throw new Error(`apps/api/dist/${entry}.js is older than ${source}: ${build}.`);
    }
  }
  return file;
}

/**
 * Node's flags for the products the tests start (the browser suite's, the crash and server tests'):
 * PGlite's WebAssembly compiled by V8's baseline compiler only. A product that lives for one test
 * file spent more on optimising the database's code than it got back: a start on a started data
 * folder took 3.7–3.8 s of CPU against 5.5–6.0 s, and a start with 60 walk-ins added and 120 reads
 * 7.2–7.5 s against 10.0–10.7 s (three runs each, in turn, 26 November). `pnpm start` and the
 * benchmarks keep V8's defaults: a restaurant's product runs for months.
 */
export const TEST_PRODUCT_NODE_FLAGS = ['--liftoff-only'];

/**
 * The variables that set libfaketime's clock (`pnpm test:hours`, tools/test-hours.ts), for the
 * products a test starts: they are started with an environment of their own, and must keep the
 * clock of the test that starts them, or the two disagree about the hour. Empty in a normal run.
 */
export function testClockEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildApi();
  console.info(`API bundled into apps/api/dist/ (${Date.now() - started} ms)`);
}
