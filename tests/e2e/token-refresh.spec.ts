import { createUser, expect, signInThroughForm, test } from './support/fixtures';
import { e2e } from './support/servers';

// This server issues access tokens that live 5 seconds (ACCESS_TOKEN_TTL=5).
test.use({ baseURL: e2e.baseUrl(e2e.shortTokenPort) });

test('an access token that expires while the page is open is refreshed without the user noticing', async ({ page }) => {
  const user = await createUser(e2e.shortTokenPort);
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/chat$/);

  const refreshed = page.waitForResponse((r) => r.url().includes('grant_type=refresh_token') && r.status() === 200, {
    timeout: 40_000,
  });
  // Let the first access token expire for real on the server, then use the app.
  await page.waitForTimeout(6_000);
  const roles = page.waitForResponse((r) => r.url().includes('/api/roles/me'));
  await page.reload();
  await refreshed;
  // A call that needs a valid token succeeds, and the user stays signed in.
  expect((await roles).status()).toBe(200);
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});
