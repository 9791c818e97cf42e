import type { Page } from '@playwright/test';
import { expect, screenshot, signIn, test } from './support/fixtures';

const FRAME = 'iframe[title="AI Railway Consultant chat"]';

/** Boxes of the page's visible text and controls that the Ask AI button's box overlaps. */
async function contentUnder(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const button = document.querySelector(sel);
    if (!button) return ['no button'];
    const b = button.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of document.querySelectorAll('main *')) {
      const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!hasText && !el.matches('a, button, input, img, svg')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) hits.push(el.textContent?.trim().slice(0, 40) ?? el.tagName);
    }
    return hits;
  }, selector);
}

test('the Ask AI button opens the AI Railway Consultant with /chat, fresh on every opening, and closes', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let chatLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() !== page.mainFrame() && new URL(request.url()).pathname === '/chat') chatLoads++;
  });
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Ask AI' });
  await expect(button).toBeVisible();

  await button.click();
  const dialog = page.getByRole('dialog', { name: 'AI Railway Consultant' });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', '/chat');
  await expect(frame).toHaveAttribute('loading', 'lazy');
  // Signed out, the framed /chat asks for a sign-in; it never shows its own Ask AI button.
  await expect(page.frameLocator(FRAME).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect.poll(() => chatLoads).toBe(1);
  await page.waitForTimeout(2500);
  await expect(page.frameLocator(FRAME).getByRole('button', { name: 'Ask AI' })).toHaveCount(0);
  await screenshot(page, testInfo, 'ask-ai-signed-out-1280.png');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await button.click();
  await expect(dialog).toBeVisible();
  await expect.poll(() => chatLoads).toBe(2);
  // A click on the backdrop, outside the modal, closes it.
  await page.mouse.click(8, 200);
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // Escape closes it too, also while the focus is in the framed page.
  await button.click();
  await expect(dialog).toBeVisible();
  await page.frameLocator(FRAME).getByLabel('Email').click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('the framed chat stands alone and fits a phone: no site navigation, banner or footer, the input in view', async ({ page, user }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, user);
  await page.goto('/knowledge-hub');
  await page.getByRole('button', { name: 'Ask AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI Railway Consultant' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: 375, height: 812 });

  const chat = page.frameLocator(FRAME);
  const input = chat.getByRole('textbox', { name: /question|message/i });
  await expect(input).toBeVisible();
  await expect(chat.getByRole('heading', { name: 'Compliance Assistant' })).toBeVisible();
  // The site's chrome is not painted in the frame: no navigation bar, profile banner or footer.
  await expect(chat.getByRole('banner')).toBeHidden();
  await expect(chat.getByRole('contentinfo')).toBeHidden();
  await expect(chat.getByRole('region', { name: 'Profile completion' })).toBeHidden();
  await expect(chat.getByRole('link', { name: 'Trackside home' })).toBeHidden();
  // The input sits inside the phone's screen, below the welcome message.
  const inputBox = await chat.locator('textarea').first().boundingBox();
  expect(inputBox!.y + inputBox!.height).toBeLessThanOrEqual(812);
  await screenshot(page, testInfo, 'ask-ai-chat-375.png');

  // Wider screens get a chat-sized panel; the same framed chat.
  for (const width of [768, 800, 1280]) {
    await page.getByRole('button', { name: 'Close' }).click();
    await page.setViewportSize({ width, height: 900 });
    // One line in the navigation bar, however full the bar is (signed in at 768 px it holds six links).
    expect((await page.getByRole('button', { name: 'Ask AI' }).boundingBox())!.height).toBeLessThanOrEqual(36);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await expect(chat.getByRole('textbox', { name: /question/i })).toBeVisible();
    await expect(chat.getByRole('banner')).toBeHidden();
    const panel = await dialog.boundingBox();
    expect(panel!.width).toBeLessThan(width);
    expect(panel!.y + panel!.height).toBeLessThanOrEqual(900);
    await screenshot(page, testInfo, `ask-ai-chat-${width}.png`);
  }
});

for (const { path, width } of [
  { path: '/knowledge-hub', width: 1280 },
  { path: '/community-forum', width: 375 },
  { path: '/', width: 768 },
]) {
  test(`the Ask AI button covers none of ${path}'s content at ${width} px and stays in view when scrolled`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await page.goto(path);
    const button = page.getByRole('button', { name: 'Ask AI' });
    await expect(button).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ask AI' })).toBeVisible();
    await button.evaluate((el) => el.setAttribute('data-test-ask-ai', ''));
    expect(await contentUnder(page, '[data-test-ask-ai]')).toEqual([]);
    // Scrolled, it stays in view inside the sticky navigation bar, which the page passes under.
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(button).toBeInViewport();
    const bar = await page.getByRole('banner').boundingBox();
    const box = await button.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(bar!.y);
    expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + bar!.height);
  });
}
