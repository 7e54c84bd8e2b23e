import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order within a project, the projects in order of their files' length: integration,
 * then data, then unit. On a fresh clone (CI) Vitest has no durations from an earlier run and
 * starts the largest files first. The integration files (browsers, servers, the built CLI) are the
 * long ones; the data files go over whole data sets, tens of seconds of CPU each, and come after
 * them, so the run's start (the UI suite and the static checks starting beside it) is not also
 * where the CPU-bound files are (a data file started first took 323 s for 20 s of CPU there); the
 * unit files take milliseconds each and fill in beside the last of them. Each project is a folder
 * (vitest.config.ts); the folder decides, so the order holds in vitest.mutate.config.ts too, which
 * has no projects.
 */
const ORDER = ['/tests/integration/', '/tests/data/', '/tests/unit/'];

/** A file's place in ORDER; anything else runs with the integration files. */
const rank = (file: TestSpecification): number =>
  Math.max(
    0,
    ORDER.findIndex((folder) => file.moduleId.includes(folder)),
  );

export default class IntegrationFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: each group keeps Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
