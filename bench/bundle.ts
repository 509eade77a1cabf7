import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The first-screen budget of issue #21: JS and CSS, gzip -9, in kB (1,000 bytes). */
export const FIRST_SCREEN_LIMIT_KB = 120;

/**
 * What each screen loads on demand beside the entry (apps/miniapp/src/app/router.tsx): its
 * screens' chunk and the texts that come with it, and for a staff screen the query cache and the
 * shell around it.
 */
export const SCREENS: Record<string, string[]> = {
  '/login': ['src/app/routes/public-screens.tsx', 'src/shared/i18n/texts/login.ts'],
  '/restaurant/{id}': [
    'src/app/layout/data-layer.tsx',
    'src/app/layout/app-shell.tsx',
    'src/shared/i18n/texts/shell.ts',
    'src/app/routes/restaurant-layout.tsx',
    'src/features/queue/components/queue-screen.tsx',
    'src/shared/i18n/texts/staff.ts',
  ],
};

export interface ChunkSize {
  file: string;
  gzip: number;
  /** The largest sources in it (npm packages by name, our files by path), by share of its bytes. */
  holds: string;
}

export interface ScreenBundle {
  screen: string;
  js: number;
  css: number;
  total: number;
  chunks: ChunkSize[];
}

export interface BundleSizes {
  firstScreen: { js: number; css: number; files: string[] };
  total: { js: number; css: number };
  screens: ScreenBundle[];
  /** `bundle: …` with ok or OVER: /login's first screen against FIRST_SCREEN_LIMIT_KB. */
  verdict: string;
  over: boolean;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source-map segment's fields (base64 VLQ). */
function decodeSegment(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    let digit = B64.indexOf(char);
    const more = digit & 32;
    digit &= 31;
    value += digit << shift;
    if (more) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** A source's group: an npm package by its name, else its path from the workspace. */
function groupOf(source: string): string {
  const pkg = source.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (pkg?.[1]) return pkg[1];
  return source.replace(/^(\.\.\/)+/, '').replace(/^.*?((apps|packages)\/)/, '$1');
}

/** What a built JS file holds, from its (hidden) source map: the top sources by bytes. */
export function chunkHolds(file: string): string {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return '';
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = readFileSync(file, 'utf8').split('\n');
  const bytes = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    const points: [number, number][] = [];
    for (const segment of segments ? segments.split(',') : []) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1] ?? 0;
      points.push([column, fields.length > 1 ? source : -1]);
    }
    points.forEach(([start, index], i) => {
      if (index < 0) return;
      const end = points[i + 1]?.[0] ?? line.length;
      const group = groupOf(map.sources[index] ?? '?');
      bytes.set(group, (bytes.get(group) ?? 0) + (end - start));
    });
  });
  const total = [...bytes.values()].reduce((sum, n) => sum + n, 0) || 1;
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([group, n]) => `${group} ${Math.round((100 * n) / total)}%`)
    .join(', ');
}

/**
 * gzip -9 sizes from Vite's manifest: for each screen of SCREENS, the entry with its static
 * imports plus what that screen loads on demand, chunk by chunk with what each holds.
 */
export function measureBundle(dist: string): BundleSizes {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');

  const filesOf = (keys: string[]): string[] => {
    const needed = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || needed.has(key)) return;
      needed.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) {
      if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest`);
      visit(key);
    }
    const files = new Set<string>();
    for (const key of needed) {
      const chunk = manifest[key];
      if (!chunk) continue;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
    return [...files];
  };

  const sum = (list: Iterable<string>, ext: string) =>
    [...list].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gz(f), 0);
  // /login is sent as the page the build drew (login.html), which asks its code through a script
  // of its own (vite/login-start.js): that script is part of the first screen too.
  const drawnLogin = path.join(dist, 'login.html');
  const loginScripts = existsSync(drawnLogin)
    ? [...readFileSync(drawnLogin, 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map(
        (m) => m[1] as string,
      )
    : [];
  const screens = Object.entries(SCREENS).map(([screen, keys]): ScreenBundle => {
    const files = [
      ...new Set([...filesOf([entry[0], ...keys]), ...(screen === '/login' ? loginScripts : [])]),
    ];
    const chunks = files
      .map((file) => ({
        file,
        gzip: gz(file),
        holds: file.endsWith('.js') ? chunkHolds(path.join(dist, file)) : 'styles',
      }))
      .sort((a, b) => b.gzip - a.gzip);
    const js = sum(files, '.js');
    const css = sum(files, '.css');
    return { screen, js, css, total: js + css, chunks };
  });

  const all = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    all.add(chunk.file);
    for (const css of chunk.css ?? []) all.add(css);
  }
  const login = screens.find((s) => s.screen === '/login');
  if (!login) throw new Error('no /login in SCREENS');
  const kb = login.total / 1000;
  const over = kb > FIRST_SCREEN_LIMIT_KB;
  return {
    firstScreen: { js: login.js, css: login.css, files: login.chunks.map((c) => c.file) },
    total: { js: sum(all, '.js'), css: sum(all, '.css') },
    screens,
    verdict: `bundle: /login first screen ${kb.toFixed(1)} kB gzip (${(login.total / 1024).toFixed(1)} KiB), limit ${FIRST_SCREEN_LIMIT_KB} kB: ${over ? 'OVER' : 'ok'}`,
    over,
  };
}
