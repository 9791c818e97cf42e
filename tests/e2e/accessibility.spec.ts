import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';

/** Every page a visitor reaches without signing in (SPEC §2, and the standards library), plus the not-found page. */
const PUBLIC_PAGES = [
  '/',
  '/about',
  '/disciplines',
  '/disciplines/track',
  '/disciplines/structures',
  '/disciplines/signalling',
  '/disciplines/electrical',
  '/disciplines/geotechnical',
  '/contact',
  '/request-demo',
  '/flyer',
  '/design-assistant',
  '/knowledge-hub',
  '/podcast-library',
  '/community-forum',
  '/standards',
  '/login',
  '/forgot-password',
  '/no-such-page',
];

for (const width of [375, 1280]) {
  test(`public pages have no serious or critical accessibility violations at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Reveal animations finish before the check, so contrast is measured on the final colours.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      for (const violation of results.violations) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        const targets = violation.nodes.map((n) => n.target.join(' ')).slice(0, 3);
        found.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help} → ${targets.join(' | ')}`);
      }
    }
    expect(found).toEqual([]);
  });
}
