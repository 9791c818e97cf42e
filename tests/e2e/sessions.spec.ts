import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, horizontalOverflow, screenshot, signIn, test } from './support/fixtures';

/** The second browser: a phone, so that the two sessions read differently on the profile. */
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const sessionsCard = (page: Page) => page.getByRole('region', { name: 'Sessions' });

test('signed in twice, the user signs the other browser out from the profile, and that browser is signed out', async ({ page, browser, user }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const phoneContext = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await phoneContext.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
  const phone = await phoneContext.newPage();

  try {
    await test.step('sign in on the desktop and on the phone', async () => {
      await signIn(page, user);
      await signIn(phone, user);
      await expect(phone).toHaveURL(/\/chat$/);
    });

    await test.step('the desktop profile lists both sessions, this one marked', async () => {
      await page.goto('/profile');
      const card = sessionsCard(page);
      await expect(card.getByRole('listitem')).toHaveCount(2);
      const here = card.getByRole('listitem').filter({ hasText: 'This device' });
      await expect(here).toHaveCount(1);
      await expect(here).toContainText('Active now');
      await expect(here.getByRole('button')).toHaveCount(0);
      const other = card.getByRole('listitem', { name: 'Safari on iPhone' });
      await expect(other).toContainText('127.0.0.1');
      await expect(other).toContainText('Last used');
      await expect(card.getByRole('button', { name: 'Sign out all other sessions' })).toBeVisible();

      const axe = await new AxeBuilder({ page }).include('[data-slot="card"][role="region"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      await card.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'sessions-1280.png');
      await card.screenshot({ path: testInfo.outputPath('sessions-card-1280.png') });
    });

    await test.step('at 375 px the phone lists them too, without sideways scrolling', async () => {
      await phone.goto('/profile');
      const card = sessionsCard(phone);
      await expect(card.getByRole('listitem')).toHaveCount(2);
      await expect(card.getByRole('listitem', { name: 'Safari on iPhone' })).toContainText('This device');
      expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(phone, testInfo, 'sessions-375.png');
    });

    await test.step('the desktop signs the phone out, from the keyboard', async () => {
      const card = sessionsCard(page);
      const signOut = card.getByRole('button', { name: 'Sign out Safari on iPhone (127.0.0.1)' });
      await signOut.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('That session has been signed out.')).toBeVisible();
      await expect(card.getByRole('listitem')).toHaveCount(1);
      await expect(card.getByText('You are signed in on this device only.')).toBeVisible();
      await expect(card.getByRole('heading', { name: 'Sessions' })).toBeFocused();
      await screenshot(page, testInfo, 'sessions-after-1280.png');
    });

    await test.step('the phone is signed out at its next request', async () => {
      await phone.reload();
      await expect(phone).toHaveURL(/\/login/);
      await expect(phone.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
      // The desktop is still signed in.
      await page.reload();
      await expect(sessionsCard(page).getByRole('listitem')).toHaveCount(1);
    });
  } finally {
    await phoneContext.close();
  }
});

test('"Sign out all other sessions" ends every other browser', async ({ page, browser, user }) => {
  const otherContext = await browser.newContext();
  await otherContext.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
  const other = await otherContext.newPage();
  try {
    await signIn(page, user);
    await signIn(other, user);
    await page.goto('/profile');
    const card = sessionsCard(page);
    await expect(card.getByRole('listitem')).toHaveCount(2);
    await card.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(page.getByText('Every other session has been signed out.')).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(1);

    await other.goto('/profile');
    await expect(other).toHaveURL(/\/login/);
  } finally {
    await otherContext.close();
  }
});
