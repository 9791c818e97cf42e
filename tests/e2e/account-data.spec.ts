import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { answers, questionInput as input } from './support/chat';
import { createUser, expect, horizontalOverflow, screenshot, signIn, test, type E2eUser } from './support/fixtures';

/** Two questions of the retrieval dev set: one the user asks, the other the other user asks. */
const MINE = "What's the maximum rail end mismatch on the running surface at a joint for class 3 track?";
const THEIRS = 'How often must track be inspected on class 3 track?';

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });

async function askOnce(page: Page, user: E2eUser, question: string) {
  await signIn(page, user);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(input(page)).toBeEnabled();
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect(answers(page).last()).toBeVisible({ timeout: 30_000 });
}

test('a user downloads their data (their conversation, nobody else’s), deletes the account, and the admin sees both in the audit log', async ({
  page,
  browser,
  user,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step('another user has a conversation of their own', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    try {
      await askOnce(await context.newPage(), await createUser(), THEIRS);
    } finally {
      await context.close();
    }
  });

  await test.step('the user has one too', async () => {
    await askOnce(page, user, MINE);
  });

  await test.step('Download my data prepares a zip; it holds my conversation and not the other’s', async () => {
    await page.goto('/profile');
    const card = yourData(page);
    await card.getByRole('button', { name: 'Download my data' }).click();
    const download = card.getByRole('button', { name: 'Download zip' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('available until');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'your-data-1280.png');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^trackside-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile(await file.path())));
    const conversations = Object.keys(zip).filter((name) => name.startsWith('conversations/'));
    expect(conversations).toHaveLength(1);
    const text = strFromU8(zip[conversations[0]!]!);
    expect(text).toContain(MINE);
    expect(text).toContain('citations');
    expect(
      Object.values(zip)
        .map((f) => strFromU8(f))
        .join('\n'),
    ).not.toContain(THEIRS);
    expect(strFromU8(zip['account.json']!)).toContain(user.email);
  });

  await test.step('at 375 px the card fits', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await yourData(page).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'your-data-375.png');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('Delete my account asks for the password, refuses a wrong one, then deletes and lands home', async () => {
    await yourData(page).getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await dialog.getByLabel('Password').fill('Not-my-password-1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog).toContainText('That password is not correct.');
    await screenshot(page, testInfo, 'delete-account-dialog-1280.png');
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account and your data have been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
  });

  await test.step('the user cannot sign in any more', async () => {
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Invalid login credentials')).toBeVisible();
  });

  await test.step('the admin sees the export, the download and the deletion in the audit log, without the e-mail', async () => {
    const admin = await createUser(undefined, { admin: true });
    await signIn(page, admin);
    await page.goto('/admin?tab=users');
    const log = page.getByRole('list', { name: 'Audit log entries' });
    await expect(log).toContainText('deleted their account and its data');
    await expect(log).toContainText('asked for a copy of their data');
    await expect(log).toContainText('downloaded a copy of their data');
    await expect(log).not.toContainText(user.email);
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'audit-deletion-1280.png');
  });
});
