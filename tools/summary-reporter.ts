import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every run with one plain line, "tests: N passed, N failed", so that CI (and a person
 * scrolling a long log) can read the outcome of all projects at once.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      // A file that failed outside its tests (an import, a beforeAll) counts once as failed, even
      // when its tests are listed as skipped: "0 failed" must never stand beside a failed file.
      const tests = [...module.children.allTests()];
      if (module.state() === 'failed' && !tests.some((test) => test.result().state === 'failed')) failed += 1;
      for (const test of tests) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${tail}\n`);
  }
}
