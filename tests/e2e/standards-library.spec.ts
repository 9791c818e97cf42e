import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { answers, questionInput } from './support/chat';
import { dismissToasts, expect, horizontalOverflow, screenshot, signIn, test } from './support/fixtures';

/** The bundled library (standards/): three jurisdictions, 5,132 clauses. */
const GRADE_CROSSINGS = { code: 'CA Grade Crossings Regulations', name: 'Grade Crossings Regulations (SOR/2014-275)' };
const TSI = { code: 'EU TSI CCS (Decision 2012/88/EU)', name: 'EU TSI Control-Command and Signalling (Decision 2012/88/EU, historical)' };
const DEFINITION = 'SOR/2014-275, s. 1(1) "Advisory Speed Tab sign"';

function clausePath(code: string, ref: string): string {
  return `/standards/${encodeURIComponent(code)}/${encodeURIComponent(ref)}`;
}

/** Fails on any serious or critical axe violation of the page as it is now. */
async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

/** At 1280 and 375 px: the page fits, and a screenshot of each (full page where asked). */
async function atBothWidths(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>, options: { fullPage?: boolean; axe?: boolean } = {}) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await ready();
    expect(await horizontalOverflow(page), `${name} at ${width}px`).toBeLessThanOrEqual(0);
    if (options.axe) await expectNoSeriousAxeViolations(page, `${name} ${width}px`);
    await screenshot(page, testInfo, `${name}-${width}.png`, { fullPage: options.fullPage ?? false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test.describe('the standards library of three jurisdictions', () => {
  test('/standards lists the United States, Canada and the European Union, and opens a Canadian standard with its documents', async ({ page }, testInfo) => {
    await page.goto('/standards');
    await expect(page).toHaveTitle('Standards Library | Trackside');
    await atBothWidths(
      page,
      testInfo,
      'library-standards',
      async () => {
        // The three jurisdictions first, coming soon last; between them, standards other tests of the
        // run imported (the suite shares one server) are grouped as "Other".
        const headings = page.getByRole('heading', { level: 2 });
        await expect(headings.last()).toHaveText('Coming soon');
        expect((await headings.allTextContents()).slice(0, 3)).toEqual(['United States', 'Canada', 'European Union']);
      },
      { fullPage: true, axe: true },
    );
    await expect(page.getByRole('list', { name: 'United States' }).getByRole('link')).toHaveText([/^49 CFR .*2,991 clauses$/, /^49 U\.S\.C\. .*315 clauses$/]);
    await expect(page.getByRole('list', { name: 'Canada' }).getByRole('link')).toHaveCount(17);
    await expect(page.getByRole('list', { name: 'European Union' }).getByRole('link')).toHaveText([/Control-Command and Signalling.*132 clauses/]);
    // The bundled 5,132, and whatever other tests of the run imported.
    const total = page.getByText(/[\d,]+ clauses in all\./);
    await expect(total).toBeVisible();
    expect(Number(/([\d,]+) clauses in all/.exec((await total.textContent())!)![1]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(5132);

    await page
      .getByRole('list', { name: 'Canada' })
      .getByRole('link', { name: new RegExp(`^${GRADE_CROSSINGS.name.replace(/[()/]/g, '\\$&')}`) })
      .click();
    await expect(page).toHaveURL(/\/standards\/CA%20Grade%20Crossings%20Regulations$/);
    await atBothWidths(
      page,
      testInfo,
      'library-canadian-standard',
      async () => {
        await expect(page.getByRole('heading', { name: GRADE_CROSSINGS.name, level: 1 })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Documents of this standard' })).toContainText('SOR/2014-275');
      },
      { fullPage: true, axe: true },
    );
    await expect(page.getByText('Canada · 144 clauses')).toBeVisible();
    const source = page.getByRole('link', { name: 'https://laws-lois.justice.gc.ca/eng/regulations/SOR-2014-275/' });
    await expect(source).toHaveAttribute('target', '_blank');
    await expect(source).toHaveAttribute('rel', /noopener/);
    // Its only document is open: the regulation's sections under its own headings, no CFR "Subpart";
    // a heading that shares its first division with the one before shows only what is new.
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByText('Information Sharing / Railway Company', { exact: true })).toBeVisible();
    await expect(sections.getByText('Road Authority', { exact: true })).toBeVisible();
    await expect(sections.getByText(/^Subpart/)).toHaveCount(0);
    await sections.getByRole('link', { name: /^12\s+Information$/ }).click();
    await expect(page).toHaveURL(/\?section=12$/);
    await expect(page.getByRole('heading', { name: 'SOR/2014-275, s. 12 Information', level: 2 })).toBeVisible();
    await expect(page.getByRole('article', { name: 'SOR/2014-275, s. 12' })).toBeVisible();
  });

  test('Canadian and EU clause deep links, their codes and refs holding slashes, commas, parentheses and quotes', async ({ page }, testInfo) => {
    await page.goto(clausePath(GRADE_CROSSINGS.code, DEFINITION));
    const definition = page.getByRole('article', { name: DEFINITION });
    await atBothWidths(page, testInfo, 'library-canadian-clause', async () => {
      await expect(definition).toBeInViewport();
      await expect(definition).toContainText('Advisory Speed Tab sign means the sign referred to in article 8.2.1');
    });
    await expect(definition.getByRole('link', { name: `Link to ${DEFINITION}` })).toHaveAttribute('aria-current', 'location');
    await expect(page.getByRole('heading', { name: 'SOR/2014-275, s. 1 Definitions', level: 2 })).toBeAttached();
    await expect(page.getByRole('heading', { name: GRADE_CROSSINGS.name, level: 1 })).toBeAttached();

    // A section far down the longest Canadian table of contents (588 sections) opens and is marked in it.
    await page.goto(`/standards/${encodeURIComponent('CA Railway Safety Appliance Standards Regulations')}?section=${encodeURIComponent('Sch. I, s. 349.4')}`);
    await expect(page.getByRole('heading', { name: /^C\.R\.C\., c\. 1171, Sch\. I, s\. 349\.4 /, level: 2 })).toBeVisible();
    const current = page.getByRole('navigation', { name: 'Sections' }).locator('[aria-current="page"]');
    await expect(current).toContainText('Sch. I, s. 349.4');
    await expect(current).toBeInViewport();

    await page.goto(clausePath(TSI.code, 'TSI CCS 4.2.1'));
    await atBothWidths(page, testInfo, 'library-eu-clause', async () => {
      await expect(page.getByRole('heading', { name: /^TSI CCS 4\.2\.1 Control-Command and Signalling safety characteristics/, level: 2 })).toBeVisible();
      await expect(page.getByRole('article', { name: 'TSI CCS 4.2.1' })).toBeVisible();
    });
    await expect(page.getByRole('heading', { name: TSI.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('European Union');
  });

  test('a Canadian standard picked in /chat is answered from, cited as Canada writes it, and its clause opens in the library', async ({
    page,
    user,
  }, testInfo) => {
    await signIn(page, user);
    await expect(page).toHaveURL(/\/chat$/);
    const select = page.getByRole('combobox', { name: 'Standard' });
    await expect(select.locator('optgroup[label="Canada"] option')).toHaveCount(17);
    // Other tests of the run may have imported standards of their own, listed as "Other".
    const groups = (await select.locator('optgroup').evaluateAll((all) => all.map((g) => (g as HTMLOptGroupElement).label))).filter((g) => g !== 'Other');
    expect(groups).toEqual(['United States', 'Canada', 'European Union', 'Across standards', 'Coming soon']);
    await expect(select.locator('optgroup[label="Coming soon"] option').first()).toBeDisabled();
    // The selector open (Chromium draws the native list into the screenshot).
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await dismissToasts(page);
      await select.click();
      await screenshot(page, testInfo, `library-chat-selector-${width}.png`, { nativePopupOpen: true });
      await page.keyboard.press('Escape');
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await select.selectOption({ label: GRADE_CROSSINGS.name });
    await expect(page.getByRole('log')).toContainText(`using ${GRADE_CROSSINGS.name}`);
    await questionInput(page).fill('When must a Railway Crossing Ahead sign with an Advisory Speed Tab sign be installed?');
    await questionInput(page).press('Enter');
    const answer = answers(page).last();
    await expect(answer).toBeVisible({ timeout: 30_000 });
    const chip = answer.getByRole('list', { name: 'Cited clauses' }).getByRole('button', { name: /^SOR\/2014-275, s\. 80\b/ });
    await expect(chip).toBeVisible();
    await expect(answer).not.toContainText('CA Grade Crossings Regulations SOR');
    await atBothWidths(page, testInfo, 'library-chat-canadian-answer', async () => {
      await chip.scrollIntoViewIfNeeded();
      await expect(chip).toBeInViewport();
    });

    await chip.click();
    const dialog = page.getByRole('dialog', { name: /^SOR\/2014-275, s\. 80/ });
    await expect(dialog).toContainText('Railway Crossing Ahead sign');
    await dialog.getByRole('link', { name: 'Open in Standards Library' }).click();
    await expect(page).toHaveURL(/\/standards\/CA%20Grade%20Crossings%20Regulations\/SOR%2F2014-275%2C%20s\.%2080$/);
    await expect(page.getByRole('article', { name: 'SOR/2014-275, s. 80' })).toBeVisible();
  });
});
