import { e2e } from './support/servers';
import { countMail, expect, readLinkFromMail, test } from './support/fixtures';

test('forgot password → e-mail → reset → sign in with the new password; the old one fails', async ({ page, user }) => {
  const before = await countMail(user.email);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Reset email sent')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send again' })).toBeVisible();

  const link = await readLinkFromMail(user.email, '/api/auth/verify', before);
  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/reset-password/);
  const newPassword = 'Brand-New-Rail-7';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('weak new passwords are refused with the reset rules', async ({ page, user }) => {
  const before = await countMail(user.email);
  const response = await page.request.post('/api/auth/recover', { data: { email: user.email } });
  expect(response.ok()).toBe(true);
  await page.goto(await readLinkFromMail(user.email, '/api/auth/verify', before));
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password').fill('alllowercase1');
  await page.getByLabel('Confirm password').fill('alllowercase2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('a reset link used twice shows the Reset Link Expired dialog', async ({ page, user }) => {
  const before = await countMail(user.email);
  await page.request.post('/api/auth/recover', { data: { email: user.email } });
  const link = await readLinkFromMail(user.email, '/api/auth/verify', before);
  await page.goto(link);
  await expect(page.getByLabel('New password')).toBeVisible();

  await page.goto(link);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Reset Link Expired')).toBeVisible();
  await expect(page.getByText('Your password reset link has expired. Please request a new one.').first()).toBeVisible();
  await dialog.getByRole('link', { name: 'Request New Link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('reached at another address than PUBLIC_URL (localhost for 127.0.0.1), the reset link is sent to PUBLIC_URL and works', async ({ page, user }) => {
  const before = await countMail(user.email);
  const other = new URL(e2e.baseUrl(e2e.appPort));
  other.hostname = 'localhost';
  await page.goto(new URL('/forgot-password', other).toString());
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Reset email sent')).toBeVisible();
  await expect(page.getByText('This redirect address is not allowed')).toHaveCount(0);

  const link = await readLinkFromMail(user.email, '/api/auth/verify', before);
  await page.goto(link);
  // GoTrue's fallback: the site's own reset page.
  await expect(page).toHaveURL(new RegExp(`^${e2e.baseUrl(e2e.appPort)}/account/reset-password`));
  await page.getByLabel('New password').fill('Other-Host-Rail-8');
  await page.getByLabel('Confirm password').fill('Other-Host-Rail-8');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
});
