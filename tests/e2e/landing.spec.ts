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

interface RingFace {
  /** Which tile of the ring (1 to 6) the face belongs to. */
  name: string;
  /** Whether the viewer sees this face at all (a face turned away with a hidden back is not drawn). */
  drawn: boolean;
  /** Whether the viewer sees it from behind, so that its text reads mirrored. */
  mirrored: boolean;
  box: { left: number; right: number; top: number; bottom: number };
}

/**
 * What the logo ring shows at its current turn: for each logo image (or fallback tile), the 3D
 * transforms from the ring down to it, multiplied, tell whether the face it sits on is turned
 * towards the viewer; a face turned away is not drawn if it (or an element above it) hides its back.
 */
async function ringFaces(page: Page): Promise<RingFace[]> {
  return page.getByTestId('logo-ring').evaluate((ring) => {
    const tiles = [...ring.querySelectorAll('li')];
    const contents = [...ring.querySelectorAll<HTMLElement>('img, [data-testid="logo-fallback"]')];
    return contents.map((content) => {
      const chain: HTMLElement[] = [];
      for (let el: HTMLElement | null = content; el && el !== ring; el = el.parentElement) chain.unshift(el);
      let matrix = new DOMMatrix();
      let culled = false;
      for (const el of chain) {
        const style = getComputedStyle(el);
        if (style.transform !== 'none') matrix = matrix.multiply(new DOMMatrix(style.transform));
        // The z part of the face's normal: below 0 it points away from the viewer.
        if (style.backfaceVisibility === 'hidden' && matrix.m33 < 0) culled = true;
      }
      const rect = content.getBoundingClientRect();
      return {
        name: `tile ${tiles.indexOf(content.closest('li')!) + 1}`,
        drawn: !culled,
        mirrored: !culled && matrix.m33 < 0,
        box: { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom },
      };
    });
  });
}

/** Stops the ring's turn at `fraction` of it (0 to 1), through the Web Animations API. */
async function turnRingTo(page: Page, fraction: number): Promise<void> {
  await page.getByTestId('logo-ring-spinner').evaluate((spinner, at) => {
    for (const animation of spinner.getAnimations()) {
      animation.pause();
      const duration = Number(animation.effect?.getComputedTiming().duration ?? 0);
      animation.currentTime = duration * at;
    }
  }, fraction);
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

test.describe('partners ring at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('every tile stays inside the screen, no logo ever reads mirrored, and the ring sits under its heading', async ({ page }, testInfo) => {
    await page.goto('/');
    const ring = page.getByTestId('logo-ring');
    await ring.scrollIntoViewIfNeeded();
    await expect(ring.getByRole('img', { name: 'Meridian Rail' })).toHaveJSProperty('complete', true);
    expect(Math.round((await ring.boundingBox())!.height)).toBeGreaterThanOrEqual(400);
    // The stage the ring turns on clips what leaves it.
    const ringBox = (await page.getByTestId('logo-ring-stage').boundingBox())!;
    const tiles = ['tile 1', 'tile 2', 'tile 3', 'tile 4', 'tile 5', 'tile 6'];
    await expect(ring.getByRole('listitem')).toHaveCount(tiles.length);

    for (let step = 0; step < 12; step++) {
      await turnRingTo(page, step / 12);
      const faces = await ringFaces(page);
      const drawn = faces.filter((face) => face.drawn);
      const at = `at ${step * 30}° of the turn`;
      expect(
        drawn.filter((face) => face.mirrored).map((face) => face.name),
        `${at}: no logo seen from behind`,
      ).toEqual([]);
      // Every logo faces the viewer on one side of its tile or the other.
      expect([...new Set(drawn.map((face) => face.name))].sort(), at).toEqual(tiles);
      for (const face of drawn) {
        expect(face.box.left, `${face.name} ${at}`).toBeGreaterThanOrEqual(ringBox.x);
        expect(face.box.right, `${face.name} ${at}`).toBeLessThanOrEqual(ringBox.x + ringBox.width);
        expect(face.box.left, `${face.name} ${at}`).toBeGreaterThanOrEqual(0);
        expect(face.box.right, `${face.name} ${at}`).toBeLessThanOrEqual(375);
      }
      if (step === 0) {
        // No band of empty space between the section's heading and the ring.
        const headingBottom = (await page.locator('#partners header').boundingBox())!;
        const ringTop = Math.min(...drawn.map((face) => face.box.top));
        expect(ringTop - (headingBottom.y + headingBottom.height)).toBeLessThanOrEqual(120);
      }
    }
    await turnRingTo(page, 0.05);
    await screenshot(page, testInfo, 'landing-logo-ring-375.png');
  });

  test('under reduced motion the ring stands still, its logos facing the viewer', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const ring = page.getByTestId('logo-ring');
    await ring.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('logo-ring-spinner')).toHaveCSS('animation-name', 'none');
    await expect(page.getByRole('button', { name: 'Pause logo rotation' })).toBeHidden();
    const faces = (await ringFaces(page)).filter((face) => face.drawn);
    expect(faces.filter((face) => face.mirrored)).toEqual([]);
    expect(new Set(faces.map((face) => face.name)).size).toBe(6);
  });
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
    // On both sides of its tile.
    await expect(ring.getByText('Your Logo Signalling')).toHaveCount(2);
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
