import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createUser, expect, horizontalOverflow, screenshot, signIn, test } from './support/fixtures';

/** A small standard in the plain-text format: numbered headings and (a) paragraphs. */
const RAIL_WEAR_TXT = [
  '4.2.1 Rail wear limits',
  'Rails shall be inspected for wear at the intervals below.',
  '(a) Head wear shall not exceed 12 mm on main lines.',
  '(b) Side wear shall not exceed 8 mm at the gauge face.',
  '4.2.2 Rail end batter',
  '(a) Batter at rail ends shall not exceed 2 mm.',
  '',
].join('\n');
/** 4.2.1 (its intro), 4.2.1(a), 4.2.1(b) and 4.2.2(a). */
const RAIL_WEAR_CLAUSES = 4;
/** A catalogue standard the bundled library leaves empty, so the upload is all it holds. */
const STANDARD = 'Transport for NSW';

async function openAdmin(page: Page) {
  const admin = await createUser(undefined, { admin: true });
  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  // Podcasts is the first tab; the standards library comes after the content tabs.
  await page.getByRole('tab', { name: 'Standards' }).click();
  await expect(page.getByRole('tab', { name: 'Standards' })).toHaveAttribute('aria-selected', 'true');
}

test.describe('Admin dashboard › Standards', () => {
  test('an admin uploads a TXT standard, sees it with its clause count, and deletes it', async ({ page }, testInfo) => {
    const title = `E2E Rail Wear ${randomUUID().slice(0, 6)}`;
    const file = testInfo.outputPath('rail-wear.txt');
    await writeFile(file, RAIL_WEAR_TXT);

    await openAdmin(page);
    const standards = page.getByRole('table', { name: 'Standards' });
    const documents = page.getByRole('table', { name: 'Imported documents' });
    // The bundled 49 CFR parts are listed, with their clause counts.
    await expect(standards.getByRole('row', { name: /49 CFR.*Loaded/ })).toBeVisible();
    await expect(documents.getByRole('row', { name: /Part 213/ })).toBeVisible();
    await expect(standards.getByRole('row', { name: new RegExp(`${STANDARD}.* 0 No clauses`) })).toBeVisible();

    await test.step('upload', async () => {
      await page.getByLabel('Standard', { exact: true }).selectOption(STANDARD);
      await page.getByLabel('Discipline', { exact: true }).selectOption('Track and Civil');
      await page.getByLabel('Edition (optional)').fill('Rev 1');
      await page.getByLabel('Title (optional)').fill(title);
      await page.getByLabel('File').setInputFiles(file);
      await page.getByRole('button', { name: 'Upload and import' }).click();
      await expect(page.getByText(`Imported ${RAIL_WEAR_CLAUSES} clauses into ${STANDARD}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Upload and import' })).toBeEnabled();
    });

    const row = documents.getByRole('row', { name: new RegExp(title) });
    await test.step('listed with its clause count', async () => {
      await expect(row).toBeVisible();
      await expect(row.getByRole('cell').filter({ hasText: new RegExp(`^${RAIL_WEAR_CLAUSES}$`) })).toBeVisible();
      await expect(row).toContainText('Rev 1');
      await expect(standards.getByRole('row', { name: new RegExp(`${STANDARD}.* ${RAIL_WEAR_CLAUSES} Loaded`) })).toBeVisible();
    });

    await test.step('screenshots at 1280 and 375 px', async () => {
      await screenshot(page, testInfo, 'admin-standards-1280.png', { fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(row).toBeVisible();
      expect(await horizontalOverflow(page), '/admin at 375px').toBeLessThanOrEqual(0);
      await screenshot(page, testInfo, 'admin-standards-375.png', { fullPage: true });
      // The documents table as a phone shows it: the Delete buttons stay in view.
      await row.scrollIntoViewIfNeeded();
      await expect(row.getByRole('button', { name: /^Delete / })).toBeInViewport();
      await screenshot(page, testInfo, 'admin-documents-375.png');
      await page.setViewportSize({ width: 1280, height: 720 });
    });

    await test.step('delete, after the confirmation', async () => {
      await row.getByRole('button', { name: `Delete ${title} (Rev 1)` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this edition?' });
      await expect(confirm).toContainText(title);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(confirm).toBeHidden();
      await expect(row).toHaveCount(0);
      await expect(standards.getByRole('row', { name: new RegExp(`${STANDARD}.* 0 No clauses`) })).toBeVisible();
    });
  });

  test("a file with no clauses is refused with the server's message", async ({ page }, testInfo) => {
    const file = testInfo.outputPath('notes.txt');
    await writeFile(file, 'Some notes about rails, without any numbered clauses at all.\n');
    await openAdmin(page);
    await page.getByLabel('File').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload and import' }).click();
    const alert = page.getByRole('form', { name: 'Upload a standards document' }).getByRole('alert');
    await expect(alert).toContainText('could not be imported');
    await expect(page.getByText('Upload Failed')).toBeVisible();
  });

  test('a non-admin visiting /admin is sent home', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto('/admin');
    await expect(page.getByText('You do not have admin privileges.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  });
});
