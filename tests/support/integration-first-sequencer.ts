import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order, with the tests/unit files moved behind all others. On a fresh clone (CI)
 * Vitest has no durations from an earlier run and starts the largest files first, so a short
 * file with a long run (search-recorded-pages reads 166 pages in Chromium) started last and ran
 * alone while the other worker sat idle. The integration files are the long ones (browsers,
 * servers, the built CLI); the unit files take milliseconds each and fill in beside the last of them.
 */
export default class IntegrationFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isUnit = (file: TestSpecification): boolean => file.moduleId.includes('/tests/unit/');
    return [...sorted.filter((file) => !isUnit(file)), ...sorted.filter(isUnit)];
  }
}
