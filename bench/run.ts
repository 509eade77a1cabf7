/**
 * `pnpm bench`: what the product costs. Not part of `pnpm test`; prints a table and writes
 * bench/results/latest.json so later changes can be compared with this one.
 *
 *  1. Bundle: gzip size of the JS and CSS the first screen (/login) needs, and of all of it.
 *  2. HTTP: autocannon on loopback against GET /api/restaurant/ and GET /api/health/, on the
 *     embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local
 *     server at 127.0.0.1:5432/test; a fresh database is created and dropped for the run).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle } from './bundle';
import { measureEstimate } from './estimate';
import { measureHttp } from './http';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

console.info('building the mini-app…');
execFileSync('npx', ['-y', 'pnpm@10', '--filter', '@stolik/miniapp', 'build'], {
  cwd: ROOT,
  stdio: 'ignore',
});
const bundle = measureBundle(path.join(ROOT, 'apps/miniapp/dist'));

const estimate = measureEstimate();

const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const http = await measureHttp(ROOT, postgresUrl);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.info('\nBundle (gzip)');
console.table({
  'first screen (/login)': { js: kb(bundle.firstScreen.js), css: kb(bundle.firstScreen.css) },
  total: { js: kb(bundle.total.js), css: kb(bundle.total.css) },
});
console.info('Wait estimate (60 tables, 40 waiting)');
console.table({
  estimateWaits: { runs: estimate.runs, 'mean ms': estimate.meanMs, 'p99 ms': estimate.p99Ms },
});
console.info('HTTP (autocannon, loopback)');
console.table(
  Object.fromEntries(
    http.map((r) => [
      `${r.database} ${r.path}`,
      { 'req/s': Math.round(r.requestsPerSecond), 'p99 ms': r.p99Ms, errors: r.errors, non2xx: r.non2xx },
    ]),
  ),
);

const results = {
  at: new Date().toISOString(),
  machine: { cpus: (await import('node:os')).cpus().length },
  bundle,
  http,
};
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.info('written to bench/results/latest.json');
