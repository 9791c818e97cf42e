import { expect, signIn, test } from './support/fixtures';

test.describe('profile completion on /chat', () => {
  test('filling the profile through the UI reaches 100 % and hides the banner', async ({ page, user }) => {
    await signIn(page, user);
    await expect(page).toHaveURL(/\/chat$/);
    // Only the e-mail is known: 25 %.
    const banner = page.getByRole('region', { name: 'Profile completion' });
    await expect(banner).toContainText('Complete your profile (25%)');
    await expect(page.getByRole('button', { name: 'Profile 25% complete. Open profile' })).toBeVisible();

    await banner.getByRole('button', { name: 'Complete profile' }).click();
    const sheet = page.getByRole('dialog', { name: 'Your profile' });
    const form = sheet.getByRole('form', { name: 'Profile' });
    await expect(form.getByLabel('Email')).toHaveValue(user.email);
    await form.getByLabel('Full name').fill('Ada Lovelace');
    await form.getByLabel('Company name').fill('Metro Rail Pty Ltd');
    await form.getByLabel('Job title').fill('Track Engineer');
    await form.getByLabel('Phone number').fill('+61 3 9000 0000');
    await form.getByLabel('Phone number').blur();
    await form.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Your profile has been updated successfully')).toBeVisible();
    await sheet.getByRole('button', { name: 'Close profile' }).click();
    await expect(sheet).toBeHidden();
    await expect(banner).toBeHidden();
    await expect(page.getByRole('button', { name: 'Profile 100% complete. Open profile' })).toBeVisible();

    // Still complete after a reload: the server stored it.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Profile 100% complete. Open profile' })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test.describe('onboarding', () => {
  test.use({ onboarding: 'fresh' });

  test('is shown once: skipped, it does not come back after a reload', async ({ page, user }) => {
    await signIn(page, user);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    await expect(dialog).toContainText('Step 1 of 3');
    await dialog.getByRole('button', { name: 'Skip for now' }).click();
    await expect(dialog.getByRole('heading', { name: 'Professional Details' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Skip for now' }).click();
    await expect(dialog.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Skip for now' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('onboardingCompleted'))).not.toBeNull();

    // The profile is still incomplete (the banner says so), yet the dialog stays away.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Profile completion' })).toContainText('Complete your profile (25%)');
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('completing it fills the profile from its steps', async ({ page, user }) => {
    await signIn(page, user);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    await dialog.getByLabel('Full name').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Company name').fill('Signal Works');
    await dialog.getByLabel('Job title').fill('Signalling Engineer');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Phone number').fill('0400 000 000');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Profile 100% complete. Open profile' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile completion' })).toBeHidden();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Profile 100% complete. Open profile' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the first click on Complete after correcting a field counts: nothing moves under the pointer', async ({ page, user }) => {
    await signIn(page, user);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Skip for now' }).click();
    await dialog.getByRole('button', { name: 'Skip for now' }).click();
    const phone = dialog.getByLabel('Phone number');
    await phone.fill('call me');
    await phone.blur();
    await expect(dialog.getByText(/Phone number should be between 6-20 characters/)).toBeVisible();

    const complete = dialog.getByRole('button', { name: 'Complete' });
    const before = await complete.boundingBox();
    await phone.click();
    await phone.clear();
    await phone.pressSequentially('0400 000 000');
    await expect(dialog.getByText(/Phone number should be between 6-20 characters/)).toBeHidden();
    expect(await complete.boundingBox()).toEqual(before);

    // One real click where the button was while the message showed.
    if (!before) throw new Error('the Complete button has no box');
    await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your profile has been updated successfully')).toBeVisible();
  });
});
