import type { Reporter, TestModule } from 'vitest/node';

interface Span {
  first: number;
  last: number;
  files: number;
}

/**
 * Ends every run with one plain line, "tests: N passed, N failed", so that CI (and a person
 * scrolling a long log) can read the outcome of all projects at once; before it, where the time
 * went: each project's span from its first file's start to its last file's end, by this process's
 * clock (projects of one group share the two workers, so their spans overlap).
 */
export default class SummaryReporter implements Reporter {
  private readonly spans = new Map<string, Span>();
  private readonly started = new Map<string, number>();

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const name = module.project.name || 'root';
    const began = this.started.get(module.moduleId) ?? Date.now();
    const span = this.spans.get(name) ?? { first: began, last: began, files: 0 };
    span.first = Math.min(span.first, began);
    span.last = Math.max(span.last, Date.now());
    span.files += 1;
    this.spans.set(name, span);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const runStart = Math.min(...[...this.spans.values()].map((span) => span.first));
    const lines = [...this.spans.entries()]
      .sort(([, a], [, b]) => a.first - b.first)
      .map(
        ([name, span]) =>
          `  ${name}: ${span.files} files, ${((span.last - span.first) / 1000).toFixed(0)} s ` +
          `(from ${((span.first - runStart) / 1000).toFixed(0)} s to ${((span.last - runStart) / 1000).toFixed(0)} s)`,
      );
    if (lines.length > 0)
      process.stdout.write(`
time by project:
${lines.join('\n')}
`);
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
