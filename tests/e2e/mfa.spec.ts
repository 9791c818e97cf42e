import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createUser, expect, horizontalOverflow, screenshot, signIn, test } from './support/fixtures';

const PERIOD_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * A code an authenticator app would show, of a time step later than `lastStep` (the server takes
 * each step once): the current step's, or the next one's (accepted ±1 step), waiting for the clock
 * when even that one was used.
 */
async function freshCode(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  while (stepNow() + 1 <= lastStep) await new Promise((resolve) => setTimeout(resolve, 1_000));
  const step = Math.max(stepNow(), lastStep + 1);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return { code: totp.generate({ timestamp: step * PERIOD_MS + 1 }), step };
}

const mfaCard = (page: Page) => page.getByRole('region', { name: 'Two-factor authentication' });

test('the user turns on TOTP on the profile, signs in with a code, removes it; the admin sees both in the audit log', async ({
  page,
  browser,
  user,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  let secret = '';
  let lastStep = 0;

  await test.step('set up the authenticator app from the profile: QR code and key, then a code', async () => {
    await signIn(page, user);
    await page.goto('/profile');
    const card = mfaCard(page);
    await expect(card).toContainText('Two-factor authentication is off');
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    secret = (await card.getByLabel('Setup key').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'mfa-enrol-1280.png');

    await card.getByLabel('Code from the app').fill('12345');
    await card.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(card.getByRole('alert')).toContainText('6-digit code');

    const fresh = await freshCode(secret, lastStep);
    lastStep = fresh.step;
    await card.getByLabel('Code from the app').fill(fresh.code);
    await card.getByRole('button', { name: 'Verify and turn on' }).click();
    const codes = card.getByRole('list', { name: 'Recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await screenshot(page, testInfo, 'mfa-recovery-codes-1280.png');
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByRole('list', { name: 'Authenticator apps' })).toContainText('Authenticator app');
    await expect(card).toContainText('10 unused recovery codes left.');
  });

  await test.step('a new sign-in asks for the code (at 375 px), refuses a wrong one, and goes on with the right one', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    const phone = await context.newPage();
    await phone.goto('/login');
    await phone.getByLabel('Email').fill(user.email);
    await phone.getByLabel('Password', { exact: true }).fill(user.password);
    await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
    const codeField = phone.getByLabel('Authentication code');
    await expect(codeField).toBeVisible();
    await expect(codeField).toBeFocused();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, testInfo, 'mfa-sign-in-375.png');

    // A protected page is still closed: the password alone does not sign in.
    const wrong = (await freshCode(secret, lastStep)).code === '000000' ? '111111' : '000000';
    await codeField.fill(wrong);
    await phone.getByRole('button', { name: 'Verify' }).click();
    await expect(phone.getByRole('alert')).toContainText('Invalid TOTP code entered');
    await expect(phone).toHaveURL(/\/login/);

    const fresh = await freshCode(secret, lastStep);
    lastStep = fresh.step;
    await codeField.fill(fresh.code);
    await phone.getByRole('button', { name: 'Verify' }).click();
    await expect(phone).toHaveURL(/\/chat$/);
    await context.close();
  });

  await test.step('the sign-in step at 1280 px, and a recovery code in place of the app', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    const other = await context.newPage();
    await other.goto('/login');
    await other.getByLabel('Email').fill(user.email);
    await other.getByLabel('Password', { exact: true }).fill(user.password);
    await other.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(other.getByLabel('Authentication code')).toBeVisible();
    await screenshot(other, testInfo, 'mfa-sign-in-1280.png');
    await other.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await other.getByLabel('Recovery code').fill('aaaaa-bbbbb');
    await other.getByRole('button', { name: 'Verify' }).click();
    await expect(other.getByRole('alert')).toContainText('not valid or has been used');
    await context.close();
  });

  await test.step('remove the authenticator app with a code', async () => {
    await page.reload();
    const card = mfaCard(page);
    await card.getByRole('button', { name: 'Remove Authenticator app' }).click();
    const fresh = await freshCode(secret, lastStep);
    lastStep = fresh.step;
    await card.getByLabel('Code from the app, to remove it').fill(fresh.code);
    await card.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(card).toContainText('Two-factor authentication is off');
  });

  await test.step('at 375 px the set-up fits the phone, and Cancel leaves MFA off', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const card = mfaCard(page);
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'mfa-enrol-375.png');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toContainText('Two-factor authentication is off');
  });

  await test.step('the admin sees the enrolment and the removal in the audit log', async () => {
    const admin = await createUser(undefined, { admin: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    const adminPage = await context.newPage();
    await signIn(adminPage, admin);
    await adminPage.goto('/admin?tab=users');
    const log = adminPage.getByRole('list', { name: 'Audit log entries' });
    await expect(log).toContainText(`${user.email} turned on two-factor authentication`);
    await expect(log).toContainText(`${user.email} removed an authenticator app (two-factor authentication)`);
    await expect(log).toContainText(`${user.email} made new recovery codes`);
    await expect(adminPage.getByRole('region', { name: 'Two-factor authentication' })).toContainText('Require two-factor authentication for admins');
    await screenshot(adminPage, testInfo, 'mfa-admin-users-1280.png', { fullPage: true });
    await context.close();
  });
});
