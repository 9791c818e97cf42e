import type { Page } from '@playwright/test';
import { answers, conversation, questionInput as input } from './support/chat';
import { expect, horizontalOverflow, screenshot, signIn, test } from './support/fixtures';

/** A question of the retrieval dev set whose answer is 49 CFR 213.115 (Track and Civil). */
const QUESTION = "What's the maximum rail end mismatch on the running surface at a joint for class 3 track?";
const WELCOME = "Hello! I'm your personal AI railway assistant.";
const APOLOGY = 'Sorry, there was an error processing your request. Please try again later';
const FAILED_TOAST = 'Failed to get response from AI service. Please check your connection and try again.';

function userMessages(page: Page) {
  return conversation(page).getByRole('listitem').filter({ hasText: 'You said:' });
}

/** Signs in (landing on /chat) and waits until a question can be asked. */
async function openChat(page: Page, user: Parameters<typeof signIn>[1]) {
  await signIn(page, user);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(input(page)).toBeEnabled();
}

async function ask(page: Page, question: string) {
  await input(page).fill(question);
  await input(page).press('Enter');
}

test.describe('Compliance Assistant', () => {
  test('answers a dev-set question with a citation whose clause text opens', async ({ page, user }, testInfo) => {
    await openChat(page, user);
    await page.getByLabel('Discipline', { exact: true }).selectOption('Track and Civil');
    await expect(conversation(page)).toContainText(WELCOME);
    await ask(page, QUESTION);

    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page)).toContainText(QUESTION);
    const answer = answers(page).last();
    await expect(answer).toBeVisible({ timeout: 30_000 });
    const chip = answer.getByRole('list', { name: 'Cited clauses' }).getByRole('button', { name: /213\.115/ });
    await expect(chip).toBeVisible();
    await expect(chip).toContainText('213.115');
    await expect(page.getByRole('status').filter({ hasText: 'Consulting railway standards...' })).toBeHidden();

    await screenshot(page, testInfo, 'chat-answer-1280.png');
    await page.setViewportSize({ width: 375, height: 812 });
    await chip.scrollIntoViewIfNeeded();
    await expect(chip).toBeInViewport();
    expect(await horizontalOverflow(page), '/chat at 375px').toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'chat-answer-375.png');
    await page.setViewportSize({ width: 1280, height: 720 });

    await chip.click();
    const dialog = page.getByRole('dialog', { name: /213\.115/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Rail end mismatch');
    await expect(dialog).toContainText('Class 3 track | 3/16 | 3/16');
    await expect(dialog.getByRole('link', { name: 'Open in Standards Library' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Enter sends, Shift+Enter adds a newline, blank input is ignored', async ({ page, user }) => {
    await openChat(page, user);
    const box = input(page);

    await box.fill('   ');
    await box.press('Enter');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await expect(userMessages(page)).toHaveCount(0);

    await box.fill('Rail end mismatch limits');
    await box.press('Shift+Enter');
    await box.pressSequentially('for class 3 track?');
    await expect(box).toHaveValue('Rail end mismatch limits\nfor class 3 track?');
    await expect(userMessages(page)).toHaveCount(0);

    await box.press('Enter');
    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page).first()).toContainText('Rail end mismatch limits\nfor class 3 track?', { useInnerText: true });
    await expect(box).toHaveValue('');
    await expect(answers(page)).toHaveCount(1, { timeout: 30_000 });
  });

  test('Clear resets to the welcome, and a past conversation reopens from the history', async ({ page, user }) => {
    await openChat(page, user);
    await ask(page, QUESTION);
    await expect(answers(page)).toHaveCount(1, { timeout: 30_000 });

    await test.step('Clear', async () => {
      await page.getByRole('button', { name: 'Clear conversation' }).click();
      await expect(conversation(page).getByRole('listitem')).toHaveCount(1);
      await expect(conversation(page)).toContainText(WELCOME);
      // The stored history went too: a reload still shows only the welcome.
      await page.reload();
      await expect(input(page)).toBeEnabled();
      await expect(conversation(page).getByRole('listitem')).toHaveCount(1);
      await expect(conversation(page)).toContainText(WELCOME);
    });

    await test.step('reopen from the history panel', async () => {
      await page.getByRole('button', { name: 'Past conversations' }).click();
      const panel = page.getByRole('dialog', { name: 'Past conversations' });
      await panel
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button', { name: /^What's the maximum rail end mismatch/ })
        .click();
      await expect(panel).toBeHidden();
      await expect(userMessages(page)).toHaveCount(1);
      await expect(userMessages(page)).toContainText(QUESTION);
      await expect(answers(page)).toHaveCount(1);
      await expect(answers(page).getByRole('button', { name: /213\.115/ })).toBeVisible();
    });

    await test.step('the reopened conversation continues', async () => {
      await ask(page, 'And for class 4 track?');
      await expect(answers(page)).toHaveCount(2, { timeout: 30_000 });
    });
  });

  test('a failing AI service gives the apology and the error toast', async ({ page, user }) => {
    const failure = {
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The AI service is unavailable', code: 'ai_service_error' }),
    };
    await page.route('**/api/chat/stream', (route) => route.fulfill(failure));
    await page.route('**/api/chat', (route) => route.fulfill(failure));
    await openChat(page, user);
    await ask(page, QUESTION);

    const apology = conversation(page).getByRole('listitem').filter({ hasText: APOLOGY });
    await expect(apology).toBeVisible();
    await expect(apology).toContainText('The AI service is unavailable');
    await expect(page.getByText(FAILED_TOAST)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Consulting railway standards...' })).toBeHidden();
    // The box is ready for another try.
    await expect(input(page)).toBeEnabled();
  });

  test('a question stored on the landing page (initialQuestion) is asked on arrival', async ({ page, user }) => {
    await openChat(page, user);
    await page.evaluate((q) => localStorage.setItem('initialQuestion', q), QUESTION);
    await page.goto('/chat');

    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page)).toContainText(QUESTION);
    await expect(answers(page)).toHaveCount(1, { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('initialQuestion'))).toBeNull();
  });
});
