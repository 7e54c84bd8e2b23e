import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order within a project, the projects in order of their files' length: integration,
 * then data, then unit. On a fresh clone (CI) Vitest has no durations from an earlier run and
 * starts the largest files first, so a short file with a long run (search-recorded-pages reads 166
 * pages in Chromium) started last and ran alone while the other worker sat idle. The integration
 * files (browsers, servers, the built CLI) are the long ones, the data files take seconds of CPU
 * each over a whole data set, and the unit files take milliseconds each and fill in beside the last
 * of them. Each project is a folder (vitest.config.ts); the folder decides, so the order holds
 * in vitest.mutate.config.ts too, which has no projects.
 */
const LATER = ['/tests/data/', '/tests/unit/'];

/** 0 for integration (and anything else), 1 for data, 2 for unit. */
const rank = (file: TestSpecification): number => LATER.findIndex((folder) => file.moduleId.includes(folder)) + 1;

export default class IntegrationFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: each group keeps Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
