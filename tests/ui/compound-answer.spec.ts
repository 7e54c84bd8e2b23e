/**
 * A quick answer to a compound question in the UI, in web mode over the nomad web
 * (tests/support/nomad-web.ts): the facet the pages answer gets its quoted, cited points under
 * its own words; the facet no page addresses is shown under its own words as not answered by the
 * sources, not left out. Screens in light and dark, wide and phone.
 */
import { expect, test } from '@playwright/test';
import { NOMAD_UNANSWERED_QUESTION } from '../support/nomad-web';
import { askQuestion } from './support/ask';
import { useNomadMode } from './support/nomad-mode';
import { checkScreen } from './support/ui-checks';

const nomadPage = useNomadMode();

test('a compound quick answer shows the facet no page answers as not answered, under its own words', async () => {
  const page = nomadPage();
  await askQuestion(page, NOMAD_UNANSWERED_QUESTION);
  // The answer is done when it can be copied (the suite's own timeouts are the net for a hang).
  await expect(page.getByRole('button', { name: 'Copy answer' })).toBeVisible();
  const answer = page.locator('.answer-text').first();
  await expect(answer.getByText('Which vaccinations are required?', { exact: true })).toBeVisible();
  await expect(answer.getByText('Not answered by the sources.', { exact: true })).toBeVisible();
  // The answered facet: its points quoted from the visa pages, each with a chip that checks.
  await expect(answer).toContainText('visa');
  await expect(answer.locator('.chip').first()).toBeVisible();
  await checkScreen(page, 'compound-unanswered-facet');
});
