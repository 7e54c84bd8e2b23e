/** Asking as a person does: type into the question box (or the follow-up box) and press Enter. */
import type { Page } from '@playwright/test';

export async function askQuestion(page: Page, question: string): Promise<void> {
  const box = page.getByRole('textbox', { name: /^(Question|Follow-up question)$/ });
  await box.fill(question);
  await box.press('Enter');
}
