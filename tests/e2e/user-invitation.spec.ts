import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { countMail, createUser, expect, horizontalOverflow, readLinkFromMail, screenshot, signIn, signInThroughForm, test } from './support/fixtures';

/** Serious or critical axe findings on the page as it is now (toasts, which fade in and out, closed first). */
async function accessibilityProblems(page: Page): Promise<string[]> {
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) await close.click().catch(() => undefined);
  await expect(page.getByRole('button', { name: 'Close toast' })).toHaveCount(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

test('an admin invites a colleague, who sets a password from the e-mailed link and signs in; the admin sees it in the audit log', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await createUser(undefined, { admin: true });
  // A long address, as firms write them: it must wrap, not widen the page, on a phone.
  const email = `invited-colleague-${randomUUID().slice(0, 8)}@permanent-way-engineering.example.com`;
  const password = 'Invited-Rail-2026';

  await test.step('the admin invites by e-mail from Admin › Users', async () => {
    await signIn(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=users$/);
    const accounts = page.getByRole('table', { name: 'Accounts' });
    await expect(accounts.getByRole('row', { name: new RegExp(admin.email) })).toContainText('(you)');

    const before = await countMail(email);
    const form = page.getByRole('form', { name: 'Invite a colleague' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
    const row = accounts.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('Never');
    expect(await countMail(email)).toBe(before + 1);
  });

  await test.step('the Users tab at 1280 and 375 px', async () => {
    await expect(page.getByRole('list', { name: 'Audit log entries' })).toContainText(`${admin.email} invited ${email}`);
    expect(await accessibilityProblems(page), 'Admin › Users at 1280 px').toEqual([]);
    await screenshot(page, testInfo, 'admin-users-1280.png', { fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
    expect(await horizontalOverflow(page), '/admin?tab=users at 375px').toBeLessThanOrEqual(0);
    expect(await accessibilityProblems(page), 'Admin › Users at 375 px').toEqual([]);
    await screenshot(page, testInfo, 'admin-users-375.png', { fullPage: true });
    // The row's actions stay within reach on a phone.
    const actions = page.getByRole('button', { name: `Actions for ${email}` });
    await actions.scrollIntoViewIfNeeded();
    await expect(actions).toBeInViewport();
    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'Resend invitation' })).toBeVisible();
    await screenshot(page, testInfo, 'admin-users-actions-375.png');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('the invitee follows the link, sets a password and is signed in', async () => {
    const link = await readLinkFromMail(email, '/api/auth/verify');
    expect(new URL(link).searchParams.get('type')).toBe('invite');
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(invitee).toHaveURL(/\/account\/accept-invite$/);
    await expect(invitee.getByRole('heading', { name: 'Welcome to Trackside' })).toBeVisible();
    await expect(invitee.getByText(`Choose a password for ${email}`)).toBeVisible();
    expect(await horizontalOverflow(invitee), '/account/accept-invite at 375px').toBeLessThanOrEqual(0);
    expect(await accessibilityProblems(invitee), '/account/accept-invite').toEqual([]);
    await screenshot(invitee, testInfo, 'accept-invite-375.png');
    await invitee.setViewportSize({ width: 1280, height: 720 });
    expect(await horizontalOverflow(invitee), '/account/accept-invite at 1280px').toBeLessThanOrEqual(0);
    await screenshot(invitee, testInfo, 'accept-invite-1280.png');
    await invitee.setViewportSize({ width: 375, height: 812 });

    await invitee.getByLabel('Password', { exact: true }).fill(password);
    await invitee.getByLabel('Confirm password').fill(password);
    await invitee.getByRole('button', { name: 'Set password' }).click();
    await expect(invitee.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    await screenshot(invitee, testInfo, 'accept-invite-done-375.png');
    await invitee.getByRole('link', { name: 'Continue to Trackside' }).click();
    await expect(invitee).toHaveURL(/\/chat$/);

    // Signed out, the invitee signs in with the new password.
    await invitee.setViewportSize({ width: 1280, height: 720 });
    await invitee.getByRole('button', { name: 'Sign Out' }).click();
    await expect(invitee).toHaveURL(/\/$/);
    await invitee.goto('/login');
    await signInThroughForm(invitee, { email, password });
    await expect(invitee).toHaveURL(/\/chat$/);

    // The link was spent.
    await invitee.goto(link);
    await expect(invitee.getByRole('alert')).toContainText('This invitation link has already been used or has expired');
    await screenshot(invitee, testInfo, 'accept-invite-spent-1280.png');
    await context.close();
  });

  await test.step('the admin sees the account active and both steps in the audit log', async () => {
    await page.reload();
    const row = page.getByRole('table', { name: 'Accounts' }).getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Active');
    const log = page.getByRole('list', { name: 'Audit log entries' });
    await expect(log.getByRole('listitem').nth(0)).toContainText(`${email} accepted the invitation`);
    await expect(log).toContainText(`${admin.email} invited ${email}`);
    await page.getByLabel('Search the log').fill(email);
    await expect(log.getByRole('listitem')).toHaveCount(2);
  });
});

test('an admin disables an account: its open session ends at once; enabled again, it signs in', async ({ page, browser }) => {
  const admin = await createUser(undefined, { admin: true });
  const member = await createUser();
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await signIn(memberPage, member);
  await expect(memberPage).toHaveURL(/\/chat$/);

  await signIn(page, admin);
  await page.goto('/admin?tab=users');
  await page.getByLabel('Search accounts').fill(member.email);
  const row = page.getByRole('table', { name: 'Accounts' }).getByRole('row', { name: new RegExp(member.email) });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Actions for ${member.email}` }).click();
  await page.getByRole('menuitem', { name: 'Disable account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disable this account?' });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Disabled');

  // The member's next request is refused, and the app signs them out.
  await memberPage.goto('/profile');
  await expect(memberPage).toHaveURL(/\/login/);
  await memberPage.getByLabel('Email').fill(member.email);
  await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
  await memberPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(memberPage.getByText('This account has been disabled. Please contact your administrator.')).toBeVisible();
  await expect(memberPage).toHaveURL(/\/login/);

  await row.getByRole('button', { name: `Actions for ${member.email}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Enable account' }).click();
  await expect(row).toContainText('Active');
  await memberPage.getByLabel('Email').fill(member.email);
  await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
  await memberPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Back where the app signed them out.
  await expect(memberPage).toHaveURL(/\/profile$/);
  await context.close();
});
