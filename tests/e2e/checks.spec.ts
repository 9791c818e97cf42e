import { readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, horizontalOverflow, screenshot, signIn, test } from './support/fixtures';

/** The design samples sit beside the repository (../shared), wherever it is checked out. */
const SAMPLES = path.resolve(import.meta.dirname, '../../../shared/design-samples');
const CURVE_SCHEDULE = path.join(SAMPLES, 'curve-schedule.csv');
const DWG_REFUSED =
  'DWG is a proprietary format and Trackside has no open reader for it. Please export the drawing as DXF or IFC, or print it to PDF, and upload that file.';

/** The findings table's rows that hold a finding (not its header, not a closed detail row). */
function findingRows(page: Page) {
  return page.getByRole('table', { name: 'Findings' }).locator('tbody > tr:not([hidden])');
}

test.describe('document check', () => {
  test('upload the curve schedule, read its 7 non-conformances, filter, open a source, override one with a note, download the report, open a clause', async ({
    page,
    user,
  }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, user);

    await test.step('reach /checks from the Compliance Assistant', async () => {
      // On a phone the link is an icon in the chat's header, which must still fit.
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByRole('link', { name: 'Check a document' })).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, testInfo, 'checks-chat-375.png');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('link', { name: 'Check a document' }).click();
      await expect(page).toHaveURL(/\/checks$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Document Check' })).toBeVisible();
      await expect(page.getByText('You have not checked a document yet.')).toBeVisible();
    });

    await test.step('upload, then follow the check to its findings', async () => {
      await page.getByLabel('Choose a document to check').setInputFiles(CURVE_SCHEDULE);
      await expect(page).toHaveURL(/\/checks\/[0-9a-f-]{36}$/);
      // The focus lands on the new check, for keyboard and screen-reader users.
      await expect(page.getByRole('heading', { level: 2, name: 'curve-schedule.csv' })).toBeFocused();
      await expect(page.getByRole('table', { name: 'Findings' })).toBeVisible({ timeout: 60_000 });
      const summary = page.getByLabel('Summary');
      await expect(summary.getByRole('definition').first()).toHaveText('7');
      await expect(page.getByRole('region', { name: 'Your checks' }).getByRole('link', { name: /curve-schedule\.csv/ })).toContainText('7 non-conformances');
    });

    await test.step('filter by verdict', async () => {
      await page.getByRole('button', { name: /^Non-conformance \d+$/ }).click();
      await expect(page.getByRole('button', { name: /^Non-conformance \d+$/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(findingRows(page)).toHaveCount(7);
      await expect(page.getByText(/^Showing 7 of \d+ findings$/)).toBeVisible();
    });

    const first = findingRows(page).first();
    await test.step("open the first finding's place in the document", async () => {
      await first.getByRole('button', { name: /^Show .* in the document$/ }).click();
      const passage = page.getByRole('region', { name: /^The table row at CSV line \d+/ });
      await expect(passage).toBeVisible();
      await expect(passage.locator('mark')).toHaveCount(1);
    });

    await screenshot(page, testInfo, 'checks-1280.png', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('table', { name: 'Findings' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, testInfo, 'checks-375.png', { fullPage: false });
    await page.getByRole('table', { name: 'Findings' }).evaluate((table) => table.scrollIntoView({ block: 'start' }));
    await screenshot(page, testInfo, 'checks-375-findings.png', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    const clause = (await first.getByRole('link', { name: /^§ / }).textContent())!.replace('§', '').trim();
    await test.step('override the first non-conformance with a note, and see it in the audit trail', async () => {
      await first.getByRole('button', { name: /^Override the verdict of / }).click();
      const dialog = page.getByRole('dialog', { name: 'Override the verdict' });
      await dialog.getByRole('radio', { name: 'Needs review' }).check();
      await dialog.getByRole('button', { name: 'Save override' }).click();
      await expect(dialog.getByText('Say why the verdict is changed')).toBeVisible();
      await dialog.getByLabel('Note').fill('Superelevation to be confirmed by survey before the next review');
      await dialog.getByRole('button', { name: 'Save override' }).click();
      await expect(dialog).toBeHidden();
      const audit = page.getByRole('region', { name: 'Audit trail' });
      await expect(audit.getByRole('listitem')).toHaveCount(1);
      await expect(audit).toContainText('changed Non-conformance to Needs review');
      await expect(audit).toContainText('Superelevation to be confirmed by survey before the next review');
      // Filtered on non-conformances, the reviewed finding has left the list.
      await expect(findingRows(page)).toHaveCount(6);
      await page.getByRole('button', { name: /^Needs review \d+$/ }).click();
      await expect(page.getByRole('table', { name: 'Findings' })).toContainText('Superelevation to be confirmed by survey before the next review');
    });
    await test.step('no serious or critical accessibility violations, with a finding opened, at 1280 and 375 px', async () => {
      await findingRows(page)
        .first()
        .getByRole('button', { name: /^Show .* in the document$/ })
        .click();
      await expect(page.getByRole('region', { name: /^The table row at / })).toBeVisible();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // The override's toast is the toaster's, checked with it elsewhere; a toast fading out would be measured half transparent.
      for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) await close.click().catch(() => undefined);
      await expect(page.getByRole('button', { name: 'Close toast' })).toHaveCount(0);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${width}px ${v.id}: ${v.help} → ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(' | ')}`,
          );
        expect(serious).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    });
    await screenshot(page, testInfo, 'checks-1280-reviewed.png', { fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, testInfo, 'checks-375-reviewed.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await test.step('download the report: a DOCX with the redline as tracked changes and the clause comments', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download report (DOCX)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('curve-schedule - check report.docx');
      const parts = unzipSync(new Uint8Array(await readFile((await download.path())!)));
      const body = strFromU8(parts['word/document.xml']!);
      expect(body.match(/<w:del /g)?.length).toBeGreaterThanOrEqual(6);
      expect(body.match(/<w:ins /g)?.length).toBeGreaterThanOrEqual(6);
      const comments = strFromU8(parts['word/comments.xml']!);
      // One comment per non-conformance left after the override, each citing its clause's words.
      expect(comments.match(/<w:comment /g)).toHaveLength(6);
      expect(comments).toContain('49 CFR 213.9(a): “Class 3 track | 40 | 60”');
      // The reviewer's override is in the report's audit trail.
      expect(body).toContain('Superelevation to be confirmed by survey before the next review');
    });

    await test.step('open a clause in the standards library', async () => {
      await findingRows(page)
        .first()
        .getByRole('link', { name: `§ ${clause}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/standards/49%20CFR/${clause.replace(/[()]/g, '\\$&')}$`));
      await expect(page.getByRole('heading', { name: new RegExp(`^49 CFR ${clause.split('(')[0]!.replace('.', '\\.')}`) }).first()).toBeVisible();
    });
  });

  test('a DWG drawing is refused with the reason and what to upload instead', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto('/checks');
    await page.getByLabel('Choose a document to check').setInputFiles({
      name: 'station-layout.dwg',
      mimeType: 'application/acad',
      buffer: Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(512)]),
    });
    await expect(page.getByRole('alert')).toHaveText(DWG_REFUSED);
    await expect(page).toHaveURL(/\/checks$/);
  });
});
