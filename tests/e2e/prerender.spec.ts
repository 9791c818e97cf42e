import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';

/** Errors React reports when the first client render differs from the HTML built ahead. */
function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match|server rendered|Minified React error #4(18|19|23|25)/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const PUBLIC_PAGES = ['/', '/about', '/disciplines', '/disciplines/track', '/contact', '/flyer', '/podcast-library', '/knowledge-hub', '/login'];

test('public pages arrive as HTML with their own title, description and content', async ({ request }) => {
  const home = await (await request.get('/')).text();
  expect(home).toContain('<title>Railway Expertise, On-Demand | Trackside</title>');
  expect(home).toMatch(/<meta name="description" content="Railway expertise, on demand/);
  expect(home).toMatch(/<div id="root"><div class="flex min-h-dvh/);
  expect(home).toContain('Railway Expertise, On-Demand: Streamline Your Design &amp; Compliance');

  const flyer = await (await request.get('/flyer')).text();
  expect(flyer).toContain('<meta name="robots" content="noindex" />');
  const about = await (await request.get('/about')).text();
  expect(about).not.toContain('noindex');

  // Pages that depend on who is signed in stay client-rendered.
  expect(await (await request.get('/chat')).text()).toContain('<div id="root"></div>');
});

test('public pages hydrate without mismatches and stay interactive', async ({ page }) => {
  const errors = collectHydrationErrors(page);
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
  await page.goto('/');
  await page.getByRole('link', { name: 'About' }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle('About | Trackside');
});

test('a signed-in visitor and a dark theme hydrate cleanly too', async ({ page, user }) => {
  const errors = collectHydrationErrors(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, user);
  for (const path of ['/', '/about', '/podcast-library']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveClass(/dark/);
  }
  expect(errors).toEqual([]);
});
