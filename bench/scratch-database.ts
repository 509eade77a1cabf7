import pg from 'pg';
import type { BenchDatabase } from './http';

/**
 * Runs a benchmark on a fresh embedded PGlite, then on a scratch PostgreSQL database created on
 * `postgresUrl`'s server and dropped after (skipped with a warning when that server is not
 * reachable). For benchmarks that open the database themselves rather than start the product.
 */
export async function onEachDatabase<T>(
  postgresUrl: string,
  what: { name: string; tag: string },
  run: (database: BenchDatabase, databaseUrl: string | undefined) => Promise<T>,
): Promise<T[]> {
  const results = [await run('pglite', undefined)];
  const name = `stolik_bench_${what.tag}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(
      `PostgreSQL at ${postgresUrl} is not reachable; skipping its ${what.name} run:`,
      (error as Error).message,
    );
    await admin.end().catch(() => {});
    return results;
  }
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    results.push(await run('postgres', url.toString()));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
  return results;
}

/**
 * Runs a benchmark once: on a scratch PostgreSQL database on `postgresUrl`'s server (dropped after),
 * or, when that server is not reachable, on the embedded PGlite (said so).
 */
export async function onPostgresElsePglite<T>(
  postgresUrl: string,
  what: { name: string; tag: string },
  run: (database: BenchDatabase, databaseUrl: string | undefined) => Promise<T>,
): Promise<T> {
  const name = `stolik_bench_${what.tag}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(
      `PostgreSQL at ${postgresUrl} is not reachable; ${what.name} runs on PGlite:`,
      (error as Error).message,
    );
    await admin.end().catch(() => {});
    return run('pglite', undefined);
  }
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return await run('postgres', url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}
