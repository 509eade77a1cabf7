import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, pgliteTemplate } from './testing';

/**
 * Vitest's global setup for the projects that run on a database (vitest.config.ts), before any of
 * their files start: the migrated databases that `createTestDatabase()` copies.
 * - PGlite: a migrated data folder on disk, made once and kept while the migrations are unchanged.
 * - PostgreSQL: a migrated template database for this run only, shared by the projects of the run
 *   and dropped when the run ends.
 */
type Template = Awaited<ReturnType<typeof createPostgresTemplate>>;
const run = globalThis as { stolikTemplate?: Promise<Template>; stolikTemplateUsers?: number };

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (project.config.env.STOLIK_TEST_DB !== 'postgres') {
    await pgliteTemplate();
    return undefined;
  }
  run.stolikTemplate ??= createPostgresTemplate();
  run.stolikTemplateUsers = (run.stolikTemplateUsers ?? 0) + 1;
  const template = await run.stolikTemplate;
  project.provide('stolikPostgresTemplate', template.name);
  return async () => {
    run.stolikTemplateUsers = (run.stolikTemplateUsers ?? 1) - 1;
    if (run.stolikTemplateUsers > 0) return;
    run.stolikTemplate = undefined;
    await template.drop();
  };
}
