import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { createUser, expect, horizontalOverflow, screenshot, signIn, test, type E2eUser } from './support/fixtures';

/** A tag no other test or seeded topic uses, so that a search by it finds only this run's topics. */
function uniqueTag(): string {
  return `e2e${randomUUID().slice(0, 6)}`;
}

async function openForum(page: Page) {
  await page.goto('/community-forum');
  await expect(page.getByRole('heading', { level: 1, name: 'Community Forum' })).toBeVisible();
}

/** Posts a topic through the New Topic dialog and waits for its page. */
async function postTopic(page: Page, topic: { title: string; category: string; tags: string; body: string }) {
  await page.getByRole('button', { name: 'New Topic' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Topic' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await dialog.getByLabel('Title').fill(topic.title);
  await dialog.getByLabel('Category').selectOption({ label: topic.category });
  await dialog.getByLabel('Tags').fill(topic.tags);
  await dialog.getByLabel('Details', { exact: true }).fill(topic.body);
  await dialog.getByRole('button', { name: 'Post Topic' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: topic.title })).toBeVisible();
  await expect(page).toHaveURL(/\/community-forum\/[^/]+$/);
}

/** Types into the search box and waits for the list to show `expected` topic titles only. */
async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search topics' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

async function signedInPage(browser: Browser, user: E2eUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test.describe('Community forum', () => {
  test('a guest sees the 2-topic preview and a sign-in prompt that comes back here', async ({ page, user }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openForum(page);
    const preview = page.getByRole('list', { name: 'Topic preview' });
    await expect(preview.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('searchbox', { name: 'Search topics' })).toHaveCount(0);
    await screenshot(page, testInfo, 'forum-guest-1280.png', { fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(preview.getByRole('article')).toHaveCount(2);
    expect(await horizontalOverflow(page), '/community-forum (guest) at 375px').toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'forum-guest-375.png', { fullPage: true });

    // A preview topic opens for guests too, with the sign-in prompt instead of the replies.
    await preview.getByRole('article').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to continue' })).toBeVisible();

    await page.goto('/community-forum');
    await page.getByRole('link', { name: 'Sign in to continue' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/community-forum$/);
    await expect(page.getByRole('searchbox', { name: 'Search topics' })).toBeVisible();
  });

  test('a member posts a topic and a reply, likes, searches by tag, switches tabs and sorts', async ({ page, user }, testInfo) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const title = `Fishplate cracking at insulated joints ${tag}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, user);
    await openForum(page);

    const profile = page.getByRole('region', { name: 'Your profile' });
    await expect(profile.getByText(user.email.split('@')[0]!)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Categories' }).getByRole('button', { name: /Track Engineering/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Active Members' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'All Topics' }).getByRole('article').first()).toBeVisible();
    await screenshot(page, testInfo, 'forum-board-1280.png', { fullPage: true });
    expect(await seriousA11yViolations(page), 'forum board').toEqual([]);

    await test.step('post a topic', async () => {
      await postTopic(page, {
        title,
        category: 'Track Engineering',
        tags: `${tag}, insulated joints`,
        body: 'We keep finding **cracked fishplates** at glued insulated joints after the first winter.\n\n- Is it the bolt torque?\n- Or the support under the joint?',
      });
      await expect(page.getByRole('region', { name: 'Topic' }).locator('strong')).toHaveText('cracked fishplates');
      await expect(page.getByText('Awaiting review')).toHaveCount(0);
    });

    await test.step('reply and like', async () => {
      await page
        .getByRole('textbox', { name: 'Your reply' })
        .fill('Check the sleeper spacing under the joint first; a voided sleeper there will crack plates.');
      await page.getByRole('button', { name: 'Post Reply' }).click();
      const replies = page.getByRole('list', { name: 'Replies' });
      await expect(replies.getByRole('article')).toHaveCount(1);
      await expect(replies).toContainText('voided sleeper');
      await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveValue('');

      await page.getByRole('button', { name: 'Like this topic (0 likes)' }).click();
      await expect(page.getByRole('button', { name: 'Unlike this topic (1 like)' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
      // The like and the save were stored: they are still there after a reload.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Unlike this topic (1 like)' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
      await screenshot(page, testInfo, 'forum-topic-1280.png', { fullPage: true });
      expect(await seriousA11yViolations(page), 'topic page').toEqual([]);
    });

    await test.step('search by tag, and filter by the tag button', async () => {
      await page.getByRole('link', { name: 'Back to Community Forum' }).click();
      await searchFor(page, tag);
      const list = page.getByRole('list', { name: 'All Topics' });
      await expect(list.getByRole('article')).toHaveCount(1);
      const card = list.getByRole('article', { name: title });
      await expect(card.getByText('1 reply', { exact: true })).toBeAttached();
      await expect(card.getByText('1 like', { exact: true })).toBeAttached();
      await page.getByRole('searchbox', { name: 'Search topics' }).fill('');
      await expect(page).not.toHaveURL(/[?&]q=/);
      await page
        .getByRole('button', { name: `Filter by tag ${tag}` })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag}`));
      await expect(list.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('button', { name: `Remove filter #${tag}` })).toBeVisible();
    });

    await test.step('switch tabs', async () => {
      // One reply and one like: not Unanswered, not yet Popular (5 needed), but Latest.
      await page.getByRole('tab', { name: 'Unanswered' }).click();
      await expect(page).toHaveURL(/[?&]tab=unanswered/);
      await expect(page.getByText('No topics found')).toBeVisible();
      await expect(page.getByText('Try adjusting your search or category filter.')).toBeVisible();
      await page.getByRole('tab', { name: 'Popular' }).click();
      await expect(page).toHaveURL(/[?&]tab=popular/);
      await expect(page.getByText('No topics found')).toBeVisible();
      await page.getByRole('tab', { name: 'Latest' }).click();
      await expect(page.getByRole('list', { name: 'Latest' }).getByRole('article', { name: title })).toBeVisible();
      await page.getByRole('tab', { name: 'All Topics' }).click();
      await expect(page).not.toHaveURL(/[?&]tab=/);
    });

    await test.step('sort Recent, Popular, Active', async () => {
      await page.getByRole('button', { name: `Remove filter #${tag}` }).click();
      const list = page.getByRole('list', { name: 'All Topics' });
      for (const [label, value] of [
        ['Popular', 'popular'],
        ['Active', 'active'],
      ] as const) {
        await page.getByRole('group', { name: 'Sort topics' }).getByRole('button', { name: label }).click();
        await expect(page).toHaveURL(new RegExp(`[?&]sort=${value}`));
        await expect(page.getByRole('group', { name: 'Sort topics' }).getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
        await expect(list.getByRole('article').first()).toBeVisible();
      }
      // Active: the topic just replied to is the newest activity after the pinned ones.
      const firstUnpinned = list.getByRole('article').filter({ hasNotText: 'Pinned' }).first();
      await expect(firstUnpinned).toHaveAccessibleName(title);
      await page.getByRole('group', { name: 'Sort topics' }).getByRole('button', { name: 'Recent' }).click();
      await expect(page).not.toHaveURL(/[?&]sort=/);
      await expect(list.getByRole('article').filter({ hasNotText: 'Pinned' }).first()).toHaveAccessibleName(title);
    });

    await test.step('the profile card counts the post, the reply and the saved topic', async () => {
      await expect(profile.getByRole('definition').nth(0)).toHaveText('1');
      await expect(profile.getByRole('definition').nth(1)).toHaveText('1');
      await profile.getByRole('button', { name: /Saved/ }).click();
      const saved = page.getByRole('dialog', { name: 'Saved topics' });
      await expect(saved.getByRole('link', { name: title })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(saved).toBeHidden();
    });

    await test.step('screenshots at 375 px', async () => {
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByRole('searchbox', { name: 'Search topics' })).toBeVisible();
      expect(await horizontalOverflow(page), '/community-forum at 375px').toBeLessThanOrEqual(0);
      await screenshot(page, testInfo, 'forum-board-375.png', { fullPage: true });
      await page.getByRole('list', { name: 'All Topics' }).getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await horizontalOverflow(page), 'topic page at 375px').toBeLessThanOrEqual(0);
      await screenshot(page, testInfo, 'forum-topic-375.png', { fullPage: true });
      await page.goto('/community-forum');
      await page.getByRole('button', { name: 'New Topic' }).click();
      await expect(page.getByRole('dialog', { name: 'New Topic' })).toBeVisible();
      await page.getByRole('dialog', { name: 'New Topic' }).getByRole('button', { name: 'Post Topic' }).click();
      await expect(page.getByRole('dialog', { name: 'New Topic' }).getByText('Title is required')).toBeVisible();
      await screenshot(page, testInfo, 'forum-new-topic-375.png');
    });
  });

  test('a post with profanity is held: its author sees Awaiting review, an admin approves it in the Moderation tab', async ({
    page,
    user,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const title = `Who designed this shit drainage ${tag}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, user);
    await openForum(page);
    await postTopic(page, {
      title,
      category: 'Geotechnical',
      tags: tag,
      body: 'The cess drain outfall was blocked again and the formation is pumping under the down line.',
    });
    await expect(page.getByText('Awaiting review').first()).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Profanity');
    // In the author's own list too.
    await page.getByRole('link', { name: 'Back to Community Forum' }).click();
    await searchFor(page, tag);
    const card = page.getByRole('list', { name: 'All Topics' }).getByRole('article', { name: title });
    await expect(card.getByText('Awaiting review')).toBeVisible();

    await test.step('another member does not see it', async () => {
      const other = await signedInPage(browser, await createUser());
      await other.goto(`/community-forum?q=${tag}`);
      await expect(other.getByText('No topics found')).toBeVisible();
      await other.context().close();
    });

    await test.step('an admin approves it in the Moderation tab', async () => {
      const admin = await signedInPage(browser, await createUser(undefined, { admin: true }));
      await admin.goto('/admin');
      await admin.getByRole('tab', { name: 'Moderation' }).click();
      const item = admin.getByRole('article', { name: `Topic: ${title}` });
      await expect(item).toBeVisible();
      await expect(item).toContainText('Profanity');
      await screenshot(admin, testInfo, 'forum-moderation-1280.png', { fullPage: true });
      await admin.setViewportSize({ width: 375, height: 812 });
      await expect(item).toBeVisible();
      expect(await horizontalOverflow(admin), '/admin Moderation at 375px').toBeLessThanOrEqual(0);
      await item.scrollIntoViewIfNeeded();
      await screenshot(admin, testInfo, 'forum-moderation-375.png');
      await admin.setViewportSize({ width: 1280, height: 900 });
      await item.getByRole('button', { name: `Approve ${title}` }).click();
      await expect(item).toBeHidden();
      await expect(admin.getByRole('table', { name: 'Moderation decisions' }).getByRole('row', { name: new RegExp(`${tag}.*Approved`) })).toBeVisible();
      await admin.context().close();
    });

    await page.reload();
    await expect(card).toBeVisible();
    await expect(card.getByText('Awaiting review')).toHaveCount(0);
  });
});
