/**
 * Deep research on a comparison in the UI, in web mode over the nomad web
 * (tests/support/nomad-web.ts), whose results page suggests nothing: the plan shown is a
 * sub-question per side, each side's advantages and drawbacks, and the report has a section per
 * side whose points are about that side. Screens in light and dark, wide and phone.
 */
import { expect, test } from '@playwright/test';
import { comparisonFacets } from '../../src/main/answer/question-shape';
import { askQuestion } from './support/ask';
import { useNomadMode } from './support/nomad-mode';
import { checkScreen } from './support/ui-checks';

const QUESTION = 'Digital nomad visa in Portugal or Spain: which is better?';
const SIDES = comparisonFacets(QUESTION);

const nomadPage = useNomadMode();

test('a comparison the results page suggests nothing for is planned and reported by its sides', async () => {
  const page = nomadPage();
  expect(SIDES).toEqual([
    'Digital nomad visa in Portugal: advantages and drawbacks (vs Spain)?',
    'Spain: advantages and drawbacks (vs Digital nomad visa in Portugal)?',
  ]);
  await page.getByRole('radio', { name: 'Deep research' }).click();
  await askQuestion(page, QUESTION);
  const plan = page.getByRole('region', { name: 'Research plan' });
  await expect(plan.getByRole('listitem')).toHaveCount(SIDES.length);
  for (const [i, side] of SIDES.entries())
    await expect(plan.getByRole('textbox', { name: `Sub-question ${i + 1}` })).toHaveValue(side);
  await checkScreen(page, 'comparison-plan');

  await plan.getByRole('button', { name: 'Start research' }).click();
  const report = page.getByRole('article', { name: 'Research report' });
  await expect(report.getByRole('button', { name: 'Copy report' })).toBeVisible();
  expect(await report.locator('.report-section > h2').allTextContents()).toEqual(SIDES);
  // Each side's section quotes that side's pages, cited.
  const [portugal, spain] = SIDES.map((side) => report.getByRole('region', { name: side }));
  await expect(portugal!).toContainText('Portugal');
  await expect(spain!).toContainText('Spain');
  await expect(spain!.getByRole('button', { name: /^Source \d+, / }).first()).toBeVisible();
  await checkScreen(page, 'comparison-report');
});
