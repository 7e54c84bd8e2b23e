import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Without the projects (each would bring its own include): the list below is all a mutant runs.
const { projects: _projects, ...shared } = base.test ?? {};

/**
 * The tests `npm run mutate` (stryker.config.mjs) runs against each mutant: the ones written for
 * the mutated modules. Not `vitest related`: every server test imports the API guard, and running
 * them all per mutant would take hours on two cores.
 */
export default defineConfig({
  test: {
    ...shared,
    include: [
      'tests/unit/answer-check-citations.test.ts',
      'tests/unit/answer-citation-facts.test.ts',
      'tests/unit/fetch-url-policy.test.ts',
      'tests/integration/fetch-guarded-connect.test.ts',
      'tests/integration/fetch-guard.test.ts',
      'tests/unit/api-guard.test.ts',
      'tests/integration/api-guard.test.ts',
      'tests/integration/web-ui.test.ts',
      'tests/integration/web-ui-session.test.ts',
      'tests/unit/google-classify.test.ts',
    ],
    // Stryker's own progress line is what a mutation run shows.
    reporters: ['default'],
  },
});
