import type { Session, User } from '@supabase/auth-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, fakeSession, fakeSessionWithFactor, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { LoginPage } from './login-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

function useConfig(config: { signupEnabled: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ ...config, externalUrls: { designAssistant: null, knowledgeHub: null, podcasts: null } }), { status: 200 }),
    ),
  );
}

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/chat', element: <p>Chat page</p> },
  { path: '/profile', element: <p>Profile page</p> },
];

function signInSucceeds() {
  const session = fakeSession();
  auth.signInWithPassword.mockResolvedValue({ data: { user: session.user as User, session: session as Session }, error: null });
}

describe('LoginPage', () => {
  beforeEach(() => {
    resetAuthMock();
    useConfig({ signupEnabled: false });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec validation messages on bad input and does not call the auth client', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('signs in, toasts and goes to /chat by default', async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    signInSucceeds();
    const { router } = renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText('Email'), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Chat page')).toBeInTheDocument();
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'ada.lovelace@example.com', password: 'secret-password' });
    expect(toastSuccess).toHaveBeenCalledWith('Login successful', { description: 'Welcome back!' });
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('returns to redirectAfterLogin and passes selectedDiscipline on', async () => {
    const user = userEvent.setup();
    signInSucceeds();
    const { router } = renderRoutes(routes, {
      pathname: '/login',
      state: { redirectAfterLogin: '/profile', selectedDiscipline: 'Track and Civil' },
    });
    await user.type(await screen.findByLabelText('Email'), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ selectedDiscipline: 'Track and Civil' });
  });

  it("shows the server's message in a destructive toast when sign-in fails", async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    auth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: Object.assign(new Error('Invalid login credentials'), { code: 'invalid_credentials', status: 400 }),
    });
    const { router } = renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText('Email'), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Login failed', { description: 'Invalid login credentials' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to the default message when sign-in throws without one', async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    auth.signInWithPassword.mockRejectedValue(new Error(''));
    renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText('Email'), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Login failed', { description: 'An unexpected error occurred' }));
  });

  it('shows a disabled Sign Up tab saying sign-up is coming soon, and the reset link', async () => {
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeDisabled();
    expect(screen.getByText('Sign up is coming soon.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('enables the Sign Up form when the server has sign-up on', async () => {
    const user = userEvent.setup();
    useConfig({ signupEnabled: true });
    renderRoutes(routes, '/login');
    const tab = await screen.findByRole('tab', { name: 'Sign Up' });
    await waitFor(() => expect(tab).toBeEnabled());
    await user.click(tab);
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('You must agree to the terms and conditions')).toBeInTheDocument();
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('sends a signed-in visitor straight to the redirect target', async () => {
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    renderRoutes(routes, '/login');
    expect(await screen.findByText('Chat page')).toBeInTheDocument();
  });

  describe('with two-factor authentication (issue 19)', () => {
    /** A session whose token says `aal`, for a user with a verified TOTP factor. */
    const mfaSession = fakeSessionWithFactor;

    beforeEach(() => {
      auth.signInWithPassword.mockImplementation(async () => {
        const session = mfaSession('aal1');
        setMockSession(session);
        return { data: { user: session.user, session }, error: null };
      });
    });

    const signInWithPassword = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.type(await screen.findByLabelText('Email'), 'ada.lovelace@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret-password');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
    };

    it('asks for the code after the password, and goes on once it is verified', async () => {
      const user = userEvent.setup();
      auth.mfa.challengeAndVerify.mockImplementation(async () => {
        setMockSession(mfaSession('aal2'), 'MFA_CHALLENGE_VERIFIED');
        return { data: {}, error: null };
      });
      const { router } = renderRoutes(routes, '/login');
      await signInWithPassword(user);

      const code = await screen.findByLabelText('Authentication code');
      expect(code).toHaveFocus();
      expect(screen.queryByText('Chat page')).not.toBeInTheDocument();
      await user.type(code, '123 456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));

      expect(await screen.findByText('Chat page')).toBeInTheDocument();
      expect(auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
      expect(router.state.location.pathname).toBe('/chat');
    });

    it("shows a short code's rule and the server's message for a wrong code, and stays", async () => {
      const user = userEvent.setup();
      auth.mfa.challengeAndVerify.mockResolvedValue({ data: null, error: Object.assign(new Error('Invalid TOTP code entered'), { status: 422 }) });
      renderRoutes(routes, '/login');
      await signInWithPassword(user);
      const code = await screen.findByLabelText('Authentication code');
      await user.type(code, '12');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app');
      expect(auth.mfa.challengeAndVerify).not.toHaveBeenCalled();

      await user.clear(code);
      await user.type(code, '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid TOTP code entered'));
      expect(screen.queryByText('Chat page')).not.toBeInTheDocument();
    });
  });
});
