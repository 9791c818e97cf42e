import { expect, signInThroughForm, test } from './support/fixtures';

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu mirrors the items and closes when one is chosen', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Compliance Assistant' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Knowledge Hub' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('mobile-menu-375.png') });
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('a signed-in user signs out from the mobile menu', async ({ page, user }) => {
    await page.goto('/login');
    await signInThroughForm(page, user);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByText(user.email.split('@')[0]!)).toBeVisible();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Signed out successfully')).toBeVisible();
  });
});

test('unknown paths show the not-found page, with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('pages at 375 and 1280 px have no horizontal scroll', async ({ page }, testInfo) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/login', '/forgot-password']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`${path.replace(/\W/g, '') || 'home'}-${width}.png`), fullPage: true });
    }
  }
});
