import AxeBuilder from '@axe-core/playwright';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Page, TestInfo } from '@playwright/test';
import { expect, horizontalOverflow, screenshot, signIn, signInThroughForm, test } from './support/fixtures';
import { e2e } from './support/servers';

const run = promisify(execFile);

/** Sets the flyer's shared password through the real CLI (handed to the running server over its control socket). */
async function setFlyerPassword(password: string): Promise<void> {
  await run('npx', ['tsx', 'src/server/cli/main.ts', 'access:set-password', '--resource', 'investor_flyer', '--password', password], {
    env: { ...process.env, DATA_DIR: e2e.dataDir(e2e.appPort), DATABASE_URL: '' },
  });
}

/** Fails on any serious or critical axe violation of the page as it is now. */
async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  for (const v of results.violations) console.info(`axe ${label} ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

/** At 1280 and 375 px: no sideways scroll, no serious axe finding, and a full-page screenshot of each. */
async function checkLayouts(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await ready();
    // Toasts come and go (their styling is the toaster's): judge the page itself.
    for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) await close.click().catch(() => undefined);
    expect(await horizontalOverflow(page), `${name} at ${width}px`).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page, `${name} ${width}px`);
    await screenshot(page, testInfo, `${name}-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** React's complaints about prerendered HTML that the first client render did not match. */
const hydrationErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  hydrationErrors.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match|Minified React error #4(18|19|23|25)/i.test(message.text())) hydrationErrors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/hydrat|Minified React error #4(18|19|23|25)/i.test(error.message)) hydrationErrors.push(error.message);
  });
  // Screenshots and axe runs of still pages: no transitions half-way.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test.afterEach(() => {
  expect(hydrationErrors, 'prerendered pages hydrate without a mismatch').toEqual([]);
});

test.describe('marketing pages', () => {
  test('About, Disciplines and the five discipline pages', async ({ page }, testInfo) => {
    await page.goto('/about');
    await checkLayouts(page, testInfo, 'about', async () => {
      await expect(page.getByRole('heading', { name: 'About the company', level: 1 })).toBeVisible();
      await expect(page.getByRole('img', { name: /Trackside's services/ })).toBeVisible();
    });
    for (const name of ['Our Core Values', 'Our Technology Advantage']) await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

    await page.goto('/disciplines');
    await checkLayouts(page, testInfo, 'disciplines', async () => {
      await expect(page.getByRole('button', { name: /^Access .* Advisor$/ })).toHaveCount(7);
    });
    await page.getByRole('button', { name: 'Access Track Engineering Advisor' }).click();
    await expect(page).toHaveURL(/\/login$/);

    for (const [slug, title] of [
      ['track', 'Track Engineering'],
      ['structures', 'Civil Structures'],
      ['signalling', 'Signalling'],
      ['electrical', 'Electrical Systems'],
      ['geotechnical', 'Geotechnical'],
    ] as const) {
      await page.goto(`/disciplines/${slug}`);
      await expect(page).toHaveTitle(`${title} | Trackside`);
      if (slug === 'track' || slug === 'signalling') {
        await checkLayouts(page, testInfo, `discipline-${slug}`, async () => {
          await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        });
      } else {
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await expectNoSeriousAxeViolations(page, `discipline-${slug}`);
      }
    }
    // A section link opens the clause in the standards library.
    await page.goto('/disciplines/track');
    await page.getByRole('link', { name: '§ 213.53' }).click();
    await expect(page).toHaveURL(/\/standards\/49%20CFR\/213\.53$/);
    await expect(page.getByText(/Gage is measured between the heads of the rails/).first()).toBeVisible();
  });

  test('the standards library opens 49 CFR, lists its documents closed, opens one, and shows a section', async ({ page }, testInfo) => {
    await page.goto('/standards');
    await expect(page).toHaveTitle('Standards Library | Trackside');
    await page
      .getByRole('list', { name: 'United States' })
      .getByRole('link', { name: /^49 CFR / })
      .click();
    await expect(page).toHaveURL(/\/standards\/49%20CFR$/);
    const part213 = page
      .getByRole('list', { name: 'Documents' })
      .locator('summary')
      .filter({ hasText: /^Part 213(?!\d)/ });
    await checkLayouts(page, testInfo, 'standards', async () => {
      // On a phone the table of contents opens on demand.
      const browse = page.getByRole('button', { name: 'Browse sections' });
      if (await browse.isVisible()) await browse.click();
      await expect(part213).toBeVisible();
    });
    // Closed: a document's sections are rendered once it is opened.
    await expect(page.getByRole('link', { name: /^213\.53\s/ })).toHaveCount(0);
    await part213.click();
    await page.getByRole('link', { name: /^213\.53\s/ }).click();
    await expect(page).toHaveURL(/\/standards\/49%20CFR\?section=213\.53$/);
    await expect(page.getByRole('heading', { name: '§ 213.53 Gage.', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: /^213\.53\s/ })).toHaveAttribute('aria-current', 'page');
  });

  test('Pricing shows the three plans to a signed-in user', async ({ page, user }, testInfo) => {
    await signIn(page, user);
    await page.goto('/pricing');
    await checkLayouts(page, testInfo, 'pricing', async () => {
      await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
      await expect(page.getByText('Most Popular')).toBeVisible();
    });
    for (const [plan, price] of [
      ['Basic', '$149'],
      ['Professional', '$349'],
      ['Enterprise', 'Custom pricing'],
    ] as const) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan, level: 2 }) });
      await expect(card).toContainText(price);
    }
    await page.getByRole('link', { name: 'Contact Sales: Enterprise plan' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe('contact and demo requests', () => {
  test('are sent from /contact and /request-demo and listed for an admin in the Leads tab', async ({ page }, testInfo) => {
    const tag = randomUUID().slice(0, 6);
    const contactName = `Ada Contact ${tag}`;
    const demoName = `Grace Demo ${tag}`;
    const demoDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

    await test.step('contact form: invalid, then sent', async () => {
      await page.goto('/contact');
      await checkLayouts(page, testInfo, 'contact', async () => {
        await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
        for (const claim of ['Railway engineering experts', '24/7 support', 'Proven track record']) await expect(page.getByText(claim)).toBeVisible();
      });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await expect(page.getByLabel('Name')).toBeFocused();
      await page.getByLabel('Name').fill(contactName);
      await page.getByLabel('Email').fill(`ada.${tag}@example.com`);
      await page.getByLabel('Company (optional)').fill('Analytical Rail');
      await page.getByLabel('Role (optional)').fill('Track Engineer');
      await page.getByLabel('Message').fill('We would like to check our track inspection records against Part 213.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText("Thanks, we've received your message")).toBeVisible();
      await screenshot(page, testInfo, 'contact-sent-1280.png');
    });

    await test.step('demo form: sent with a date and a team size', async () => {
      await page.goto('/request-demo');
      await checkLayouts(page, testInfo, 'request-demo', async () => {
        await expect(page.getByRole('heading', { name: 'Request a Demo', level: 1 })).toBeVisible();
      });
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.getByRole('link', { name: 'Back to Flyer' })).toHaveAttribute('href', '/flyer');
      await expect(page.getByRole('link', { name: 'Contact Us Directly' })).toHaveAttribute('href', '/contact');
      await page.getByLabel('Name').fill(demoName);
      await page.getByLabel('Email').fill(`grace.${tag}@example.com`);
      await page.getByLabel('Preferred date (optional)').fill(demoDate);
      await page.getByLabel('Team size (optional)').selectOption('21-50');
      await page.getByRole('button', { name: 'Request Demo' }).click();
      await expect(page.getByText("Thanks, we've received your demo request")).toBeVisible();
    });

    await test.step('listed for an admin, with the kind filter', async () => {
      await signIn(page, e2e.admin);
      await page.goto('/admin?tab=leads');
      const table = page.getByRole('table', { name: 'Contact and demo requests' });
      const contactRow = table.getByRole('row').filter({ hasText: contactName });
      const demoRow = table.getByRole('row').filter({ hasText: demoName });
      await expect(contactRow).toContainText('Contact');
      await expect(contactRow.getByRole('link', { name: `ada.${tag}@example.com` })).toHaveAttribute('href', `mailto:ada.${tag}@example.com`);
      await expect(contactRow).toContainText('Analytical Rail');
      await expect(contactRow).toContainText('Track Engineer');
      await expect(demoRow).toContainText('Demo');
      await expect(demoRow).toContainText('21-50');
      await checkLayouts(page, testInfo, 'admin-leads', async () => {
        // A table from 768 px up, one card per request below.
        const isPhone = (page.viewportSize()?.width ?? 1280) < 768;
        const list = isPhone ? page.getByRole('list', { name: 'Contact and demo requests' }).getByRole('listitem') : table.getByRole('row');
        await expect(list.filter({ hasText: demoName })).toBeVisible();
        await expect(list.filter({ hasText: contactName })).toBeVisible();
      });

      await page.getByLabel('Kind').selectOption('demo');
      await expect(demoRow).toBeVisible();
      await expect(contactRow).toHaveCount(0);
    });
  });
});

test.describe('flyer', () => {
  test('the gate refuses a wrong password, opens with the right one, and locks again on reload', async ({ page }, testInfo) => {
    const password = `Flyer-${randomUUID().slice(0, 8)}`;
    await setFlyerPassword(password);
    await page.goto('/flyer');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await checkLayouts(page, testInfo, 'flyer-gate', async () => {
      await expect(page.getByRole('heading', { name: 'Protected Content' })).toBeVisible();
    });

    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Access Content' }).click();
    await expect(page.getByText('Incorrect password. Please try again.')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeFocused();

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Access Content' }).click();
    await expect(page.getByRole('heading', { name: /\$2\.7 trillion/, level: 1 })).toBeVisible();
    await expect(page.getByText('Access Granted')).toBeVisible();
    const contact = page.getByRole('link', { name: /Contact Me/ }).first();
    await expect(contact).toHaveAttribute('target', '_blank');
    await expect(contact).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: /Request Demo/ }).first()).toHaveAttribute('target', '_blank');
    await checkLayouts(page, testInfo, 'flyer', async () => {
      await expect(page.getByRole('heading', { name: 'Key Investment Highlights' })).toBeVisible();
    });

    const [popup] = await Promise.all([page.waitForEvent('popup'), contact.click()]);
    await expect(popup).toHaveURL(/\/contact$/);
    await popup.close();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Protected Content' })).toBeVisible();
  });
});

/** The flyer stands on its own (SPEC §2 /flyer): its header with 'Visit Website' and its one footer, none of the site's. */
async function expectFlyerFrameOnly(page: Page, label: string) {
  await expect(page.getByRole('link', { name: 'Trackside home' }), `${label}: no site navigation bar`).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' }), `${label}: no site menu`).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Disciplines' }), `${label}: no site footer`).toHaveCount(0);
  await expect(page.locator('footer'), `${label}: one footer`).toHaveCount(1);
  // SPEC §9: the flyer's copyright year is 2024 (the site's footer shows the current one).
  await expect(page.locator('footer')).toContainText('© 2024 Trackside');
  await expect(page.getByText(/©/)).toHaveCount(1);
  const visit = page.getByRole('link', { name: 'Visit Website' });
  await expect(visit).toBeVisible();
  await expect(visit).toHaveAttribute('href', '/');
  // Its header comes first: nothing of the page sits above it.
  expect((await visit.boundingBox())!.y).toBeLessThan(40);
}

test.describe('flyer frame', () => {
  for (const width of [1280, 375]) {
    test(`at ${width} px the flyer shows its own header and one footer, locked and unlocked`, async ({ page }) => {
      const password = `Flyer-${randomUUID().slice(0, 8)}`;
      await setFlyerPassword(password);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/flyer');
      await expect(page.getByRole('heading', { name: 'Protected Content' })).toBeVisible();
      await expectFlyerFrameOnly(page, 'the gate');

      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Access Content' }).click();
      await expect(page.getByRole('heading', { name: /\$2\.7 trillion/, level: 1 })).toBeVisible();
      await expectFlyerFrameOnly(page, 'the flyer');

      await page.getByRole('link', { name: 'Visit Website' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'Trackside home' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Disciplines' })).toBeVisible();
    });
  }
});

test.describe('design assistant', () => {
  const SITE = 'https://design.trackside.test/app';

  test('signed out shows the gate; after sign-in the browser goes to the site with the tokens in the fragment only', async ({ page, user }, testInfo) => {
    // The e2e server has no DESIGN_ASSISTANT_URL: answer /api/config with one set.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { externalUrls: Record<string, string | null> };
      await route.fulfill({ response, json: { ...config, externalUrls: { ...config.externalUrls, designAssistant: SITE } } });
    });
    const requested: string[] = [];
    await page.route('https://design.trackside.test/**', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Design Assistant</title><h1>Design Assistant site</h1>' });
    });

    await page.goto('/design-assistant');
    await checkLayouts(page, testInfo, 'design-assistant', async () => {
      await expect(page.getByRole('heading', { name: 'Code Generation' })).toBeVisible();
    });
    for (const name of ['Design Documentation', 'Smart Recommendations']) await expect(page.getByRole('heading', { name })).toBeVisible();

    await page.getByRole('link', { name: 'Sign In to Continue' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, user);

    await expect(page.getByRole('heading', { name: 'Design Assistant site' })).toBeVisible();
    const landed = new URL(page.url());
    expect(landed.origin + landed.pathname).toBe(SITE);
    expect(landed.search).toBe('');
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('access_token')).toMatch(/^ey/);
    expect(fragment.get('refresh_token')).toBeTruthy();
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
    // What went over the network carried no token at all.
    expect(requested.length).toBeGreaterThan(0);
    for (const url of requested) expect(url).not.toMatch(/token/);
  });
});

test('unknown paths show the not-found page and log the path', async ({ page }, testInfo) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/no/such/page');
  await checkLayouts(page, testInfo, 'not-found', async () => {
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  });
  expect(warnings.some((w) => w.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
