import type { Page } from '@playwright/test';
import { expect, signIn, signInThroughForm, test } from './support/fixtures';

/** Errors React reports when the first client render differs from the HTML built ahead. */
function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match|server rendered|Minified React error #4(18|19|23|25)/i.test(message.text()))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Holds the app's scripts back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/disciplines',
  '/disciplines/track',
  '/contact',
  '/flyer',
  '/podcast-library',
  '/knowledge-hub',
  '/standards',
  '/community-forum',
  '/login',
];

test('public pages arrive as HTML with their own title, description and content', async ({ request }) => {
  const home = await (await request.get('/')).text();
  expect(home).toContain('<title>Railway Expertise, On-Demand | Trackside</title>');
  expect(home).toMatch(/<meta name="description" content="Railway expertise, on demand/);
  expect(home).toMatch(/<div id="root"><div class="flex min-h-dvh/);
  expect(home).toContain('Railway Expertise, On-Demand: Streamline Your Design &amp; Compliance');

  const flyer = await (await request.get('/flyer')).text();
  expect(flyer).toContain('<meta name="robots" content="noindex" />');
  const about = await (await request.get('/about')).text();
  expect(about).not.toContain('noindex');

  // Pages that depend on who is signed in stay client-rendered.
  expect(await (await request.get('/chat')).text()).toContain('<div id="root"></div>');
});

test('public pages hydrate without mismatches and stay interactive', async ({ page }) => {
  const errors = collectHydrationErrors(page);
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
  await page.goto('/');
  await page.getByRole('link', { name: 'About' }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle('About | Trackside');
});

test('a signed-in visitor and a dark theme hydrate cleanly too', async ({ page, user }) => {
  const errors = collectHydrationErrors(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, user);
  for (const path of ['/', '/about', '/podcast-library']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveClass(/dark/);
  }
  expect(errors).toEqual([]);
});

test('a signed-out visitor to a signed-in-only page gets the sign-in page at once and returns after signing in', async ({ page, request, user }) => {
  const html = await (await request.get('/pricing')).text();
  expect(html).toContain('<title>Pricing | Trackside</title>');
  expect(html).toMatch(/<div id="root"><\/div><template id="signed-out-page" data-title="Sign In \| Trackside">.*Sign in to Trackside/s);

  const errors = collectHydrationErrors(page);
  // Scripts are held back until the checks are done: what shows is the HTML and the inline script alone.
  const releaseScripts = await holdScripts(page);
  await page.goto('/pricing', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Sign in to Trackside')).toBeVisible();
  await expect(page).toHaveTitle('Sign In | Trackside');
  releaseScripts();

  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);

  // With a session stored, the page itself renders.
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('the podcast library arrives with its podcasts and hydrates from the data it carries', async ({ browser, request }) => {
  const podcasts = (await (await request.get('/api/podcasts')).json()) as { title: string; featured: boolean }[];
  expect(podcasts.length).toBeGreaterThan(1);
  const preselected = podcasts.find((p) => p.featured) ?? podcasts[0];
  const other = podcasts.find((p) => p !== preselected);
  if (!preselected || !other) throw new Error('the demo podcasts are missing');

  // Without any script, the list and the player are in the page as served.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto('/podcast-library');
  for (const podcast of podcasts) await expect(still.getByRole('button', { name: `Play ${podcast.title}` }).first()).toBeVisible();
  await expect(still.getByRole('region', { name: 'Podcast player' }).getByRole('heading', { name: preselected.title })).toBeVisible();
  await noScript.close();

  // A reader whose locale and time zone differ from the server's.
  const reader = await browser.newContext({ locale: 'en-GB', timezoneId: 'America/New_York' });
  const page = await reader.newPage();
  const errors = collectHydrationErrors(page);
  const listReads: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(podcasts|categories)$/.test(new URL(r.url()).pathname)) listReads.push(r.url());
  });
  await page.goto('/podcast-library');
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('button', { name: `Play ${other.title}` })
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Podcast player' }).getByRole('heading', { name: other.title })).toBeVisible();
  expect(errors).toEqual([]);
  expect(listReads, 'the browser reads no list the page already carries').toEqual([]);
  await reader.close();
});

/** Sums the page's layout shifts from its first paint on (none of them after an input: the test makes none). */
async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __layoutShift: number };
    w.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
}

test('the knowledge hub arrives with its cards, hydrates from the data it carries, and nothing on it moves', async ({ browser, request, user }) => {
  const articles = (await (await request.get('/api/knowledge/materials?kind=article')).json()) as { title: string; image_url: string | null }[];
  expect(articles.length).toBeGreaterThan(1);
  const phone = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

  // Without any script, the cards, the side panel and the sign-in prompt are in the page as served.
  const noScript = await browser.newContext({ ...phone, javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto('/knowledge-hub');
  const cards = still.getByRole('list', { name: 'Articles' });
  for (const article of articles) await expect(cards.getByRole('link', { name: article.title, exact: true })).toBeVisible();
  await expect(still.getByRole('region', { name: 'Categories' }).getByRole('button').first()).toBeVisible();
  await expect(still.getByRole('link', { name: 'Sign in to continue' })).toBeVisible();
  await expect(still.getByRole('status')).toHaveCount(0);
  // The first cover, on a phone the largest thing painted, is fetched first.
  if (articles[0]?.image_url) await expect(cards.locator('img').first()).toHaveAttribute('fetchpriority', 'high');
  await noScript.close();

  // A guest on a phone: the page hydrates from the data it carries and does not shift.
  const guest = await browser.newContext(phone);
  const page = await guest.newPage();
  const errors = collectHydrationErrors(page);
  const layoutShift = await recordLayoutShifts(page);
  const listReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/knowledge/materials') listReads.push(r.url());
  });
  await page.goto('/knowledge-hub');
  await page.waitForLoadState('networkidle');
  expect(await layoutShift(), 'layout shift of a guest').toBeLessThanOrEqual(0.02);
  expect(listReads, 'the browser reads no list the page already carries').toEqual([]);
  expect(errors).toEqual([]);
  // Hydrated: the tabs work.
  await page.getByRole('tab', { name: 'Whitepapers' }).click();
  await expect(page).toHaveURL(/\?kind=whitepaper$/);
  await expect(page.getByRole('list', { name: 'Whitepapers' })).toBeVisible();
  await guest.close();

  // Signed in: the page served is the guests' one, but the prompt never shows, and their own list takes the previews' place without a shift.
  const member = await browser.newContext(phone);
  const signedIn = await member.newPage();
  await signIn(signedIn, user);
  const memberErrors = collectHydrationErrors(signedIn);
  const memberShift = await recordLayoutShifts(signedIn);
  const memberRead = signedIn.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/knowledge/materials' && r.request().headers().authorization !== undefined,
  );
  await signedIn.goto('/knowledge-hub');
  expect((await memberRead).status()).toBe(200);
  await signedIn.waitForLoadState('networkidle');
  await expect(signedIn.getByRole('link', { name: 'Sign in to continue' })).toHaveCount(0);
  await expect(signedIn.getByRole('list', { name: 'Articles' }).getByRole('link', { name: articles[0]?.title ?? '', exact: true })).toBeVisible();
  expect(await memberShift(), 'layout shift of a signed-in visitor').toBeLessThanOrEqual(0.02);
  expect(memberErrors).toEqual([]);
  await member.close();
});

test('a sign-in submitted before the scripts run is held back, kept out of the URL, and sent once they do', async ({ page, user }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The browser did not send the form itself.
  await page.waitForTimeout(300);
  expect(new URL(page.url()).search).toBe('');
  await expect(page).toHaveURL(/\/login$/);

  releaseScripts();
  await expect(page).toHaveURL(/\/chat$/);
});
