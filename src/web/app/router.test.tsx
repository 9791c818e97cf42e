import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, fakeSession, resetAuthMock, setMockSession } from '../test/auth-client-mock';
import { renderRoutes } from '../test/render';
import { routes } from './router';

vi.mock('../lib/auth-client', () => import('../test/auth-client-mock'));

interface Stub {
  admin?: boolean;
  /** The admin API answers 403 mfa_required (MFA required for admins, none set up). */
  adminNeedsMfa?: boolean;
  externalUrls?: Record<string, string | null>;
}

function stubServer({ admin = false, adminNeedsMfa = false, externalUrls = {} }: Stub = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/config') {
        return new Response(
          JSON.stringify({ signupEnabled: false, externalUrls: { designAssistant: null, knowledgeHub: null, podcasts: null, ...externalUrls } }),
          { status: 200 },
        );
      }
      if (url === '/api/roles/me') return new Response(JSON.stringify({ admin, whitelisted: admin }), { status: 200 });
      if (url === '/api/auth/admin/mfa-settings' && adminNeedsMfa) {
        return new Response(JSON.stringify({ error: 'Admins must use two-factor authentication.', code: 'mfa_required' }), { status: 403 });
      }
      return new Response(JSON.stringify({ error: 'Not found', code: 'not_found' }), { status: 404 });
    }),
  );
}

describe('app routes', () => {
  // The heavier route chunks are transformed once up front, so the first test that lands
  // on them does not spend its find timeout on cold module transforms.
  beforeAll(async () => {
    await Promise.all([import('../pages/chat'), import('../pages/profile'), import('../pages/standards')]);
  }, 30_000);

  beforeEach(() => {
    resetAuthMock();
    stubServer();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renders the home page with the navigation bar and the construction banner', async () => {
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Railway Expertise, On-Demand: Streamline Your Design & Compliance' })).toBeInTheDocument();
    expect(screen.getByText('Website under construction - Some features may not be available yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Trackside home' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
  });

  it.each([
    ['/about', 'About the company'],
    ['/disciplines', 'Disciplines'],
    ['/disciplines/track', 'Track Engineering'],
    ['/disciplines/geotechnical', 'Geotechnical'],
    ['/contact', 'Contact us'],
    ['/request-demo', 'Request a Demo'],
    ['/knowledge-hub', 'Knowledge Hub'],
    ['/podcast-library', 'Podcast Library'],
    ['/flyer', 'Protected Content'],
    ['/design-assistant', 'Design Assistant'],
    ['/community-forum', 'Community Forum'],
    ['/forgot-password', 'Forgot your password?'],
  ])('renders %s with its heading', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows the flyer in its own frame: its header with Visit Website and its one footer, not the site navigation and footer', async () => {
    renderRoutes(routes, '/flyer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Protected Content' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Website' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Trackside home' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Disciplines' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024 Trackside'); // SPEC §9: the flyer's copyright year
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('shows the not-found page for an unknown path and logs it as a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(warn).toHaveBeenCalledWith(expect.any(String), '/no/such/page');
  });

  it.each(['/chat', '/pricing', '/profile', '/checks', '/checks/6f1c2b8e-3d4a-4c5b-9e7f-0a1b2c3d4e5f'])(
    'sends a signed-out visitor of %s to /login, keeping the origin',
    async (path) => {
      const { router } = renderRoutes(routes, `${path}?x=1`);
      expect(await screen.findByRole('heading', { name: 'Sign in to Trackside' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.state).toMatchObject({ from: { pathname: path, search: '?x=1' } });
    },
  );

  it('lets a signed-in user into protected pages and shows the signed-in navigation', async () => {
    setMockSession(fakeSession('ada.lovelace@example.com'), 'INITIAL_SESSION');
    renderRoutes(routes, '/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByText('ada.lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows Admin to admins and lets them into /admin', async () => {
    stubServer({ admin: true });
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('sends an admin without MFA, while it is required for admins, to set it up on the profile', async () => {
    stubServer({ admin: true, adminNeedsMfa: true });
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up on my profile' })).toHaveAttribute('href', '/profile#two-factor');
    expect(screen.queryByRole('heading', { level: 1, name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('shows a non-admin Access Denied, toasts Unauthorized and sends them home', async () => {
    const toastError = vi.spyOn(toast, 'error');
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    const { router } = renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(toastError).toHaveBeenCalledWith('Unauthorized', {
      id: 'admin-unauthorized',
      description: 'You do not have admin privileges.',
    });
  });

  it('sends a signed-out visitor of /admin to /login', async () => {
    const { router } = renderRoutes(routes, '/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('signs out globally, goes home and toasts', async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    const { router } = renderRoutes(routes, '/profile');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'global' });
    expect(toastSuccess).toHaveBeenCalledWith('Signed out successfully', { description: 'You have been logged out of your account' });
  });

  it('toasts Logout failed when sign-out fails', async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    auth.signOut.mockResolvedValueOnce({ error: Object.assign(new Error(''), { status: 500 }) });
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    renderRoutes(routes, '/profile');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Logout failed', { description: 'There was an issue signing out. Please try again.' }));
  });

  it('opens configured external sites in a new tab for signed-in users only', async () => {
    const user = userEvent.setup();
    stubServer({ externalUrls: { knowledgeHub: 'https://hub.example.com' } });
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    renderRoutes(routes, '/about');
    await screen.findByRole('heading', { level: 1, name: 'About the company' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const hub = await screen.findByRole('link', { name: /Knowledge Hub/ });
    await waitFor(() => expect(hub).toHaveAttribute('href', 'https://hub.example.com'));
    expect(hub).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Podcast Library/ })).toHaveAttribute('href', '/podcast-library');
  });

  it('closes the mobile menu when an item is chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(screen.getByRole('link', { name: 'About' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/about');
  });
});
