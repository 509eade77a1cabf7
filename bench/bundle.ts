import { readFileSync } from 'node:fs';
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

export interface BundleSizes {
  firstScreen: { js: number; css: number; files: string[] };
  total: { js: number; css: number };
}

/** gzip sizes from Vite's manifest: the entry with its static imports plus the login screen's chunk. */
export function measureBundle(dist: string): BundleSizes {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

  const needed = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || needed.has(key)) return;
    needed.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  visit(entry[0]);
  // /login is rendered by the public screens' chunk.
  const login = Object.keys(manifest).find((key) => key.endsWith('routes/public-screens.tsx'));
  if (!login) throw new Error('the login screen chunk is not in the manifest');
  visit(login);

  const files = new Set<string>();
  for (const key of needed) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  const all = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    all.add(chunk.file);
    for (const css of chunk.css ?? []) all.add(css);
  }
  const sum = (list: Iterable<string>, ext: string) =>
    [...list].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gz(f), 0);
  return {
    firstScreen: { js: sum(files, '.js'), css: sum(files, '.css'), files: [...files] },
    total: { js: sum(all, '.js'), css: sum(all, '.css') },
  };
}
