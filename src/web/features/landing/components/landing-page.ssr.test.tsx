// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { landingTree } from '../../../app/test/landing-tree';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

describe('landing page on the server (no window, document or storage)', () => {
  it('renders every section, visible, with the banner and the footer year', () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(landingTree());
    expect(html).toContain('Railway Expertise, On-Demand: Streamline Your Design &amp; Compliance');
    expect(html).toContain('Website under construction - Some features may not be available yet');
    for (const id of ['solutions', 'features', 'disciplines', 'partners', 'testimonials', 'consultation', 'get-started']) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).not.toContain('opacity-0');
    expect(html).toContain('Sign in to Ask Questions');
    expect(html).toContain('Request a Demo');
    expect(html).toMatch(new RegExp(`© (<!-- -->)?${new Date().getFullYear()}(<!-- -->)? Trackside`));
    expect(html).toContain('width="1600"');
    expect(html).not.toContain('Ask AI');
    // The markup starts with the page itself: no resource hints that belong in <head>.
    expect(html.startsWith('<main>')).toBe(true);
  });
});
