import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { answers, questionInput } from './support/chat';
import { expect, horizontalOverflow, screenshot, signIn, test } from './support/fixtures';

const TOPIC = 'how often the flashing lights, gates and bells of a grade crossing warning system must be inspected and tested';
const CFR = '49 CFR (US Federal Railroad Administration)';
const GRADE_CROSSINGS = 'Grade Crossings Regulations (SOR/2014-275)';
const TSI = 'EU TSI Control-Command and Signalling (Decision 2012/88/EU, historical)';

function column(page: Page, name: string) {
  return page.getByRole('list', { name: 'Standards compared' }).getByRole('article', { name });
}

async function seriousViolations(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 900 });
  // The sign-in toast belongs to the page before; it would stand over the form being checked.
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) await close.click().catch(() => undefined);
  await expect(page.getByRole('button', { name: 'Close toast' })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${width}px ${v.id}: ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

// Toasts and transitions settled at once: axe judges contrast on what is drawn, not mid-fade.
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test.describe('comparison of standards', () => {
  test('compare a topic across three standards from the AI Assistants menu: quoted clauses, a silent standard, deep links, exports', async ({
    page,
    user,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, user);
    await page.setViewportSize({ width: 1280, height: 800 });

    await test.step('open /compare from the AI Assistants menu', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'AI Assistants' }).click();
      await page.getByRole('link', { name: /Compare Standards/ }).click();
      await expect(page).toHaveURL(/\/compare$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Compare Standards' })).toBeVisible();
      // Grouped by jurisdiction.
      for (const jurisdiction of ['Canada', 'European Union', 'United States']) await expect(page.getByRole('group', { name: jurisdiction })).toBeVisible();
    });

    await test.step('a topic and two standards are required; the first field in error takes the focus', async () => {
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      await expect(page.getByText('Name the topic to compare')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Topic' })).toBeFocused();
      await page.getByRole('textbox', { name: 'Topic' }).fill(TOPIC);
      // By keyboard: tab into the standards and tick one with the space bar.
      await page.getByRole('checkbox', { name: CFR }).focus();
      await page.keyboard.press('Space');
      await expect(page.getByRole('checkbox', { name: CFR })).toBeChecked();
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      await expect(page.getByText('Choose at least two standards to compare')).toBeVisible();
    });

    await test.step('compare: one column per standard, the silent one says so', async () => {
      await page.getByRole('checkbox', { name: GRADE_CROSSINGS }).check();
      await page.getByRole('checkbox', { name: TSI }).check();
      await page.getByRole('textbox', { name: 'Topic' }).press('Enter');
      const heading = page.getByRole('heading', { level: 2, name: `Comparison: ${TOPIC}` });
      await expect(heading).toBeVisible({ timeout: 60_000 });
      await expect(heading).toBeFocused();
      await expect(page).toHaveURL(/\/compare\?topic=.+&standard=49\+CFR&standard=/);
      await expect(
        column(page, CFR)
          .getByRole('link', { name: /234\.257/ })
          .first(),
      ).toBeVisible();
      await expect(column(page, GRADE_CROSSINGS).getByRole('link').first()).toBeVisible();
      await expect(column(page, TSI)).toContainText(`No provision found in ${TSI}`);
      await expect(column(page, TSI).getByRole('link')).toHaveCount(0);
    });

    await test.step('accessible and responsive: no serious axe violation, no sideways scrolling, columns stacked on a phone', async () => {
      for (const width of [1280, 375]) expect(await seriousViolations(page, width)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      const [a, b] = await Promise.all([column(page, CFR).boundingBox(), column(page, GRADE_CROSSINGS).boundingBox()]);
      expect(a!.y).toBe(b!.y);
      await screenshot(page, testInfo, 'compare-1280.png', { fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await horizontalOverflow(page), '/compare at 375px').toBe(0);
      const [c, d] = await Promise.all([column(page, CFR).boundingBox(), column(page, GRADE_CROSSINGS).boundingBox()]);
      expect(d!.y).toBeGreaterThan(c!.y + c!.height - 1);
      await screenshot(page, testInfo, 'compare-375.png', { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('export as DOCX and CSV', async () => {
      let downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export DOCX' }).click();
      let download = await downloading;
      expect(download.suggestedFilename()).toBe('comparison-how-often-the-flashing-lights-gates-and-bells-of-a-grade.docx');
      const documentXml = strFromU8(unzipSync(new Uint8Array(await readFile((await download.path())!)))['word/document.xml']!);
      expect(documentXml).toContain('49 CFR 234.257');
      expect(documentXml).toContain(`No provision found in EU TSI CCS (Decision 2012/88/EU)`);

      downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      download = await downloading;
      expect(download.suggestedFilename()).toBe('comparison-how-often-the-flashing-lights-gates-and-bells-of-a-grade.csv');
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv).toContain('Standard,Status,Kind,Reference,Section,Heading or parameter,Quote or value,Unit,Link');
      expect(csv).toContain('49 CFR,provisions,provision,49 CFR 234.257');
    });

    await test.step('a quoted clause opens in the standards library', async () => {
      await column(page, CFR)
        .getByRole('link', { name: /234\.257/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/standards\/49%20CFR\/234\.257/);
      await expect(page.getByText(/shall be tested at least once each month/).first()).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { level: 2, name: `Comparison: ${TOPIC}` })).toBeVisible();
    });
  });

  test('the chat’s Comparative Table answers with a table of cited clauses', async ({ page, user }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page, user);
    await expect(page).toHaveURL(/\/chat$/);
    await page.getByLabel('Standard', { exact: true }).selectOption('Comparative Table');
    await questionInput(page).fill('How often must grade crossing warning systems be inspected and tested in 49 CFR and the Grade Crossings Regulations?');
    await questionInput(page).press('Enter');
    const answer = answers(page).last();
    await expect(answer.getByRole('table')).toBeVisible({ timeout: 60_000 });
    await expect(answer.getByRole('cell', { name: '49 CFR', exact: true })).toBeVisible();
    await expect(answer.getByRole('cell', { name: 'CA Grade Crossings Regulations', exact: true })).toBeVisible();
    await expect(answer.getByRole('link', { name: /^49 CFR 234\.257/ }).first()).toHaveAttribute('href', /^\/standards\/49%20CFR\/234\.257/);
    await expect(answer.getByRole('list', { name: 'Cited clauses' }).getByRole('button').first()).toBeVisible();
    await answer.getByRole('table').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'compare-chat-1280.png');
    await page.setViewportSize({ width: 375, height: 812 });
    await answer.getByRole('table').scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page), '/chat at 375px').toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'compare-chat-375.png');
  });
});
