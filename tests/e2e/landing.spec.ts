import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, horizontalOverflow, screenshot, signIn, signInThroughForm, test } from './support/fixtures';

const BANNER = 'Website under construction - Some features may not be available yet';
const HEADLINE = 'Railway Expertise, On-Demand: Streamline Your Design & Compliance';

/** Scrolls through the page so every section has faded in (they reveal on scroll), then back to the top. */
async function revealAll(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await expect(page.locator('section[data-revealed="false"]')).toHaveCount(0);
  // Let the 0.6 s fades finish before anything is measured.
  await page.waitForTimeout(700);
  await page.evaluate(() => window.scrollTo(0, 0));
}

function solutionsCarousel(page: Page) {
  return page.getByRole('region', { name: 'Problems and solutions' });
}

/** The slide the carousel shows (at 375 px the others are hidden). */
function visibleSlide(page: Page) {
  return solutionsCarousel(page).locator('[aria-roledescription="slide"]:visible');
}

/** The left edges of the visible slides' columns, left to right (one per column of the grid). */
async function slideColumns(page: Page): Promise<number[]> {
  const lefts = await visibleSlide(page).evaluateAll((slides) => slides.map((slide) => Math.round(slide.getBoundingClientRect().left)));
  return [...new Set(lefts)].sort((a, b) => a - b);
}

function consultation(page: Page) {
  return page.getByRole('form', { name: 'Ask an expert question' });
}

function trackAndCivil(page: Page) {
  return page.getByRole('region', { name: 'Expertise across railway disciplines' }).getByRole('link', { name: /Track & Civil/ });
}

test.describe('landing page at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('shows the banner and the headline, hides the demo button, and fits the width', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    await expect(page.getByRole('note')).toHaveText(BANNER);
    await expect(page.getByRole('note')).toBeInViewport();
    await expect(page.getByRole('main').getByRole('link', { name: 'Request a Demo' })).toBeHidden();
    await revealAll(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'landing-375.png');
    await screenshot(page, testInfo, 'landing-375-full.png', { fullPage: true });
  });

  test('solution cards toggle, and the carousel moves with its buttons and the arrow keys', async ({ page }) => {
    await page.goto('/');
    const carousel = solutionsCarousel(page);
    await carousel.scrollIntoViewIfNeeded();
    await expect(visibleSlide(page)).toHaveCount(1);
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '1 of 5');
    await expect(visibleSlide(page)).toContainText('Compliance');

    const card = visibleSlide(page).getByRole('button');
    await expect(card).toContainText('Problem');
    await card.click();
    await expect(card).toContainText('Solution');
    await expect(card).toContainText('cites the exact clause');
    await card.click();
    await expect(card).toContainText('Problem');

    await page.getByRole('button', { name: 'Next solution' }).click();
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '2 of 5');
    await expect(visibleSlide(page)).toContainText('Expertise');
    await expect(carousel.locator('[aria-live="polite"]')).toHaveText('Solution 2 of 5: Expertise');
    await page.getByRole('button', { name: 'Previous solution' }).click();
    await page.getByRole('button', { name: 'Previous solution' }).click();
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '5 of 5');
    await expect(visibleSlide(page)).toContainText('Standardization');

    await visibleSlide(page).getByRole('button').focus();
    await page.keyboard.press('ArrowRight');
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '1 of 5');
    await expect(visibleSlide(page).getByRole('button')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(visibleSlide(page)).toContainText('Automation');
    await page.keyboard.press('ArrowLeft');
    await expect(visibleSlide(page)).toHaveAttribute('aria-label', '2 of 5');
  });
});

// SPEC §2: up to 768 px wide (768 included) a carousel, wider a 3-column grid. Tailwind's `md`
// starts at 768 px, so 768 and the widths just above it are where the two layouts meet.
test.describe('solutions at the carousel breakpoint', () => {
  for (const { width, layout } of [
    { width: 768, layout: 'carousel' },
    { width: 800, layout: 'grid' },
  ] as const) {
    test(`${width} px shows the ${layout}, the same as served before any script runs`, async ({ browser, page }) => {
      const viewport = { width, height: 1024 };
      // The page as served: CSS alone picks the layout.
      const noScript = await browser.newContext({ javaScriptEnabled: false, viewport });
      const still = await noScript.newPage();
      await still.goto('/');
      const servedCount = layout === 'carousel' ? 1 : 5;
      await expect(visibleSlide(still)).toHaveCount(servedCount);
      const servedHeight = (await solutionsCarousel(still).boundingBox())!.height;
      await noScript.close();

      await page.setViewportSize(viewport);
      await page.goto('/');
      await revealAll(page);
      // Hydration keeps the served layout: the region is as tall as it was without scripts.
      expect(Math.abs((await solutionsCarousel(page).boundingBox())!.height - servedHeight)).toBeLessThanOrEqual(1);
      await solutionsCarousel(page).scrollIntoViewIfNeeded();
      const next = page.getByRole('button', { name: 'Next solution' });
      if (layout === 'carousel') {
        await expect(visibleSlide(page)).toHaveCount(1);
        await expect(next).toBeVisible();
        await visibleSlide(page).getByRole('button').focus();
        await page.keyboard.press('ArrowRight');
        await expect(visibleSlide(page)).toHaveAttribute('aria-label', '2 of 5');
        await next.click();
        await expect(visibleSlide(page)).toHaveAttribute('aria-label', '3 of 5');
      } else {
        await expect(visibleSlide(page)).toHaveCount(5);
        await expect(next).toBeHidden();
        expect(await slideColumns(page), 'three columns').toHaveLength(3);
        // The narrow columns still hold their cards' contents (the tag and the Problem label wrap).
        const overflowing = await visibleSlide(page)
          .getByRole('button')
          .evaluateAll((cards) =>
            cards.flatMap((card) => {
              const box = card.getBoundingClientRect();
              return [...card.querySelectorAll('*')]
                .filter((el) => el.getBoundingClientRect().right > box.right + 0.5)
                .map((el) => `${card.textContent?.slice(0, 20)}: ${el.textContent}`);
            }),
          );
        expect(overflowing).toEqual([]);
        // The arrow keys belong to the carousel only: in the grid they leave the cards alone.
        await visibleSlide(page).first().getByRole('button').focus();
        await page.keyboard.press('ArrowRight');
        await expect(visibleSlide(page)).toHaveCount(5);
        await expect(visibleSlide(page).first().getByRole('button')).toBeFocused();
      }
    });
  }
});

test.describe('landing page at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the solutions as a grid, the banner and the demo button', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('note')).toHaveText(BANNER);
    const demo = page.getByRole('main').getByRole('link', { name: 'Request a Demo' });
    await expect(demo).toBeVisible();
    await revealAll(page);
    await expect(visibleSlide(page)).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Next solution' })).toBeHidden();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'landing-1280.png');
    await screenshot(page, testInfo, 'landing-1280-full.png', { fullPage: true });
    await demo.click();
    await expect(page).toHaveURL(/\/request-demo$/);
  });

  test('the partners ring turns, and a logo that fails to load becomes a Your Logo tile', async ({ page }, testInfo) => {
    await page.route('**/images/partners/northline-signalling.svg', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.goto('/');
    const ring = page.getByTestId('logo-ring');
    await ring.scrollIntoViewIfNeeded();
    await expect(ring.getByText('Your Logo Signalling')).toBeAttached();
    await expect(ring.getByRole('img', { name: 'Northline Signalling' })).toHaveCount(0);
    await expect(ring.getByRole('img', { name: 'Meridian Rail' })).toHaveJSProperty('complete', true);
    const box = await ring.boundingBox();
    expect(Math.round(box!.height)).toBeGreaterThanOrEqual(400);
    const spinner = page.getByTestId('logo-ring-spinner');
    const rotation = () => spinner.evaluate((el) => getComputedStyle(el).transform);
    const before = await rotation();
    await page.waitForTimeout(300);
    expect(await rotation()).not.toBe(before);
    await ring.hover();
    await expect(spinner).toHaveCSS('animation-play-state', 'paused');
    await page.waitForTimeout(700);
    await screenshot(page, testInfo, 'landing-logo-ring-1280.png');
  });

  test('has no serious or critical axe violations at 375 and 1280 px', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      for (const v of results.violations) console.info(`axe ${width}px ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `at ${width}px`,
      ).toEqual([]);
    }
  });
});

test.describe('disciplines', () => {
  test('signed out, Track & Civil goes to sign-in and on to the chat', async ({ page, user }) => {
    await page.goto('/');
    const card = trackAndCivil(page);
    await expect(card).toContainText('Sign in to access');
    await expect(page.getByRole('region', { name: 'Expertise across railway disciplines' }).getByText('Coming Soon')).toHaveCount(5);
    await card.click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, user);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByLabel('Discipline', { exact: true })).toHaveValue('Track and Civil');
  });

  test('signed in, Track & Civil goes straight to the chat', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto('/');
    const card = trackAndCivil(page);
    await expect(card).toContainText('Start a consultation');
    await expect(card).not.toContainText('Sign in to access');
    await card.click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByLabel('Discipline', { exact: true })).toHaveValue('Track and Civil');
  });
});

test.describe('consultation form', () => {
  const QUESTION = 'What is the maximum rail end mismatch at a joint for class 3 track?';

  test('signed out: an empty question is refused; a valid one goes through sign-in and is asked in the chat', async ({ page, user }, testInfo) => {
    await page.goto('/');
    const form = consultation(page);
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByText('You need to sign in to ask questions and get personalized answers')).toBeVisible();
    await form.getByRole('button', { name: 'Sign in to Ask Questions' }).click();
    await expect(page.getByText('Question required')).toBeVisible();
    await expect(page.getByText('Please enter your railway engineering question')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await screenshot(page, testInfo, 'landing-consultation-empty.png');

    await form.getByLabel('Your question').fill(QUESTION);
    await form.getByRole('button', { name: 'Sign in to Ask Questions' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('initialQuestion'))).toBe(QUESTION);
    await signInThroughForm(page, user);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole('log').getByText(QUESTION)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('initialQuestion'))).toBeNull();
  });

  test('signed in: a valid question with its discipline goes straight to the chat', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto('/');
    const form = consultation(page);
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByText('You need to sign in to ask questions and get personalized answers')).toHaveCount(0);
    await form.getByRole('button', { name: 'Get Expert Guidance' }).click();
    await expect(page.getByText('Question required')).toBeVisible();
    await form.getByLabel('Your question').fill(QUESTION);
    await form.getByLabel('Discipline').selectOption('Track and Civil');
    await form.getByRole('button', { name: 'Get Expert Guidance' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByLabel('Discipline', { exact: true })).toHaveValue('Track and Civil');
    await expect(page.getByRole('log').getByText(QUESTION)).toBeVisible();
  });
});

test('the Ask AI button opens the AI Railway Consultant with /chat, fresh on every opening, and closes', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let chatLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() !== page.mainFrame() && new URL(request.url()).pathname === '/chat') chatLoads++;
  });
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Ask AI' });
  await expect(button).toBeVisible();
  const demo = await page.getByRole('main').getByRole('link', { name: 'Request a Demo' }).boundingBox();
  const ask = await button.boundingBox();
  expect(ask!.y, 'the Ask AI button sits below the demo button').toBeGreaterThanOrEqual(demo!.y + demo!.height);

  await button.click();
  const dialog = page.getByRole('dialog', { name: 'AI Railway Consultant' });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', '/chat');
  await expect(frame).toHaveAttribute('loading', 'lazy');
  // Signed out, the framed /chat asks for a sign-in; it never shows its own Ask AI button.
  await expect(page.frameLocator('iframe[title="AI Railway Consultant chat"]').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect.poll(() => chatLoads).toBe(1);
  await page.waitForTimeout(2500);
  await expect(page.frameLocator('iframe[title="AI Railway Consultant chat"]').getByRole('button', { name: 'Ask AI' })).toHaveCount(0);
  await screenshot(page, testInfo, 'landing-ask-ai-1280.png');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await button.click();
  await expect(dialog).toBeVisible();
  await expect.poll(() => chatLoads).toBe(2);
  // A click on the backdrop, outside the modal, closes it.
  await page.mouse.click(8, 8);
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // Escape closes it too, also while the focus is in the framed page.
  await button.click();
  await expect(dialog).toBeVisible();
  await page.frameLocator('iframe[title="AI Railway Consultant chat"]').getByLabel('Email').click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
