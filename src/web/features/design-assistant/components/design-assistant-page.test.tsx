import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { AUTH_STORAGE_KEY } from '../../../lib/load-auth';
import { renderRoutes } from '../../../test/render';
import { leaveSite } from '../lib/leave-site';
import { DesignAssistantPage, HANDOFF_DELAY_MS } from './design-assistant-page';

vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../lib/leave-site', () => ({ leaveSite: vi.fn() }));

const routes = [
  { path: '/design-assistant', element: <DesignAssistantPage /> },
  { path: '/login', element: <p>Login page</p> },
];

function config(designAssistant: string | null) {
  return { signupEnabled: false, externalUrls: { designAssistant, knowledgeHub: null, podcasts: null }, site: {} };
}

describe('DesignAssistantPage', () => {
  beforeEach(() => {
    resetApiMock();
    resetAuthMock();
    vi.mocked(leaveSite).mockReset();
  });

  it("shows 'Loading...' while auth loads", () => {
    mockApiGet({ '/config': config(null) });
    // A stored session that auth-js is still reading.
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    renderRoutes(routes, '/design-assistant');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('signed in: goes to the configured site once, with the tokens in the fragment, and offers a manual link', async () => {
    mockApiGet({ '/config': config('https://design.example.com/') });
    const session = fakeSession();
    setMockSession(session);
    renderRoutes(routes, '/design-assistant');

    expect(await screen.findByText('Redirecting to Design Assistant...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the Design Assistant/ })).toBeInTheDocument();
    // The message and the manual link are seen before the browser leaves.
    await new Promise((r) => setTimeout(r, HANDOFF_DELAY_MS / 2));
    expect(leaveSite).not.toHaveBeenCalled();
    await waitFor(() => expect(leaveSite).toHaveBeenCalledTimes(1), { timeout: HANDOFF_DELAY_MS * 2 });
    const target = new URL(vi.mocked(leaveSite).mock.calls[0]![0]);
    expect(target.origin).toBe('https://design.example.com');
    expect(target.search).toBe('');
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(fragment.get('access_token')).toBe(session.access_token);
    expect(fragment.get('refresh_token')).toBe(session.refresh_token);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(screen.getByRole('link', { name: /Open the Design Assistant/ })).toHaveAttribute('href', target.toString());

    // A refreshed session while leaving does not navigate a second time.
    setMockSession({ ...session, access_token: 'refreshed' }, 'TOKEN_REFRESHED');
    await waitFor(() => expect(screen.getByRole('link', { name: /Open the Design Assistant/ }).getAttribute('href')).toContain('refreshed'));
    expect(leaveSite).toHaveBeenCalledTimes(1);
  });

  it('signed in without a configured site: says it is not connected and does not navigate', async () => {
    mockApiGet({ '/config': config(null) });
    setMockSession(fakeSession());
    renderRoutes(routes, '/design-assistant');
    expect(await screen.findByText("The Design Assistant isn't connected on this installation")).toBeInTheDocument();
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('signed out: the three feature cards and a sign-in that comes back here', async () => {
    mockApiGet({ '/config': config('https://design.example.com/') });
    setMockSession(null);
    const { router } = renderRoutes(routes, '/design-assistant');
    for (const name of ['Code Generation', 'Design Documentation', 'Smart Recommendations']) {
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    }
    screen.getByRole('link', { name: 'Sign In to Continue' }).click();
    await screen.findByText('Login page');
    expect(router.state.location.state).toEqual({ from: { pathname: '/design-assistant' } });
    expect(leaveSite).not.toHaveBeenCalled();
  });
});
