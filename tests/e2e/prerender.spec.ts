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

const PUBLIC_PAGES = ['/', '/about', '/disciplines', '/disciplines/track', '/contact', '/flyer', '/podcast-library', '/knowledge-hub', '/login'];

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
