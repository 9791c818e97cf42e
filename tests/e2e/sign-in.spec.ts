import { createUser, expect, signInThroughForm, test } from './support/fixtures';

test.describe('signing in', () => {
  test('bad input shows the validation messages and sends nothing', async ({ page }) => {
    let tokenRequests = 0;
    page.on('request', (r) => void (r.url().includes('/api/auth/token') && tokenRequests++));
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(tokenRequests).toBe(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password is refused with the server message', async ({ page, user }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Invalid login credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the right password signs in and lands on /chat', async ({ page, user }) => {
    await page.goto('/login');
    await signInThroughForm(page, user);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page.getByText(user.email.split('@')[0]!).first()).toBeVisible();
  });

  test('the Sign Up tab is disabled while sign-up is off', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('tab', { name: /Sign Up/ })).toBeDisabled();
  });

  test('a protected page sends a signed-out visitor to /login and back after sign-in', async ({ page, user }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, user);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a signed-in visitor of /login goes on to the app', async ({ page, user }) => {
    await page.goto('/login');
    await signInThroughForm(page, user);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/chat$/);
  });

  test('signing out returns home, says so, and guards protected pages again', async ({ page, user }) => {
    await page.goto('/login');
    await signInThroughForm(page, user);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the admin sees the Admin link and the dashboard; others are turned away', async ({ page }) => {
    const admin = await createUser(undefined, { admin: true });
    await page.goto('/login');
    await signInThroughForm(page, admin);
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('a non-admin on /admin is told so and sent home', async ({ page, user }) => {
    await page.goto('/login');
    await signInThroughForm(page, user);
    await page.goto('/admin');
    await expect(page.getByText('You do not have admin privileges.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
