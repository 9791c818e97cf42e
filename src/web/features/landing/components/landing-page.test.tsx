import { act, screen, within } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { landingTree } from '../../../app/test/landing-tree';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

describe('landing page in the browser', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('hydrates the server HTML without a mismatch, keeping the sections in order', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(landingTree());
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, landingTree(), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Railway Expertise, On-Demand: Streamline Your Design & Compliance');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.closest('section')?.id);
    expect(headings).toEqual(['solutions', 'features', 'disciplines', 'partners', 'testimonials', 'consultation', 'get-started']);
    expect(screen.getByRole('note')).toHaveTextContent('Website under construction - Some features may not be available yet');
    const demo = screen.getAllByRole('link', { name: 'Request a Demo' }).find((link) => link.classList.contains('fixed'));
    expect(demo).toHaveAttribute('href', '/request-demo');
    expect(demo).toHaveClass('hidden', 'md:inline-flex');
  });

  it('links its calls to action to the targets of the spec', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(landingTree());
    });
    const getStarted = screen.getByRole('region', { name: 'Ready to streamline your design and compliance?' });
    const hero = screen.getByRole('region', { name: /Railway Expertise/ });
    expect(within(hero).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(within(hero).getByRole('link', { name: 'Explore Disciplines' })).toHaveAttribute('href', '/disciplines');
    expect(within(getStarted).getByRole('link', { name: 'Request Early Access' })).toHaveAttribute('href', '/login');
    expect(within(getStarted).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(getStarted).getByRole('link', { name: 'Explore Disciplines' })).toHaveAttribute('href', '/disciplines');
    expect(within(getStarted).getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(getStarted).getByRole('link', { name: 'Visit Knowledge Hub' })).toHaveAttribute('href', '/knowledge-hub');
  });
});
