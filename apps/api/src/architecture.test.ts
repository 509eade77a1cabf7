import { describe, expect, it } from 'vitest';
import { type SourceFile, sourceFiles } from './test/source-files';

/*
 * Where the SQL is (#19): every query of the API is written in a `*.repository.ts` file beside the
 * service that calls it, so a service reads as the product's rules and a query has one place to
 * be found, tuned and tested. drizzle-orm's operators (eq, and, sql…) are the mark of a query
 * being written, so only repositories import them.
 */

const SOURCE = import.meta.dirname;

/**
 * Folders whose files may import drizzle-orm although they are no repository, each with why.
 * Relative to apps/api/src, ending in '/'.
 */
const EXEMPT_FOLDERS: Record<string, string> = {
  // Set-up helpers that only tests import (checked below): they write rows straight into the
  // database, as years of service or a Telegram chat would leave them, to set a test's scene.
  'test/': 'test helpers',
};

const isTest = (file: string) => file.endsWith('.test.ts');
const isRepository = (file: string) => file.endsWith('.repository.ts');
const isExempt = (file: string) => Object.keys(EXEMPT_FOLDERS).some((folder) => file.startsWith(folder));

/** `from 'drizzle-orm'` (or a subpath), `import 'drizzle-orm'` or `import('drizzle-orm')`. */
const DRIZZLE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"]drizzle-orm(?:\/[^'"]*)?['"]/;
/** An import of the test helpers' folder, from anywhere below src. */
const TEST_HELPER_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](?:\.\.?\/)+(?:\.\.\/)*test\/[^'"]*['"]/;

/** The files that import drizzle-orm but are neither a repository, a test nor an exempt helper. */
function sqlOutsideRepositories(files: SourceFile[]): string[] {
  return files
    .filter(({ file }) => !isTest(file) && !isRepository(file) && !isExempt(file))
    .filter(({ text }) => DRIZZLE_IMPORT.test(text))
    .map(({ file }) => file);
}

/** The files outside the tests and the test helpers that import a test helper. */
function productionImportingTestHelpers(files: SourceFile[]): string[] {
  return files
    .filter(({ file }) => !isTest(file) && !isExempt(file))
    .filter(({ text }) => TEST_HELPER_IMPORT.test(text))
    .map(({ file }) => file);
}

describe('where the SQL is written', () => {
  const files = sourceFiles(SOURCE);

  it('reads the whole API source, repositories among it', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(({ file }) => isRepository(file)).length).toBeGreaterThan(20);
  });

  it('imports drizzle-orm only in repositories (and the test helpers)', () => {
    expect(sqlOutsideRepositories(files)).toEqual([]);
  });

  it('keeps the test helpers, exempt above, out of everything that is not a test', () => {
    expect(productionImportingTestHelpers(files)).toEqual([]);
  });

  it('names a service, a plugin or a helper that imports drizzle-orm, and no repository or test', () => {
    const planted: SourceFile[] = [
      { file: 'modules/orders/orders.service.ts', text: "import { and, eq } from 'drizzle-orm';\n" },
      { file: 'plugins/replay.ts', text: "import type { SQL } from 'drizzle-orm';\n" },
      { file: 'shared/late.ts', text: "const { sql } = await import('drizzle-orm');\n" },
      { file: 'shared/pg.ts', text: "import { drizzle } from 'drizzle-orm/node-postgres';\n" },
      { file: 'modules/orders/orders.repository.ts', text: "import { eq } from 'drizzle-orm';\n" },
      { file: 'modules/orders/orders.test.ts', text: "import { eq } from 'drizzle-orm';\n" },
      { file: 'test/fixtures.ts', text: "import { eq } from 'drizzle-orm';\n" },
      {
        file: 'shared/words.ts',
        text: '// drizzle-orm is named in a comment, not imported\nexport const x = 1;\n',
      },
    ];
    expect(sqlOutsideRepositories(planted)).toEqual([
      'modules/orders/orders.service.ts',
      'plugins/replay.ts',
      'shared/late.ts',
      'shared/pg.ts',
    ]);
  });

  it('names a file outside the tests that imports a test helper', () => {
    const planted: SourceFile[] = [
      {
        file: 'modules/queue/queue.service.ts',
        text: "import { insertEntry } from '../../test/privacy-fixtures';\n",
      },
      { file: 'app.ts', text: "import { x } from './test/telegram';\n" },
      {
        file: 'modules/queue/queue.test.ts',
        text: "import { insertEntry } from '../../test/privacy-fixtures';\n",
      },
      { file: 'test/telegram.ts', text: "import { x } from './identities';\n" },
    ];
    expect(productionImportingTestHelpers(planted)).toEqual(['modules/queue/queue.service.ts', 'app.ts']);
  });
});
