import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { countMail, expect, horizontalOverflow, readLinkFromMail, screenshot, signIn, test } from './support/fixtures';

test('the user changes the e-mail from the profile, confirms it from the new address and signs in with it', async ({ page, browser, user }, testInfo) => {
  test.setTimeout(120_000);
  const newEmail = `moved-${randomUUID().slice(0, 8)}@example.com`;
  const card = page.getByRole('region', { name: 'Change e-mail' });

  await test.step('ask for the change on the profile: a link to the new address, a notice to the old', async () => {
    await signIn(page, user);
    await page.goto('/profile');
    await expect(page.getByLabel('Email *')).toHaveAttribute('readonly', '');
    const noticesBefore = await countMail(user.email);
    await card.getByLabel('New e-mail address').fill(newEmail);
    await card.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(card.getByRole('status')).toContainText(`Check ${newEmail} for a confirmation link`);
    await expect.poll(() => countMail(user.email)).toBe(noticesBefore + 1);
    const axe = await new AxeBuilder({ page }).include('[data-slot="card"][role="region"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'email-change-1280.png');
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page), '/profile at 375px').toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'email-change-375.png');
  });

  await test.step('the link from the new address confirms it', async () => {
    const link = await readLinkFromMail(newEmail, '/api/auth/verify');
    expect(new URL(link).searchParams.get('type')).toBe('email_change');
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    const other = await context.newPage();
    await other.goto(link);
    await expect(other).toHaveURL(/\/account\/confirm-email$/);
    await expect(other.getByRole('heading', { name: 'E-mail address changed' })).toBeVisible();
    await expect(other.getByRole('status')).toContainText(`Your e-mail address is now ${newEmail}.`);
    await screenshot(other, testInfo, 'email-confirmed-375.png');

    // Used once: the same link now explains itself.
    await other.goto(link);
    await expect(other.getByRole('alert')).toContainText('invalid or has expired');
    await context.close();
  });

  await test.step('the new address signs in', async () => {
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, { email: newEmail, password: user.password });
    await page.goto('/profile');
    await expect(page.getByLabel('Email *')).toHaveValue(newEmail);
  });
});
