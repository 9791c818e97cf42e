import type { Page } from '@playwright/test';

/** The /chat page's conversation and question box, as a user finds them (by role and name). */

export function conversation(page: Page) {
  return page.getByRole('log');
}

export function answers(page: Page) {
  return conversation(page).getByRole('listitem').filter({ hasText: 'Assistant answered:' });
}

export function questionInput(page: Page) {
  return page.getByRole('textbox', { name: 'Ask a railway engineering question' });
}
