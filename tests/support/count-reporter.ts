import type { Reporter, TestModule } from 'vitest/node';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const line = ({ passed, failed, skipped }: Counts): string =>
  `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;

/**
 * Prints a line per project (`  unit: N passed, N failed`) when more than one ran, then the closing
 * line CI reads: `N passed, N failed` (and skipped when any).
 */
export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const total: Counts = { passed: 0, failed: 0, skipped: 0 };
    const byProject = new Map<string, Counts>();
    for (const module of testModules) {
      const name = module.project.name;
      const project = byProject.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
      byProject.set(name, project);
      const failedBefore = project.failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') project.passed++;
        else if (state === 'failed') project.failed++;
        else project.skipped++;
      }
      // A file that fails to load, or whose beforeAll throws (its tests then count as skipped),
      // is still a failure.
      if (module.state() === 'failed' && project.failed === failedBefore) project.failed++;
    }
    for (const project of byProject.values()) {
      total.passed += project.passed;
      total.failed += project.failed;
      total.skipped += project.skipped;
    }
    total.failed += unhandledErrors.length;
    let out = '\n';
    if (byProject.size > 1)
      for (const [name, counts] of [...byProject].sort(([a], [b]) => a.localeCompare(b)))
        out += `  ${name || '(no project)'}: ${line(counts)}\n`;
    process.stdout.write(`${out}${line(total)}\n`);
  }
}
