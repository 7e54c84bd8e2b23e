import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order within a project, the projects longest first: data, then integration, then
 * unit. On a fresh clone (CI) Vitest has no durations from an earlier run and starts the largest
 * files first, so a short file with a long run started last and ran alone at the end while the
 * other cores sat idle (search-recorded-pages, 166 pages in Chromium, over a minute at the tail of
 * a CI run). The data files go over whole data sets, each tens of seconds of CPU; the integration
 * files (browsers, servers, the built CLI) come next, and the unit files take milliseconds each and
 * fill in beside the last of them. Each project is a folder (vitest.config.ts); the folder decides,
 * so the order holds in vitest.mutate.config.ts too, which has no projects.
 */
const ORDER = ['/tests/data/', '/tests/integration/', '/tests/unit/'];

/** A file's place in ORDER; anything else runs with the integration files. */
const rank = (file: TestSpecification): number => {
  const place = ORDER.findIndex((folder) => file.moduleId.includes(folder));
  return place === -1 ? 1 : place;
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: each group keeps Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
